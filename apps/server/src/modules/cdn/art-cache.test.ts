import { describe, expect, it } from 'vitest';
import { ArtCache } from './art-cache.ts';
import { parseArtPath } from './art-registry.ts';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('art cache', () => {
  it('drops the least recently used image beyond the entry limit', async () => {
    const cache = new ArtCache({ maxEntries: 2 });
    await cache.get('a', async () => bytes(10));
    await cache.get('b', async () => bytes(10));
    await cache.get('a', async () => bytes(10));
    await cache.get('c', async () => bytes(10));
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.has('c')).toBe(true);
    expect(cache.size).toBe(2);
  });

  it('stays within its byte budget and keeps nothing larger than it', async () => {
    const cache = new ArtCache({ maxBytes: 100 });
    await cache.get('a', async () => bytes(40));
    await cache.get('b', async () => bytes(40));
    await cache.get('c', async () => bytes(40));
    expect(cache.totalBytes).toBe(80);
    expect(cache.has('a')).toBe(false);
    const huge = await cache.get('huge', async () => bytes(500));
    expect(huge.body.length).toBe(500);
    expect(cache.has('huge')).toBe(false);
    expect(cache.totalBytes).toBe(80);
  });

  it('renders once for concurrent first requests and gives a strong ETag of the bytes', async () => {
    const cache = new ArtCache();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 10));
      return bytes(16, 7);
    };
    const [x, y, z] = await Promise.all([
      cache.get('k', render),
      cache.get('k', render),
      cache.get('k', render),
    ]);
    expect(renders).toBe(1);
    expect(x).toBe(y);
    expect(y).toBe(z);
    expect(x.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const other = await new ArtCache().get('k2', async () => bytes(16, 8));
    expect(other.etag).not.toBe(x.etag);
  });

  it('a failed render is not cached, so the next request tries again', async () => {
    const cache = new ArtCache();
    await expect(cache.get('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const ok = await cache.get('k', async () => bytes(3));
    expect(ok.body.length).toBe(3);
  });
});

describe('art paths', () => {
  it('accepts simple folder/name.png paths only', () => {
    expect(parseArtPath('BANNER/welcome.png')).toEqual(['BANNER', 'welcome']);
    expect(parseArtPath('SUBMENU_IMG/STYLE2/LIVE-EVO.png')).toEqual(['SUBMENU_IMG', 'STYLE2', 'LIVE-EVO']);
    for (const bad of [
      '',
      'logo.png',
      'BANNER/welcome.PNG',
      'BANNER/../welcome.png',
      'BANNER//welcome.png',
      'BANNER/wel come.png',
      'a/b/c/d/e.png',
      `BANNER/${'x'.repeat(200)}.png`,
    ]) {
      expect(parseArtPath(bad), bad).toBeNull();
    }
  });
});
