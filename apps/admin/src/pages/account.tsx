import { useGetIdentity, useNotification } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import type { backoffice } from '@app/contract';
import { PasswordChangeForm } from '../auth/password-change-form.tsx';
import { changeOwnPassword } from '../auth/sign-in-flow.ts';
import { forgetIdentity } from '../auth/auth-provider.ts';
import { roleLabel } from '../shell/shell.tsx';

/**
 * My account: who is signed in, what their role may do, and their own password. A change ends
 * their other sessions (another browser, a forgotten tab); this one stays. An admin resets a
 * forgotten password or a lost authenticator from the Staff page.
 */
export function AccountPage() {
  const { data: me } = useGetIdentity<backoffice.StaffMe>();
  const { open } = useNotification();
  const queryClient = useQueryClient();
  if (!me) return null;
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>My account</h1>
          <p className="muted">Your sign-in details. Every change here is recorded in the audit log.</p>
        </div>
      </header>
      {me.passwordChangeRequired ? (
        <p className="notice notice-error" role="alert">
          An admin reset your password: choose a new one below before you go on.
        </p>
      ) : null}
      <div className="cards-2">
        <section className="panel" aria-labelledby="account-who">
          <div className="panel-head">
            <h2 id="account-who">Signed in as</h2>
          </div>
          <dl className="facts facts-stack">
            <div>
              <dt>Name</dt>
              <dd>{me.displayName}</dd>
            </div>
            <div>
              <dt>Username</dt>
              <dd className="mono">{me.username}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>
                <span className={`badge badge-role-${me.role}`}>{roleLabel(me.role)}</span>
              </dd>
            </div>
            <div>
              <dt>May</dt>
              <dd className="small">{me.permissions.join(', ')}</dd>
            </div>
          </dl>
          <p className="muted small">
            Lost your authenticator? Ask an admin to reset it: you set up a new one at your next sign-in.
          </p>
        </section>
        <section className="panel" aria-labelledby="account-password">
          <div className="panel-head">
            <h2 id="account-password">Change password</h2>
          </div>
          <PasswordChangeForm
            onSubmit={async (current, next, confirm) => {
              const { sessionsEnded } = await changeOwnPassword({
                current,
                next,
                confirm,
                username: me.username,
              });
              open?.({
                type: 'success',
                message: 'Your password is changed',
                description:
                  sessionsEnded > 0
                    ? `${sessionsEnded} other session${sessionsEnded === 1 ? '' : 's'} ended.`
                    : 'You had no other sessions.',
              });
              forgetIdentity();
              await queryClient.invalidateQueries();
            }}
          />
        </section>
      </div>
    </div>
  );
}
