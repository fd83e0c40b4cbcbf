import { afterEach, describe, expect, it } from 'vitest';
import type { BrandConfig } from '@app/contract';
import brandJson from '../../../../../config/brand.json';
import { setBrand } from '../brand/brand.ts';
import { i18n } from './i18n.ts';
import { formatMoney } from './money.ts';

const demoBrand = brandJson as BrandConfig;
const withPrecision = (precision: number): BrandConfig => ({
  ...demoBrand,
  currency: { ...demoBrand.currency, precision },
});

afterEach(() => setBrand(demoBrand));

describe('formatMoney: the one money formatter', () => {
  it('writes the symbol after the sign, the decimals asked and thousands separators (English)', () => {
    expect(formatMoney(1234.5, { symbol: '$', precision: 2, language: 'en' })).toBe('$1,234.50');
    expect(formatMoney(-3, { symbol: '₱', precision: 2, language: 'en' })).toBe('-₱3.00');
    expect(formatMoney(1234567.5, { precision: 0, language: 'en' })).toBe('1,234,568');
    expect(formatMoney(12.5, { signed: true, precision: 2, language: 'en' })).toBe('+12.50');
    expect(formatMoney(-12.5, { signed: true, precision: 2, language: 'en' })).toBe('-12.50');
    expect(formatMoney(0, { signed: true, precision: 2, language: 'en' })).toBe('0.00');
  });

  it("takes the brand currency's precision when none is given", () => {
    setBrand(withPrecision(0));
    expect(formatMoney(1500, { language: 'en' })).toBe('1,500');
    setBrand(withPrecision(3));
    expect(formatMoney(1.5, { language: 'en' })).toBe('1.500');
  });

  it("writes the player's language: its grouping, decimal mark and digits", () => {
    expect(formatMoney(1234.5, { precision: 2, language: 'vi' })).toBe('1.234,50');
    expect(formatMoney(1234.5, { symbol: 'R$', precision: 2, language: 'pt' })).toBe('R$1.234,50');
    expect(formatMoney(1234.5, { precision: 2, language: 'my' })).toBe('၁,၂၃၄.၅၀');
    for (const language of ['vi', 'pt', 'my', 'th', 'ja', 'zh-CN', 'zh-TW'])
      expect(formatMoney(1234567.25, { precision: 2, language }), language).toBe(
        new Intl.NumberFormat(language, { minimumFractionDigits: 2 }).format(1234567.25),
      );
  });

  it("by default writes the page's language, and follows it when the player changes language", async () => {
    await i18n.changeLanguage('en');
    expect(formatMoney(1234.5, { precision: 2 })).toBe('1,234.50');
    await i18n.changeLanguage('vi');
    try {
      expect(formatMoney(1234.5, { precision: 2 })).toBe('1.234,50');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('falls back to English for a language tag the browser does not take', () => {
    expect(formatMoney(1234.5, { precision: 2, language: 'not a tag!' })).toBe('1,234.50');
  });
  it("keeps a signed amount's sign before it on a right-to-left page: isolated left to right there only", () => {
    const isolated = (text: string) => text.startsWith('\u2066') && text.endsWith('\u2069');
    for (const language of ['ar', 'fa', 'ur']) {
      const minus = formatMoney(-3, { symbol: '$', precision: 2, language });
      expect(isolated(minus), language).toBe(true);
      expect(minus.slice(1, 3)).toBe('-$');
      expect(isolated(formatMoney(12.5, { signed: true, precision: 2, language })), language).toBe(true);
      // Unsigned digits already read left to right in a right-to-left line: no marks to copy along.
      expect(isolated(formatMoney(12.5, { precision: 2, language })), language).toBe(false);
      expect(isolated(formatMoney(0, { signed: true, precision: 2, language })), language).toBe(false);
    }
    // Left-to-right pages, Roman Urdu among them, never get the marks.
    expect(formatMoney(-12.5, { signed: true, precision: 2, language: 'ur-Latn' })).toBe('-12.50');
    expect(formatMoney(-12.5, { signed: true, precision: 2, language: 'en' })).toBe('-12.50');
  });

  it("{{amount, money}} in a message of the app's translator writes as formatMoney does: the brand's decimals, the page's language", async () => {
    setBrand(withPrecision(2));
    i18n.addResourceBundle('en', 'money-test', { paid: 'Paid {{amount, money}}' });
    i18n.addResourceBundle('vi', 'money-test', { paid: 'Đã trả {{amount, money}}' });
    const t = () => i18n.getFixedT('money-test');
    expect(t()('paid', { amount: 1234.5 })).toBe('Paid 1,234.50');
    await i18n.changeLanguage('vi');
    try {
      expect(t()('paid', { amount: 1234.5 })).toBe(`Đã trả ${formatMoney(1234.5, { language: 'vi' })}`);
      expect(t()('paid', { amount: 1234.5 })).toBe('Đã trả 1.234,50');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
