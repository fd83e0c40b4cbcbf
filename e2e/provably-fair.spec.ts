import { createHash } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { playerSession, preparePage } from './accounts-helpers.ts';
import { pageCall } from './originals-kit.ts';

/**
 * The sandbox vendor's promise (GL-16, decisions 020 and 022): its house games, the slot and the
 * lotteries, are provably fair. The hash of the server seed is out before anyone plays on it; the
 * seed comes out after, hashes to what was published, and the verifier pages recompute the
 * outcome from it.
 */

/** The slot commits to its seed as text (decision 020), the lottery to the seed's bytes (decision 022). */
const sha256OfText = (seed: string) => createHash('sha256').update(seed).digest('hex');
const sha256OfBytes = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

interface Near {
  gameId: number;
  currentNumero: { numero: string; seedHash: string; winNo: string; isSale: boolean } | null;
}

test.describe('provably fair house games', () => {
  test.setTimeout(240_000);

  test('GL-16 the sandbox vendor plays a slot and the lotteries provably fairly: the seed hash is published before play, the seed revealed after hashes to it, and the verifiers recompute the outcomes', async ({
    page,
    server,
  }) => {
    await preparePage(page);
    await playerSession(page, server, 'demo', 'Demo1234');

    // The slot: the hash of the seed in use is published before the first spin on it.
    const state = await pageCall<{ value: { seed: { serverSeedHash: string; nextNonce: number } } }>(
      page,
      '/wps/sandbox/house/state?gameCode=lucky-lotus',
    );
    const slotHash = state.value.seed.serverSeedHash;
    expect(slotHash).toMatch(/^[0-9a-f]{64}$/);
    const spin = await pageCall<{
      success: boolean;
      value: { roundId: string; serverSeedHash: string; serverSeed: string | null };
    }>(page, '/wps/sandbox/house/spin', { gameCode: 'lucky-lotus', bet: 1 });
    expect(spin.success).toBe(true);
    expect(spin.value.serverSeedHash).toBe(slotHash);
    expect(spin.value.serverSeed).toBeNull(); // not out while the seed is in use
    // Rotating reveals the seed; it hashes to what was published, and the verifier page agrees.
    const rotated = await pageCall<{ value: { revealed: { serverSeed: string; serverSeedHash: string } } }>(
      page,
      '/wps/sandbox/house/seed/rotate',
      { gameCode: 'lucky-lotus' },
    );
    expect(rotated.value.revealed.serverSeedHash).toBe(slotHash);
    expect(sha256OfText(rotated.value.revealed.serverSeed)).toBe(slotHash);
    await page.goto(`/sandbox/verify?roundId=${spin.value.roundId}`);
    await expect(page.getByTestId('verify-verdict')).toHaveText(/^Match/, { timeout: 20_000 });
    await expect(page.getByTestId('verify-result')).toContainText('matches the published hash');

    // The lottery: the numero on sale already carries the hash of its draw seed, and no result.
    // Between the close of one numero's sale and the open of the next, the current numero is not on
    // sale; wait for one that is rather than race the window.
    let near: Near | undefined;
    await expect
      .poll(
        async () => {
          near = await pageCall<Near>(page, '/lgw/numeros/near?gameCode=SSC1');
          return near.currentNumero?.isSale ?? false;
        },
        { timeout: 60_000, intervals: [500, 1_000, 2_000] },
      )
      .toBe(true);
    const current = near!.currentNumero!;
    expect(current.isSale).toBe(true);
    expect(current.winNo).toBe('');
    expect(current.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const verifyPath = `/lgw/draw/verify?gameId=${near!.gameId}&numero=${current.numero}`;
    let drawn: { seedHash: string; seed: string; winNo: string } | undefined;
    // Asks for the draw (the job may be behind on a loaded machine) until the numero is drawn.
    await expect
      .poll(
        async () => {
          await server.ops('lottery', 'draw').catch(() => '');
          const v = await pageCall<{ seedHash: string; seed: string; winNo: string }>(page, verifyPath);
          if (v.seed) drawn = v;
          return Boolean(v.seed);
        },
        { timeout: 150_000, intervals: [1_000, 2_000] },
      )
      .toBe(true);
    expect(drawn, `numero ${current.numero} was not drawn in time`).toBeDefined();
    // The seed comes out with the draw and hashes to the hash published while the numero was on sale.
    expect(drawn!.seedHash).toBe(current.seedHash);
    expect(sha256OfBytes(drawn!.seed)).toBe(current.seedHash);
    // The verifier recomputes the result in the browser from the revealed seed.
    await page.goto('/lottery?gameCode=SSC1&tab=results');
    await page.getByRole('button', { name: `Verify draw ${current.numero}` }).click();
    const report = page.getByTestId('verification');
    await expect(report.getByTestId('verdict').first()).toHaveText(/Matches the published hash/);
    await expect(report.getByTestId('verdict').nth(1)).toHaveText(/Matches the published result/);
    await expect(report.getByTestId('recomputed')).toHaveText(drawn!.winNo);
  });
});
