import type { ComponentType } from 'react';
import type { ModalKey } from './ui-store.ts';

/** What a registered modal receives: its opening parameters and the way to close it. */
export interface ModalProps<P = unknown> {
  params: P;
  onClose: () => void;
}

export type ModalLoader = () => Promise<{ default: ComponentType<ModalProps<never>> }>;

const registry = new Map<string, ModalLoader>();

/**
 * A feature registers the component of a modal key once, as a lazy module (its code loads the
 * first time the modal opens). Registrations live in app/registrations.ts, one line each.
 */
export function registerModal(key: ModalKey, loader: ModalLoader): void {
  registry.set(key, loader);
}

export function modalLoader(key: ModalKey): ModalLoader | undefined {
  return registry.get(key);
}

export function registeredModals(): string[] {
  return [...registry.keys()];
}
