import { useSyncExternalStore } from 'react';
import type { NotificationProvider } from '@refinedev/core';

/**
 * Refine's notifications as toasts in a corner: what a save did, or why it was refused. A toast
 * closes itself after a few seconds or on its close button; an error stays twice as long.
 */

interface Toast {
  key: string;
  type: 'success' | 'error' | 'progress';
  message: string;
  description?: string;
}

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
let counter = 0;

function close(key: string) {
  toasts = toasts.filter((t) => t.key !== key);
  emit();
}

export const notificationProvider: NotificationProvider = {
  open({ key, type, message, description }) {
    const id = key ?? `t${++counter}`;
    const toast: Toast = { key: id, type, message, ...(description ? { description } : {}) };
    toasts = [...toasts.filter((t) => t.key !== id), toast].slice(-4);
    emit();
    setTimeout(() => close(id), type === 'error' ? 8000 : 4000);
  },
  close,
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function Toasts() {
  const list = useSyncExternalStore(subscribe, () => toasts);
  return (
    <div className="toasts" aria-live="polite">
      {list.map((t) => (
        <div key={t.key} className={`toast toast-${t.type}`} role={t.type === 'error' ? 'alert' : 'status'}>
          <div>
            <strong>{t.message}</strong>
            {t.description ? <p>{t.description}</p> : null}
          </div>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => close(t.key)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
