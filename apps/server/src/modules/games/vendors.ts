import type { VendorAdapter } from './vendor-adapter.ts';

/**
 * The adapters by vendor code (GL-15): a vendor with an adapter of its own (a remote vendor) is
 * reached through it; every other code launches the built-in sandbox vendor's house games.
 *
 * Wallet callbacks are stricter than launches: they move money on a signature, so only a code
 * with a real adapter behind it takes them (`callbackAdapterFor`). The fallback answers callbacks
 * under its own code alone; a callback for any other code without an adapter moves nothing.
 */
export class VendorRegistry {
  private readonly byCode = new Map<string, VendorAdapter>();
  private readonly fallback: VendorAdapter;
  private readonly fallbackCode: string;

  constructor(fallback: VendorAdapter, fallbackCode: string) {
    this.fallback = fallback;
    this.fallbackCode = fallbackCode;
  }

  /** Adds an adapter for the codes it names; a later one replaces an earlier one of the same code. */
  register(adapter: VendorAdapter): void {
    if (adapter.vassalages === '*') throw new Error('vendors: only the fallback adapter serves every code');
    for (const code of adapter.vassalages) this.byCode.set(code, adapter);
  }

  adapterFor(vassalage: string): VendorAdapter {
    return this.byCode.get(vassalage) ?? this.fallback;
  }

  /** The adapter that takes wallet callbacks for this code, or null when no vendor stands behind it. */
  callbackAdapterFor(vassalage: string): VendorAdapter | null {
    return this.byCode.get(vassalage) ?? (vassalage === this.fallbackCode ? this.fallback : null);
  }
}
