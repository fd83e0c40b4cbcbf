import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLogin } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { QrCode } from '../ui/qr.tsx';
import type { SignedOutReason } from './auth-provider.ts';
import { PasswordChangeForm } from './password-change-form.tsx';
import {
  initialSignIn,
  refusalOf,
  submitCode,
  submitNewPassword,
  submitPassword,
  type SignInState,
} from './sign-in-flow.ts';

const REASONS: Record<SignedOutReason, string> = {
  idle: 'You were signed out after 15 minutes without activity. Sign in again to go on.',
  ended: 'Your session has ended. Sign in again to go on.',
  'signed-out': 'You have signed out.',
};

/** The secret in groups of four, as authenticator apps show it when typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export function SignInPage() {
  const [params] = useSearchParams();
  const reason = params.get('reason') as SignedOutReason | null;
  const [state, setState] = useState<SignInState>(initialSignIn);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { mutateAsync: adopt } = useLogin<{ token: string; me: unknown }>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state.stage === 'enrol' || state.stage === 'second-factor') codeInput.current?.focus();
  }, [state.stage]);

  async function open(done: Extract<SignInState, { stage: 'done' }>) {
    // A new session starts from nothing: what an earlier one cached (its "signed out", the
    // pages its role could not open, its lists) is dropped. Then the console opens; Refine's own
    // redirect would come before its auth state is refreshed, and bounce back here.
    queryClient.clear();
    await adopt({ token: done.token, me: done.me });
    await navigate(params.get('to') ?? '/', { replace: true });
  }

  async function run(step: () => Promise<SignInState>) {
    setBusy(true);
    setError(null);
    try {
      const next = await step();
      if (next.stage === 'done') {
        await open(next);
        return;
      }
      setState(next);
      setPassword('');
      setCode('');
    } catch (err) {
      const refusal = refusalOf(err);
      setError(refusal.message);
      setCode('');
      if (refusal.restart) setState(initialSignIn);
    } finally {
      setBusy(false);
    }
  }

  const onPassword = (e: FormEvent) => {
    e.preventDefault();
    void run(() => submitPassword(username, password));
  };
  const onCode = (e: FormEvent) => {
    e.preventDefault();
    if (state.stage === 'enrol' || state.stage === 'second-factor') void run(() => submitCode(state, code));
  };
  const restart = () => {
    setState(initialSignIn);
    setError(null);
    setCode('');
  };

  return (
    <main className="signin">
      <div className={`signin-card${state.stage === 'enrol' ? ' signin-card-wide' : ''}`}>
        <header className="signin-head">
          <span className="brand-mark" aria-hidden="true">
            BO
          </span>
          <div>
            <h1>Back office</h1>
            <p className="muted">Staff sign-in · password, then authenticator</p>
          </div>
        </header>
        <ol
          className="steps"
          aria-label="Sign-in steps"
          style={state.stage === 'change-password' ? { gridTemplateColumns: '1fr 1fr 1fr' } : undefined}
        >
          <li className={state.stage === 'password' ? 'current' : 'done'}>Password</li>
          <li
            className={
              state.stage === 'password' ? '' : state.stage === 'change-password' ? 'done' : 'current'
            }
          >
            {state.stage === 'enrol' ? 'Set up authenticator' : 'Authenticator code'}
          </li>
          {state.stage === 'change-password' ? <li className="current">New password</li> : null}
        </ol>
        {reason && REASONS[reason] && state.stage === 'password' && !error ? (
          <p className="notice" role="status">
            {REASONS[reason]}
          </p>
        ) : null}
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}

        {state.stage === 'password' ? (
          <form onSubmit={onPassword} className="form">
            <label className="field">
              <span>Username</span>
              <input
                name="username"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                required
                autoFocus
              />
            </label>
            <label className="field">
              <span>Password</span>
              <input
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
              />
            </label>
            <button className="button button-primary button-block" type="submit" disabled={busy}>
              {busy ? 'Checking…' : 'Continue'}
            </button>
          </form>
        ) : null}

        {state.stage === 'enrol' ? (
          <div className="enrol">
            <div className="enrol-qr">
              <QrCode text={state.otpauthUri} label="QR code of your new authenticator" />
            </div>
            <div className="enrol-steps">
              <p>
                <strong>First sign-in for {state.username}.</strong> A second factor is required for every
                member of staff.
              </p>
              <ol>
                <li>
                  Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
                </li>
                <li>Scan the code, or type the key by hand:</li>
              </ol>
              <code className="secret" data-testid="enrol-secret">
                {grouped(state.secret)}
              </code>
              <p className="muted small">The key is shown only now. It is never sent to you again.</p>
              <form onSubmit={onCode} className="form">
                <CodeField inputRef={codeInput} value={code} onChange={setCode} label="Code from the app" />
                <button className="button button-primary button-block" type="submit" disabled={busy}>
                  {busy ? 'Checking…' : 'Confirm and sign in'}
                </button>
              </form>
            </div>
          </div>
        ) : null}

        {state.stage === 'second-factor' ? (
          <form onSubmit={onCode} className="form">
            <p>
              Signing in as <strong>{state.username}</strong>. Enter the six digits your authenticator app
              shows now.
            </p>
            <CodeField inputRef={codeInput} value={code} onChange={setCode} label="Authenticator code" />
            <button className="button button-primary button-block" type="submit" disabled={busy}>
              {busy ? 'Checking…' : 'Verify and sign in'}
            </button>
          </form>
        ) : null}

        {state.stage === 'change-password' ? (
          <div data-testid="change-password-step">
            <p>
              <strong>An admin reset your password.</strong> Choose a new one before you go on; your other
              sessions end.
            </p>
            <PasswordChangeForm
              currentLabel="One-time password (the one you just used)"
              submitLabel="Set password and sign in"
              onSubmit={async (current, next, confirm) => {
                await open(await submitNewPassword(state, current, next, confirm));
              }}
            />
          </div>
        ) : null}

        {state.stage === 'enrol' || state.stage === 'second-factor' ? (
          <p className="signin-foot">
            <span className="muted small">
              This step expires at{' '}
              {new Date(state.expiresAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}.
            </span>
            <button type="button" className="link-button" onClick={restart}>
              Use another account
            </button>
          </p>
        ) : null}
      </div>
    </main>
  );
}

function CodeField({
  value,
  onChange,
  label,
  inputRef,
}: {
  value: string;
  onChange: (v: string) => void;
  label: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        ref={inputRef}
        name="code"
        className="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        placeholder="000000"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
      />
    </label>
  );
}
