import { describe, expect, it } from 'vitest';
import walletEn from '../../locales/wallet/en.json';
import walletVi from '../../locales/wallet/vi.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { createTranslator } from '../../shared/i18n/translator.ts';
import { amountProblem, checkAmount, checkProofFiles, toMinor } from './money.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]);

describe('wallet amounts', () => {
  const limits = { precision: 2, min: 10, max: 50_000 };
  it('accepts plain amounts within the limits as exact minor units', () => {
    expect(checkAmount('10', limits)).toEqual({ ok: true, minor: 1000 });
    expect(checkAmount(' 1234.56 ', limits)).toEqual({ ok: true, minor: 123456 });
    expect(checkAmount('50000.00', limits)).toEqual({ ok: true, minor: 5_000_000 });
  });
  it('refuses more decimals, negatives, zero, NaN, exponents and out-of-range amounts with a message', () => {
    for (const bad of ['1.001', '-5', '0', '0.00', 'NaN', 'abc', '1e3', '', '9.99', '50000.01', '1,000']) {
      const r = checkAmount(bad, limits);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.message.length, bad).toBeGreaterThan(5);
    }
    expect(checkAmount('1.001', limits)).toMatchObject({ message: expect.stringMatching(/2 decimals/) });
    expect(checkAmount('5', limits)).toMatchObject({ message: 'Enter an amount from 10.00 to 50,000.00' });
  });
  it('whole-unit currencies refuse any decimals', () => {
    expect(checkAmount('12.5', { precision: 0 })).toMatchObject({ ok: false });
    expect(checkAmount('12', { precision: 0 })).toEqual({ ok: true, minor: 12 });
  });
  it('converts without float drift (formatting: shared/i18n/money.test.ts)', () => {
    expect(toMinor(0.29, 2)).toBe(29);
    expect(toMinor(1234.56, 2)).toBe(123456);
  });
});

describe("an amount field's refusal in the player's language (wallet catalogue)", () => {
  const limits = { precision: 2, min: 10, max: 50_000 };
  const tOf = (language: string, wallet: Record<string, string>) =>
    createTranslator({ language, resources: { [language]: { wallet } }, defaultNamespace: 'wallet' }).t;

  it('says in English what the contract says, figures included', () => {
    const t = tOf('en', walletEn);
    for (const bad of ['1.001', '-5', '0', 'abc', '1e3', '', '9.99', '50000.01'])
      expect(amountProblem(bad, limits, t), bad).toBe(
        (checkAmount(bad, limits) as { message: string }).message,
      );
    expect(amountProblem('12.5', { precision: 0 }, t)).toBe('Enter a whole amount, without decimals');
    expect(amountProblem('99999999999999999', { precision: 2 }, t)).toBe(
      'The amount is at most 10,000,000,000.00',
    );
    expect(amountProblem('12.50', limits, t)).toBeNull();
  });

  it('a Vietnamese player reads it in Vietnamese, the bounds written as Vietnamese write money', async () => {
    const t = tOf('vi', walletVi);
    await i18n.changeLanguage('vi');
    try {
      expect(amountProblem('5', limits, t)).toBe('Nhập số tiền từ 10,00 đến 50.000,00');
      expect(amountProblem('1.001', limits, t)).toBe('Nhập số tiền có tối đa 2 chữ số thập phân');
      expect(amountProblem('-5', limits, t)).toBe('Số tiền không được âm');
      expect(amountProblem('', limits, t)).toBe('Vui lòng nhập số tiền');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('proof image checks', () => {
  it('accepts png and jpg by their signature, whatever the name says', async () => {
    const r = await checkProofFiles([new Blob([png]), new Blob([jpg])], 0);
    expect(r.ok && r.files.map((f) => f.contentType)).toEqual(['image/png', 'image/jpeg']);
  });
  it('refuses other content, files over 5 MB and more than 3 in all', async () => {
    expect(await checkProofFiles([new Blob(['GIF89a....'])], 0)).toEqual({ ok: false, reason: 'type' });
    const big = new Blob([png, new Uint8Array(5 * 1024 * 1024)]);
    expect(await checkProofFiles([big], 0)).toEqual({ ok: false, reason: 'size' });
    const exactly5mb = new Blob([png, new Uint8Array(5 * 1024 * 1024 - png.length)]);
    expect((await checkProofFiles([exactly5mb], 0)).ok).toBe(true);
    expect(await checkProofFiles([new Blob([png]), new Blob([png])], 2)).toEqual({
      ok: false,
      reason: 'count',
    });
    expect((await checkProofFiles([new Blob([png])], 2)).ok).toBe(true);
  });
});
