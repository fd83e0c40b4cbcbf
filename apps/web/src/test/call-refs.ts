import { expect } from 'vitest';
import { allCalls, type CallDef } from '@app/contract';
import type { CallRef } from '../shared/http/call-ref.ts';

/**
 * Every schema-free ref a feature declares (shared/http/call-ref.ts) must say what its contract call
 * says: the same method, path, wire, token and encryption. One check for every feature's calls.ts.
 */
export function expectRefsMatchContract(
  refs: Record<string, unknown>,
  extraCalls: readonly CallDef[] = [],
): number {
  const contract = new Map([...allCalls, ...extraCalls].map((c) => [c.id, c]));
  const list = Object.values(refs).filter(isRef);
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
  return list.length;
}

function isRef(value: unknown): value is CallRef {
  return typeof value === 'object' && value !== null && 'id' in value && 'path' in value;
}
