import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A panel's waiting, empty and failed states (LOOK.md: each says what happened and what to do). */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <strong>{title}</strong>
      {children ? <span>{children}</span> : null}
    </div>
  );
}

export function Failed({ error, retry }: { error: unknown; retry?: () => void }) {
  const message = error instanceof Error ? error.message : 'The request failed';
  return (
    <div className="state state-failed" role="alert">
      <strong>{message}</strong>
      {retry ? (
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Forbidden() {
  return (
    <div className="page">
      <div className="state state-failed" role="alert">
        <strong>Your role does not open this page.</strong>
        <span>Ask an admin if your desk needs it.</span>
        <Link className="button" to="/">
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}

export function NotFound() {
  return (
    <div className="page">
      <div className="state">
        <strong>There is no such page in the back office.</strong>
        <Link className="button" to="/">
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
