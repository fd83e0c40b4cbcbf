import type { ComponentType } from 'react';

/**
 * Named places in the shell that a feature fills (the accounts feature fills `memberBar` and
 * `loginPanel`). Like modals, a slot's component is a lazy module registered in registrations.ts.
 */
export const SlotNames = {
  /** The top bar's right side when logged in (SH-27). Receives {showBalance}. */
  memberBar: 'memberBar',
  /** The form of the /login page (login-required mode). */
  loginPanel: 'loginPanel',
  /** Member and account centre overlays, mounted once by the shell. */
  overlays: 'overlays',
} as const;
export type SlotName = (typeof SlotNames)[keyof typeof SlotNames] | (string & {});

export type SlotLoader = () => Promise<{ default: ComponentType<Record<string, unknown>> }>;

const registry = new Map<string, SlotLoader>();

export function registerSlot(name: SlotName, loader: SlotLoader): void {
  registry.set(name, loader);
}

export function slotLoader(name: SlotName): SlotLoader | undefined {
  return registry.get(name);
}
