import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BrandConfigSchema } from './brand.ts';
import { announcementTypes, defaultAnnouncementRequest } from './constants.ts';
import { getListAnnouncements } from './notices.ts';

const brandFile = new URL('../../../config/brand.json', import.meta.url);
const raw: unknown = JSON.parse(readFileSync(brandFile, 'utf8'));

describe('brand config (config/brand.json)', () => {
  it('SY-02 validates against BrandConfigSchema with every field the spec lists', () => {
    const brand = BrandConfigSchema.parse(raw);
    for (const key of [
      'platform',
      'merchant',
      'lotteryType',
      'device',
      'loginedToHomePage',
      'defaultLang',
      'supportLanguages',
      'chatHeaderColor',
      'prizeModes',
      'announcement',
      'esports',
      'gameSelectType',
    ]) {
      expect(brand, key).toHaveProperty(key);
    }
    expect(typeof brand.loginedToHomePage).toBe('boolean');
    expect(brand.supportLanguages).toContain(brand.defaultLang);
  });

  it('SY-02 a config with an unknown or missing field is refused', () => {
    expect(BrandConfigSchema.safeParse({ ...(raw as object), surprise: 1 }).success).toBe(false);
    const { merchant: _merchant, ...noMerchant } = raw as Record<string, unknown>;
    expect(BrandConfigSchema.safeParse(noMerchant).success).toBe(false);
  });

  it('SY-01 platform web, lotteryType SEA, device WEB and a fixed merchant', () => {
    const brand = BrandConfigSchema.parse(raw);
    expect(brand.platform).toBe('web');
    expect(brand.lotteryType).toBe('SEA');
    expect(brand.device).toBe('WEB');
    expect(brand.merchant).toMatch(/^[A-Za-z0-9_]+$/);
  });

  it('SY-03 prizeModes are Lott, ZY, Elott and SEA', () => {
    expect(BrandConfigSchema.parse(raw).prizeModes).toEqual(['Lott', 'ZY', 'Elott', 'SEA']);
  });

  it('SY-04 the esports list is IMES, SV388, TF and IA', () => {
    expect(BrandConfigSchema.parse(raw).esports).toEqual(['IMES', 'SV388', 'TF', 'IA']);
  });

  it('LN-02 supportLanguages are MY, EN and CN', () => {
    expect(BrandConfigSchema.parse(raw).supportLanguages).toEqual(['MY', 'EN', 'CN']);
  });
});

describe('announcement types', () => {
  it('NM-03 the server knows B, PL, PU, PR and H; the default request is B,PL,PU,PR with execution B', () => {
    expect([...announcementTypes]).toEqual(['B', 'PL', 'PU', 'PR', 'H']);
    expect(defaultAnnouncementRequest).toEqual({ types: 'B,PL,PU,PR', platform: 'W', execution: 'B' });
    // The call's query schema fills in the same defaults for a request that names none.
    expect(getListAnnouncements.query!.parse({})).toEqual(defaultAnnouncementRequest);
    expect(getListAnnouncements.query!.safeParse({ types: 'B,H' }).success).toBe(true);
    expect(getListAnnouncements.query!.safeParse({ types: 'B,X' }).success).toBe(false);
    expect(getListAnnouncements.query!.safeParse({ execution: 'Q' }).success).toBe(false);
    expect(BrandConfigSchema.parse(raw).announcement).toEqual({ types: 'B,PL,PU,PR', execution: 'B' });
  });
});
