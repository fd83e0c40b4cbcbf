import { describe, expect, it } from 'vitest';
import { allCalls, getBrandConfig } from '@app/contract';
import { callsWithoutRefs, renderCallRefs } from '../../../call-refs.ts';
import { expectRefsMatchContract } from '../../test/call-refs.ts';

/** The committed refs files, as text and as modules. */
const committed = import.meta.glob<string>('./call-refs/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const modules = import.meta.glob<Record<string, unknown>>('./call-refs/*.ts', { eager: true });
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

describe('the web reaches every call one way: refs generated from the contract', () => {
  it('the call-refs files are what apps/web/call-refs.ts writes from the contract now (run it after changing a call)', async () => {
    const rendered = await renderCallRefs();
    expect(Object.keys(committed).map(nameOf).sort()).toEqual(Object.keys(rendered).sort());
    for (const [path, text] of Object.entries(committed)) expect(text, path).toBe(rendered[nameOf(path)]);
  });

  it('holds one ref per contract call, each with its call’s method, path, wire, token and encryption', () => {
    expect(callsWithoutRefs()).toEqual([]);
    const refs = Object.assign({}, ...Object.values(modules)) as Record<string, { id: string }>;
    expect(expectRefsMatchContract(refs, [getBrandConfig])).toBe(Object.keys(refs).length);
    const ids = new Set(Object.values(refs).map((r) => r.id));
    for (const def of [...allCalls, getBrandConfig]) expect(ids.has(def.id), def.id).toBe(true);
  });
});
