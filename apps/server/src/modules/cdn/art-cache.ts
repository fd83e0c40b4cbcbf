import { createHash } from 'node:crypto';

export interface CachedArt {
  body: Buffer;
  /** Strong validator: a digest of the exact bytes. */
  etag: string;
}

export interface ArtCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/**
 * Rendered images kept in memory, least recently used out first, bounded by count and bytes so
 * odd-but-valid names (every vendor, every host for QR codes) cannot grow it without limit.
 * Concurrent first requests for one key share a single render.
 */
export class ArtCache {
  private readonly limits: ArtCacheLimits;
  private readonly entries = new Map<string, CachedArt>();
  private readonly pending = new Map<string, Promise<CachedArt>>();
  private bytes = 0;

  constructor(limits: Partial<ArtCacheLimits> = {}) {
    this.limits = { maxEntries: limits.maxEntries ?? 2000, maxBytes: limits.maxBytes ?? 64 * 1024 * 1024 };
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  async get(key: string, render: () => Promise<Buffer>): Promise<CachedArt> {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert to mark it most recently used (Map keeps insertion order).
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const work = render()
      .then((body) => {
        const art = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
        this.store(key, art);
        return art;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    return work;
  }

  private store(key: string, art: CachedArt): void {
    if (art.body.length > this.limits.maxBytes) return;
    this.entries.set(key, art);
    this.bytes += art.body.length;
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.body.length;
    }
  }
}
