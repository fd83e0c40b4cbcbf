import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  checkResult,
  commitOf,
  commitOfSync,
  deriveResultSync,
  hmacSha256,
  sha256,
  deriveResult,
  drawMessage,
  familyOf,
  FAMILIES,
  formatWinNo,
  isLotteryRuleError,
  parseWinNo,
  resultFromBlocks,
  resultFromBytes,
  verifyCommit,
  verifyDraw,
  type Family,
} from './index.ts';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
/** The server's way: node's HMAC, synchronously. */
const nodeBlocks = (seedHex: string, numeroId: string) => (c: number) =>
  new Uint8Array(createHmac('sha256', Buffer.from(seedHex, 'hex')).update(drawMessage(numeroId, c)).digest());

describe('draw byte protocol', () => {
  it('the message is UTF-8 numeroId then the counter as 4 big-endian bytes', () => {
    expect([...drawMessage('42', 258)]).toEqual([0x34, 0x32, 0, 0, 1, 2]);
  });

  it('commitment is SHA-256 of the seed bytes; verifyCommit accepts it and refuses any other', async () => {
    const expected = createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex');
    expect(await commitOf(SEED)).toBe(expected);
    expect(await verifyCommit(SEED, expected)).toBe(true);
    expect(await verifyCommit(SEED, expected.toUpperCase())).toBe(true);
    expect(await verifyCommit(SEED.replace(/^00/, '01'), expected)).toBe(false);
    expect(await verifyCommit('zz', expected)).toBe(false);
  });

  it('the browser path (Web Crypto) and the server path (node HMAC) give the same result for every family', async () => {
    for (const f of FAMILIES) {
      for (const id of ['1', '987654321']) {
        const server = resultFromBlocks(f, nodeBlocks(SEED, id));
        expect(await deriveResult(f, SEED, id)).toEqual(server);
        expect(checkResult(f, server.numbers)).toEqual(server);
      }
    }
  });

  it("@noble/hashes' SHA-256 and HMAC equal node's for every length around the block edges", () => {
    for (let n = 0; n < 300; n += n < 130 ? 1 : 37) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 131 + n) % 256);
      expect(Buffer.from(sha256(data)).toString('hex'), `sha256 ${n}`).toBe(
        createHash('sha256').update(data).digest('hex'),
      );
      const key = data.subarray(0, n % 90);
      expect(Buffer.from(hmacSha256(key, data)).toString('hex'), `hmac ${n}`).toBe(
        createHmac('sha256', key).update(data).digest('hex'),
      );
    }
    expect(commitOfSync(SEED)).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
  });

  it('SHA-256 and HMAC-SHA256 give the published test vectors (FIPS 180-4 "abc", RFC 4231 cases 1 and 6)', () => {
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    const text = (s: string) => new TextEncoder().encode(s);
    expect(hex(sha256(text('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256(new Uint8Array(0)))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(hex(hmacSha256(new Uint8Array(20).fill(0x0b), text('Hi There')))).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    // A key longer than the block (131 bytes) is hashed first.
    expect(
      hex(
        hmacSha256(
          new Uint8Array(131).fill(0xaa),
          text('Test Using Larger Than Block-Size Key - Hash Key First'),
        ),
      ),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });

  it('without Web Crypto (a page over plain http) the verifier falls back to @noble/hashes: same results', async () => {
    const expected = await Promise.all(FAMILIES.map((f) => deriveResult(f, SEED, '5')));
    expect(FAMILIES.map((f) => deriveResultSync(f, SEED, '5'))).toEqual(expected);
    vi.stubGlobal('crypto', undefined);
    try {
      expect(await Promise.all(FAMILIES.map((f) => deriveResult(f, SEED, '5')))).toEqual(expected);
      expect(await commitOf(SEED)).toBe(commitOfSync(SEED));
    } finally {
      vi.unstubAllGlobals();
    }
    expect(globalThis.crypto?.subtle).toBeDefined();
  });

  it('pinned vectors (decision 021): seed 00…1f, numero id "1"', () => {
    const pinned: Partial<Record<Family, string>> = Object.fromEntries(
      FAMILIES.map((f) => [f, formatWinNo(resultFromBlocks(f, nodeBlocks(SEED, '1')))]),
    );
    expect(pinned).toMatchInlineSnapshot(`
      {
        "11X5": "09,07,04,11,10",
        "4D": "8882,0039,0573,8778,0832,5258,3137,9749,2595,3242,5061,6872,9010,7526,6809,4948,3811,7477,0273,2104,5098,3111,5582",
        "K3": "2,5,1",
        "PK10": "02,03,07,09,10,05,04,01,06,08",
        "SSC": "1,6,6,3,1",
        "VNCENTRAL": "166317,30209,42563,73166,56600,60133,46247,93717,26283,84350,83330,70043,8189,0637,7521,8368,448,85",
        "VNFAST": "16631,73020,94256,37316,65660,06013,34624,79371,72628,38435,0833,3070,0438,1890,6377,5218,3684,4885,6489,4485,650,123,955,05,10,68,86",
        "VNNORTH": "16631,73020,94256,37316,65660,06013,34624,79371,72628,38435,0833,3070,0438,1890,6377,5218,3684,4885,6489,4485,650,123,955,05,10,68,86",
        "VNSOUTH": "166317,30209,42563,73166,56600,60133,46247,93717,26283,84350,83330,70043,8189,0637,7521,8368,448,85",
      }
    `);
  });

  it('rejection sampling: bytes at or above the limit are skipped; running out throws bytes.exhausted', () => {
    // uniform(10) accepts 0…249: 250 and 255 are rejected, 7 gives 7.
    expect(resultFromBytes('SSC', new Uint8Array([250, 255, 7, 19, 249, 0, 11])).numbers).toEqual([
      '7',
      '9',
      '9',
      '0',
      '1',
    ]);
    // uniform(6) accepts 0…251: 252 rejected, 13 % 6 = 1 → die 2.
    expect(resultFromBytes('K3', new Uint8Array([252, 13, 0, 5])).numbers).toEqual(['2', '1', '6']);
    // 11X5 pool picks: index 0 → 01 (pool 02…11 left), index 9 → 11, index 8 → 10, 7 → 09, 6 → 08.
    expect(resultFromBytes('11X5', new Uint8Array([0, 9, 8, 7, 6])).numbers).toEqual([
      '01',
      '11',
      '10',
      '09',
      '08',
    ]);
    try {
      resultFromBytes('SSC', new Uint8Array([1, 2, 3, 250]));
      expect.unreachable();
    } catch (e) {
      expect(isLotteryRuleError(e) && e.reason).toBe('bytes.exhausted');
    }
  });

  it('verifyDraw recomputes a draw, and flags a wrong result or seed', async () => {
    const seedHash = await commitOf(SEED);
    const winNo = formatWinNo(await deriveResult('PK10', SEED, '77'));
    expect(await verifyDraw({ family: 'PK10', seed: SEED, seedHash, numeroId: '77', winNo })).toEqual({
      commitOk: true,
      resultOk: true,
      expected: winNo,
    });
    const other = winNo.split(',').reverse().join(',');
    expect(
      (await verifyDraw({ family: 'PK10', seed: SEED, seedHash, numeroId: '77', winNo: other })).resultOk,
    ).toBe(false);
    expect((await verifyDraw({ family: 'PK10', seed: SEED, seedHash, numeroId: '78', winNo })).resultOk).toBe(
      false,
    );
    expect(
      (await verifyDraw({ family: 'PK10', seed: SEED, seedHash: '00', numeroId: '77', winNo })).commitOk,
    ).toBe(false);
  });

  it('wire results: comma-separated or bare digits; bad ones refused with result.invalid', () => {
    expect(parseWinNo('SSC', '12345').numbers).toEqual(['1', '2', '3', '4', '5']);
    expect(parseWinNo('11X5', '01,05,11,03,07').numbers).toEqual(['01', '05', '11', '03', '07']);
    for (const [f, w] of [
      ['11X5', '01,05,11,03,03'],
      ['11X5', '01,05,12,03,04'],
      ['K3', '0,1,2'],
      ['SSC', '1234'],
      ['PK10', '01,02,03,04,05,06,07,08,09,09'],
      ['VNSOUTH', Array(18).fill('12').join(',')],
    ] as const) {
      try {
        parseWinNo(f, w);
        expect.unreachable(`${f} ${w}`);
      } catch (e) {
        expect(isLotteryRuleError(e) && e.reason).toBe('result.invalid');
      }
    }
  });
});

/** Chi-square 0.99 quantile (Wilson–Hilferty; accurate to well under 1 % for df ≥ 5). */
const chi2crit99 = (df: number) => {
  const z = 2.326348;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
};

describe('resultFromBytes is uniform: chi-square of 10,000 draws per game at 99 %', () => {
  for (const f of FAMILIES) {
    it(`${f}: every digit place of every slot`, { timeout: 60_000 }, () => {
      const slots = familyOf(f).slots;
      const fast = f === 'SSC' || f === '11X5' || f === 'K3' || f === 'PK10';
      // Cells: fast games per place per ball; Vietnamese and 4D per digit place per digit 0–9.
      const cellsOf = (i: number) => (fast ? slots[i]!.max - slots[i]!.min + 1 : 10);
      const counts: number[][][] = slots.map((s, i) =>
        Array.from({ length: fast ? 1 : s.digits }, () => new Array<number>(cellsOf(i)).fill(0)),
      );
      const N = 10_000;
      // A deterministic stream per game (SHAKE256 of its name, 32-byte blocks): the byte source only
      // has to be fair, the test is of the mapping; HMAC equivalence is tested above.
      const stream = createHash('shake256', { outputLength: N * 600 })
        .update(`chi-square v3 ${f}`)
        .digest();
      let at = 0;
      const next = () => {
        at += 32;
        return new Uint8Array(stream.buffer, stream.byteOffset + at - 32, 32);
      };
      for (let k = 0; k < N; k++) {
        const r = resultFromBlocks(f, next);
        r.numbers.forEach((s, i) => {
          if (fast) counts[i]![0]![Number(s) - slots[i]!.min]!++;
          else [...s].forEach((d, j) => counts[i]![j]![Number(d)]!++);
        });
      }
      let chi = 0;
      let df = 0;
      for (const place of counts)
        for (const cells of place) {
          const e = N / cells.length;
          for (const o of cells) chi += (o - e) ** 2 / e;
          df += cells.length - 1;
        }
      expect(chi, `chi2 ${chi.toFixed(1)} on ${df} df`).toBeLessThan(chi2crit99(df));
    });
  }
});
