import { describe, expect, it } from 'vitest';
import { allCalls, getBrandConfig } from '@app/contract';
import * as refs from './calls.ts';

describe('call refs', () => {
  it('SY-24 every ref the shell uses matches its contract declaration', () => {
    const contract = new Map([...allCalls, getBrandConfig].map((c) => [c.id, c]));
    const list = Object.values(refs);
    expect(list.length).toBeGreaterThan(5);
    for (const ref of list) {
      const def = contract.get(ref.id);
      expect(def, ref.id).toBeDefined();
      expect(
        { method: ref.method, path: ref.path, wire: ref.wire, token: ref.token, encrypted: ref.encrypted },
        ref.id,
      ).toEqual({
        method: def!.method,
        path: def!.path,
        wire: def!.wire,
        token: def!.token,
        encrypted: def!.encrypted,
      });
    }
  });
});
