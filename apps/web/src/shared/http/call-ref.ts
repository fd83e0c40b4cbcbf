import type { CallDef, HttpMethod } from '@app/contract';

/**
 * What the http client needs of a call: its wire shape, not its schemas. The contract's CallDef
 * carries zod schemas; importing those into the entry chunk would pull zod into every page
 * load (TOOLCHAIN.md: +23 kB gzip). A CallRef keeps the CallDef's type (so query, body and value
 * stay typed from the contract) while the bundle carries only the strings. Lazy chunks may pass
 * the contract's CallDef itself. Every ref is generated from the contract into
 * call-refs.generated.ts (apps/web/call-refs.ts; call-refs.test.ts fails when it is stale), so a
 * call's method and path have one source: none is written by hand.
 */
export interface CallRef<C extends CallDef = CallDef> {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly wire: 'envelope' | 'bare';
  readonly token: boolean;
  readonly encrypted: boolean;
  /** Type-level link to the contract call; never present at run time. */
  readonly __call?: C;
}
