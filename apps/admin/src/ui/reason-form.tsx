import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';

/**
 * The console's form rows and its reason dialog body, one copy for every desk (raffles, chat
 * room, chat groups): a labelled field, the reason field the audit log keeps, the error line and
 * the action's button. The server checks everything again; these only say it sooner.
 */

/** A failed call's sentence (the server's message), or a plain one. */
export const errorText = (err: unknown) => (err instanceof Error ? err.message : 'The call failed');

/** A label over its control, with an optional hint under it. */
export function Field({ label, hint, children }: { label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <label className="field">
      <span>{label}</span>
      {children}
      {hint ? <small className="muted">{hint}</small> : null}
    </label>
  );
}

/** The reason the audit log keeps with the action (1 to 200 characters). */
export function ReasonField({
  value,
  onChange,
  placeholder = 'Why, for the audit log',
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  return (
    <Field label="Reason">
      <input
        name="reason"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={200}
        placeholder={placeholder}
        autoFocus={autoFocus}
      />
    </Field>
  );
}

/** The form's error line, read out when it appears. */
export function FormError({ error }: { error: string | null | undefined }) {
  return error ? (
    <p className="notice notice-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** The form's action row: one submit button, its label while the call runs. */
export function SubmitRow({
  label,
  pending,
  pendingLabel = 'Saving…',
  danger = false,
  testId,
}: {
  label: string;
  pending: boolean;
  pendingLabel?: string;
  danger?: boolean;
  testId?: string;
}) {
  return (
    <div className="form-actions">
      <button
        className={danger ? 'button button-danger' : 'button button-primary'}
        type="submit"
        disabled={pending}
        data-testid={testId}
      >
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}

/**
 * A reason dialog's body: what the action is about, any fields of its own (children, above the
 * reason), the reason, the error and the action's button. `validate` may refuse the reason with a
 * sentence (a contract schema's), else an empty reason is refused; `send` makes the call.
 */
export function ReasonForm({
  summary,
  action,
  pendingLabel,
  danger = false,
  placeholder,
  testId,
  validate,
  send,
  onDone,
  children,
}: {
  summary: ReactNode;
  action: string;
  pendingLabel?: string;
  danger?: boolean;
  placeholder?: string;
  testId?: string;
  validate?: (reason: string) => string | null;
  send: (reason: string) => Promise<unknown>;
  onDone: () => void;
  children?: ReactNode;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: () => send(reason.trim()),
    onSuccess: onDone,
    onError: (err) => setError(errorText(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const refused = validate
      ? validate(reason)
      : reason.trim()
        ? null
        : 'Give a reason (1 to 200 characters)';
    if (refused) {
      setError(refused);
      return;
    }
    setError(null);
    run.mutate();
  };
  return (
    <form className="form" onSubmit={submit}>
      {summary}
      {children}
      <ReasonField value={reason} onChange={setReason} placeholder={placeholder} autoFocus />
      <FormError error={error} />
      <SubmitRow
        label={action}
        pending={run.isPending}
        pendingLabel={pendingLabel}
        danger={danger}
        testId={testId}
      />
    </form>
  );
}
