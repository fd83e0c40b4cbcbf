import { describe, expect, it } from 'vitest';
import type { BrandConfig } from '@app/contract';
import brandJson from '../../../../../config/brand.json';
import { chooseStartLanguage, isRtl, pickerOptions, supportedLanguages } from './language.ts';

/** The repo's brand config, as the server serves it. */
const brand = brandJson as BrandConfig;

describe('languages', () => {
  it('LN-02 the brand supports MY, EN and CN, MY by default', () => {
    expect(brand.supportLanguages).toEqual(['MY', 'EN', 'CN']);
    expect(brand.defaultLang).toBe('MY');
  });

  it('LN-01 the stored language wins when the brand supports it', () => {
    expect(chooseStartLanguage(brand, 'zh-CN')).toBe('zh-CN');
    expect(chooseStartLanguage(brand, 'th')).toBe('th');
  });

  it('LN-01 otherwise the brand default (MY is Burmese), else English', () => {
    expect(chooseStartLanguage(brand, null)).toBe('my');
    expect(chooseStartLanguage(brand, 'klingon')).toBe('my');
    expect(chooseStartLanguage({ ...brand, defaultLang: '' }, null)).toBe('en');
    expect(chooseStartLanguage({ ...brand, defaultLang: 'CN' }, 'xx')).toBe('zh-CN');
  });

  it('LN-03 the picker offers CN, EN, JA, TH, VI, TY, PT, mapped through the brand', () => {
    expect(pickerOptions(brand)).toEqual([
      { label: 'CN', language: 'zh-CN' },
      { label: 'EN', language: 'en' },
      { label: 'JA', language: 'ja' },
      { label: 'TH', language: 'th' },
      { label: 'VI', language: 'vi' },
      { label: 'TY', language: 'zh-TW' },
      { label: 'PT', language: 'pt' },
    ]);
    const remapped = { ...brand, languageLabels: { ...brand.languageLabels, PT: 'pt-BR' } };
    expect(pickerOptions(remapped).find((o) => o.label === 'PT')?.language).toBe('pt-BR');
    expect(supportedLanguages(brand)).toEqual(
      expect.arrayContaining(['my', 'en', 'zh-CN', 'ja', 'th', 'vi', 'zh-TW', 'pt']),
    );
  });

  it('Arabic, Persian and Urdu read right to left; Urdu in Latin letters does not', () => {
    expect(['ar', 'fa', 'ur', 'ar-EG'].map(isRtl)).toEqual([true, true, true, true]);
    expect(['en', 'my', 'zh-CN', 'ur-Latn', 'kk'].map(isRtl)).toEqual([false, false, false, false, false]);
  });

  it("a brand's moreLanguages follow the spec's seven in the picker and are offered", () => {
    const more = { ...brand, moreLanguages: ['AR', 'FA', 'UR', 'UR-LATN', 'PT-BR', 'CN'] };
    expect(pickerOptions(more).map((o) => o.language)).toEqual([
      'zh-CN',
      'en',
      'ja',
      'th',
      'vi',
      'zh-TW',
      'pt',
      'ar',
      'fa',
      'ur',
      'ur-Latn',
      'pt-BR',
    ]);
    expect(chooseStartLanguage(more, 'ar')).toBe('ar');
    expect(chooseStartLanguage(brand, 'ar')).toBe('my');
  });
});
