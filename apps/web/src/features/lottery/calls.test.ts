import { describe, expect, it } from 'vitest';
import { allCalls } from '@app/contract';
import * as refs from './calls.ts';

describe('lottery call refs', () => {
  it('each ref the lottery uses matches its contract declaration', () => {
    const contract = new Map(allCalls.map((c) => [c.id, c]));
    const list = Object.values(refs);
    expect(list.length).toBe(19);
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
