import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { resolveArt } from './art-registry.ts';
import { gameImagePath, GAME_CARD_SIZE, titleOfSlug, titleSlug } from './draw/game-card.ts';

describe('per-title art (decision 058)', () => {
  it('spells a title in its path and back', () => {
    expect(titleSlug('Wild Gems Hold & Win')).toBe('Wild_Gems_Hold_AND_Win');
    expect(titleOfSlug('Wild_Gems_Hold_AND_Win')).toBe('Wild Gems Hold & Win');
    expect(titleOfSlug(titleSlug('IM E-sports Lobby'))).toBe('IM E-sports Lobby');
    expect(gameImagePath('LIVE', 'EVO-LIVE-2', 'Roulette')).toBe('GAME_IMG/LIVE/EVO-LIVE-2/Roulette.png');
    expect(gameImagePath('RNG', 'PG-1', '黄金')).toBeNull();
    expect(gameImagePath('RNG', '../x', 'Golden Dragon')).toBeNull();
  });

  it('draws each title apart, the same bytes for the same path, at the tile size', async () => {
    const paths = [
      gameImagePath('RNG', 'PG-00001', 'Golden Dragon')!,
      gameImagePath('RNG', 'PP-00026', 'Golden Tiger')!,
      gameImagePath('RNG', 'PG-00001', 'Golden Dragon Deluxe')!,
      gameImagePath('LIVE', 'EVO-LIVE-2', 'Roulette')!,
    ];
    const jobs = paths.map((p) => resolveArt(p, { origin: 'http://localhost' }));
    for (const job of jobs) expect(job?.family).toBe('GAME_IMG');
    const images = await Promise.all(jobs.map((j) => j!.render()));
    expect(new Set(images.map((b) => b.toString('base64'))).size).toBe(images.length);
    const again = await jobs[0]!.render();
    expect(again.equals(images[0]!)).toBe(true);
    const meta = await sharp(images[3]!).metadata();
    expect([meta.width, meta.height]).toEqual([GAME_CARD_SIZE.width, GAME_CARD_SIZE.height]);
    // Pixels differ, not just bytes: the two slots' mean colours are apart.
    const [a, b] = await Promise.all(images.slice(0, 2).map((i) => sharp(i).stats()));
    const diff = a!.channels.reduce((s, c, i) => s + Math.abs(c.mean - b!.channels[i]!.mean), 0);
    expect(diff).toBeGreaterThan(10);
  });

  it('resolves only well-formed paths', () => {
    expect(resolveArt('GAME_IMG/RNG/PG-1.png', { origin: 'http://x' })).toBeNull();
    expect(resolveArt('GAME_IMG/rng/PG-1/Golden.png', { origin: 'http://x' })).toBeNull();
  });
});
