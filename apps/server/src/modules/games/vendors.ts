import type { VendorAdapter } from './vendor-adapter.ts';

/**
 * The adapters by vendor code (GL-15): a vendor with an adapter of its own (a remote vendor) is
 * reached through it; every other code is the built-in sandbox vendor's (its house games).
 */
export class VendorRegistry {
  private readonly byCode = new Map<string, VendorAdapter>();
  private readonly fallback: VendorAdapter;

  constructor(fallback: VendorAdapter) {
    this.fallback = fallback;
  }

  /** Adds an adapter for the codes it names; a later one replaces an earlier one of the same code. */
  register(adapter: VendorAdapter): void {
    if (adapter.vassalages === '*') throw new Error('vendors: only the fallback adapter serves every code');
    for (const code of adapter.vassalages) this.byCode.set(code, adapter);
  }

  adapterFor(vassalage: string): VendorAdapter {
    return this.byCode.get(vassalage) ?? this.fallback;
  }
}
