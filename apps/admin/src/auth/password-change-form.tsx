import { useState, type FormEvent } from 'react';
import { refusalOf } from './sign-in-flow.ts';

/**
 * The form of a new password: the current one (or the one-time password an admin gave), the new
 * one twice. What the policy asks is said beside the field; the server checks it again.
 */
export function PasswordChangeForm({
  currentLabel = 'Current password',
  submitLabel = 'Change password',
  onSubmit,
}: {
  currentLabel?: string;
  submitLabel?: string;
  /** Sends the change; a refusal it throws is shown above the fields. */
  onSubmit: (current: string, next: string, confirm: string) => Promise<void>;
}) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(current, next, confirm);
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (err) {
      setError(refusalOf(err).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-label="Change password">
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <label className="field">
        <span>{currentLabel}</span>
        <input
          name="current"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          required
        />
      </label>
      <label className="field">
        <span>New password</span>
        <input
          name="next"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          required
          minLength={12}
          maxLength={128}
        />
        <small className="muted">12 to 128 characters with a letter and a digit, not your username.</small>
      </label>
      <label className="field">
        <span>New password again</span>
        <input
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          required
        />
      </label>
      <div className="form-actions">
        <button className="button button-primary" type="submit" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
