import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blockMessage, FairStream, sha256Hex, withBlocks } from './fair.ts';
import { playHouseRound } from './games.ts';

const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'lucky-player', nonce: 7 };
const nodeSource = (cursor: number) =>
  new Uint8Array(
    createHmac('sha256', seeds.serverSeed)
      .update(blockMessage(seeds.clientSeed, seeds.nonce, cursor))
      .digest(),
  );

describe('provably fair bytes', () => {
  it('Web Crypto (the browser) and node:crypto (the server) give the same outcome', async () => {
    for (const wager of [
      { kind: 'slot', bet: 100 },
      { kind: 'table', bets: { DRAGON: 2, TIGER: 0, TIE: 1 } },
    ] as const) {
      const kind = wager.kind;
      const server = playHouseRound(kind, nodeSource, wager);
      const browser = await withBlocks(seeds, (source) => playHouseRound(kind, source, wager), 1);
      expect(browser).toEqual(server);
    }
    expect(await sha256Hex(seeds.serverSeed)).toBe(
      createHash('sha256').update(seeds.serverSeed).digest('hex'),
    );
  });

  it('draws without modulo bias: words at or above the largest multiple of n are skipped', () => {
    const words = [0xffffffff, 0xfffffffe, 5];
    const stream = new FairStream(() => {
      const b = new Uint8Array(32);
      const v = new DataView(b.buffer);
      words.forEach((w, i) => v.setUint32(i * 4, w));
      return b;
    });
    // 2^32 mod 3 = 1: only 0xffffffff is at or above the limit; 0xfffffffe % 3 = 2.
    expect(stream.nextInt(3)).toBe(0xfffffffe % 3);
    expect(stream.consumed).toBe(2);
    expect(stream.nextInt(52)).toBe(5);
  });
});
