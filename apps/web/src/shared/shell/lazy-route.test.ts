import { afterEach, describe, expect, it, vi } from 'vitest';
import { Limits } from '@app/contract';
import { ChunkLoadError, isChunkLoadError, withChunkTimeout } from './lazy-route.ts';

describe('lazy route chunks', () => {
  afterEach(() => vi.useRealTimers());

  it('SH-37 a chunk that takes longer than 120000 ms ends in a load failure, not a hang', async () => {
    vi.useFakeTimers();
    expect(Limits.chunkTimeoutMs).toBe(120_000);
    const never = new Promise<never>(() => {});
    const loading = withChunkTimeout(() => never);
    const outcome = loading.then(
      () => 'loaded',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).reason).toBe('timeout');
  });

  it('SH-37 a chunk that fails to load becomes a ChunkLoadError; one in time is returned as is', async () => {
    await expect(
      withChunkTimeout(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
      ),
    ).rejects.toMatchObject({
      name: 'ChunkLoadError',
      reason: 'failed',
    });
    await expect(withChunkTimeout(() => Promise.resolve({ Component: 'page' }))).resolves.toEqual({
      Component: 'page',
    });
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('something else'))).toBe(false);
  });
});
