import { describe, expect, it } from 'vitest';
import { FAMILIES, playsOf, playById, resultFromBytes } from './index.ts';

describe('lottery rules registry', () => {
  it('every family has plays with unique ids and codes, and every result draws from bytes', () => {
    const ids = new Set<number>();
    for (const f of FAMILIES) {
      const plays = playsOf(f);
      expect(plays.length).toBeGreaterThan(0);
      expect(new Set(plays.map((p) => p.code)).size).toBe(plays.length);
      for (const p of plays) {
        expect(ids.has(p.playId)).toBe(false);
        ids.add(p.playId);
        expect(playById(p.playId)).toBe(p);
      }
      const bytes = new Uint8Array(4096).map((_, i) => (i * 97 + 13) % 256);
      expect(resultFromBytes(f, bytes).family).toBe(f);
    }
  });
});
