import { useMemo, useState, type FormEvent } from 'react';
import {
  useCreate,
  useExport,
  useGetIdentity,
  useInvalidate,
  useNotification,
  useUpdate,
} from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { backoffice } from '@app/contract';
import { roleLabel } from '../shell/shell.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Icon } from '../ui/icon.tsx';
import { dateOnly, dateTime } from '../ui/format.ts';
import { boCall } from '../api/client.ts';

type Staff = backoffice.Staff;
type Created = Staff & { oneTimePassword: string };
/** An admin's reset of another account: a new one-time password, or a new authenticator at the next sign-in. */
type Reset = { staff: Staff; kind: 'password' | 'totp' };

export function StaffPage() {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [disabling, setDisabling] = useState<Staff | null>(null);
  const [resetting, setResetting] = useState<Reset | null>(null);
  const [resetDone, setResetDone] = useState<Created | null>(null);
  const { data: me } = useGetIdentity<backoffice.StaffMe>();

  const columns = useMemo<ColumnDef<Staff>[]>(
    () => [
      {
        id: 'username',
        header: 'Username',
        accessorKey: 'username',
        cell: ({ row }) => (
          <>
            <span className="mono">{row.original.username}</span>
            {row.original.id === me?.id ? <span className="badge you">You</span> : null}
          </>
        ),
      },
      { id: 'displayName', header: 'Name', accessorKey: 'displayName' },
      {
        id: 'role',
        header: 'Role',
        accessorKey: 'role',
        cell: ({ row }) => (
          <span className={`badge badge-role-${row.original.role}`}>{roleLabel(row.original.role)}</span>
        ),
      },
      {
        id: 'enrolled',
        header: 'Authenticator',
        accessorKey: 'enrolled',
        cell: ({ row }) => (
          <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
            {row.original.enrolled ? (
              <span className="badge badge-ok">Enrolled</span>
            ) : (
              <span className="badge badge-warn">At first sign-in</span>
            )}
            {row.original.passwordChangeRequired ? (
              <span className="badge badge-warn">New password at next sign-in</span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        accessorKey: 'disabledAt',
        cell: ({ row }) =>
          row.original.disabledAt ? (
            <span className="badge badge-off" title={dateTime(row.original.disabledAt)}>
              Disabled {dateOnly(row.original.disabledAt)}
            </span>
          ) : (
            <span className="badge badge-ok">Active</span>
          ),
      },
      {
        id: 'createdAt',
        header: 'Created',
        accessorKey: 'createdAt',
        cell: ({ row, table }) => {
          const by = row.original.createdBy;
          // The creator's name when they are on this page, else their id; null is the operator CLI.
          const creator =
            by === null
              ? 'operator CLI'
              : (table.getCoreRowModel().rows.find((r) => r.original.id === by)?.original.username ??
                `staff #${by}`);
          return (
            <span title={dateTime(row.original.createdAt)}>
              {dateOnly(row.original.createdAt)}
              <span className="muted small by-line">by {creator}</span>
            </span>
          );
        },
      },
      {
        id: 'actions',
        header: '',
        meta: { className: 'cell-actions' },
        cell: ({ row }) =>
          row.original.disabledAt || row.original.id === me?.id ? null : (
            <span style={{ display: 'grid', justifyItems: 'end', gap: 4, whiteSpace: 'nowrap' }}>
              <button
                type="button"
                className="button button-quiet"
                onClick={() => setResetting({ staff: row.original, kind: 'password' })}
              >
                Reset password
              </button>
              <button
                type="button"
                className="button button-quiet"
                onClick={() => setResetting({ staff: row.original, kind: 'totp' })}
              >
                Reset authenticator
              </button>
              <button
                type="button"
                className="button button-danger-quiet"
                onClick={() => setDisabling(row.original)}
              >
                Disable
              </button>
            </span>
          ),
      },
    ],
    [me?.id],
  );

  const { reactTable, refineCore } = useTable<Staff>({
    columns,
    refineCoreProps: {
      resource: 'staff',
      pagination: { pageSize: 25, mode: 'server' },
      sorters: { mode: 'off' },
      filters: { mode: 'server', initial: [{ field: 'includeDisabled', operator: 'eq', value: false }] },
    },
    manualPagination: true,
    manualFiltering: true,
    manualSorting: true,
  });
  const { triggerExport, isLoading: exporting } = useExport<Staff>({
    resource: 'staff',
    filters: refineCore.filters,
    pageSize: 100,
    filename: 'staff',
    mapData: (s) => ({
      id: s.id,
      username: s.username,
      displayName: s.displayName,
      role: s.role,
      enrolled: s.enrolled ? 'yes' : 'no',
      passwordChangeRequired: s.passwordChangeRequired ? 'yes' : 'no',
      disabledAt: s.disabledAt ? new Date(s.disabledAt).toISOString() : '',
      createdAt: new Date(s.createdAt).toISOString(),
      createdBy: s.createdBy ?? 'cli',
    }),
  });
  const includeDisabled = refineCore.filters.some(
    (f) => 'field' in f && f.field === 'includeDisabled' && f.value === true,
  );

  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Staff</h1>
          <p className="muted">
            Accounts of the people who run the site. A new account gets a one-time password; its owner enrols
            an authenticator at the first sign-in.
          </p>
        </div>
        <div className="head-actions">
          <button type="button" className="button" onClick={() => void triggerExport()} disabled={exporting}>
            <Icon name="download" />
            {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            <Icon name="plus" />
            New staff account
          </button>
        </div>
      </header>
      <div className="toolbar">
        <label className="check">
          <input
            type="checkbox"
            checked={includeDisabled}
            onChange={(e) =>
              refineCore.setFilters(
                [{ field: 'includeDisabled', operator: 'eq', value: e.target.checked }],
                'replace',
              )
            }
          />
          Show disabled accounts
        </label>
      </div>
      <DataTable
        table={reactTable}
        core={refineCore}
        label="Staff accounts"
        empty={{ title: 'No staff accounts here.', hint: 'Create one with “New staff account”.' }}
      />
      <Dialog open={creating} title="New staff account" onClose={() => setCreating(false)}>
        <CreateStaffForm
          onDone={(c) => {
            setCreating(false);
            setCreated(c);
          }}
        />
      </Dialog>
      <Dialog open={created !== null} title="Account created" onClose={() => setCreated(null)}>
        {created ? <OneTimePassword created={created} onClose={() => setCreated(null)} /> : null}
      </Dialog>
      <Dialog
        open={resetting !== null}
        title={resetting?.kind === 'totp' ? 'Reset authenticator' : 'Reset password'}
        onClose={() => setResetting(null)}
      >
        {resetting ? (
          <ResetForm
            reset={resetting}
            onDone={(password) => {
              if (password !== null) setResetDone({ ...resetting.staff, oneTimePassword: password });
              setResetting(null);
            }}
          />
        ) : null}
      </Dialog>
      <Dialog open={resetDone !== null} title="Password reset" onClose={() => setResetDone(null)}>
        {resetDone ? <OneTimePassword created={resetDone} reset onClose={() => setResetDone(null)} /> : null}
      </Dialog>
      <Dialog open={disabling !== null} title="Disable staff account" onClose={() => setDisabling(null)}>
        {disabling ? <DisableForm staff={disabling} onDone={() => setDisabling(null)} /> : null}
      </Dialog>
    </div>
  );
}

function CreateStaffForm({ onDone }: { onDone: (created: Created) => void }) {
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState<backoffice.StaffRole>('support');
  const [error, setError] = useState<string | null>(null);
  const { mutate, mutation } = useCreate<Created>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = backoffice.StaffCreateBodySchema.safeParse({ username, displayName, role });
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '));
      return;
    }
    setError(null);
    mutate(
      { resource: 'staff', values: parsed.data, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => onDone(data),
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form className="form" onSubmit={submit}>
      <label className="field">
        <span>Username</span>
        <input
          name="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
          autoFocus
        />
        <small className="muted">3 to 32 letters, digits, dots, dashes or underscores.</small>
      </label>
      <label className="field">
        <span>Display name</span>
        <input
          name="displayName"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          required
        />
      </label>
      <label className="field">
        <span>Role</span>
        <select name="role" value={role} onChange={(e) => setRole(e.target.value as backoffice.StaffRole)}>
          {backoffice.staffRoles.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </select>
        <small className="muted">May: {backoffice.rolePermissions[role].join(', ')}</small>
      </label>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button className="button button-primary" type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Creating…' : 'Create account'}
        </button>
      </div>
    </form>
  );
}

function OneTimePassword({
  created,
  reset = false,
  onClose,
}: {
  created: Created;
  /** A reset of an existing account: they choose a new password right after signing in with it. */
  reset?: boolean;
  onClose: () => void;
}) {
  return (
    <div className="form">
      <p>
        <strong>{created.displayName}</strong> ({created.username}, {roleLabel(created.role)}) can now sign in
        with this one-time password. Give it to them alone: it is shown only this once.
        {reset ? ' They choose a new password right after signing in; their sessions have ended.' : ''}
      </p>
      <code className="secret" data-testid="one-time-password">
        {created.oneTimePassword}
      </code>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          onClick={() => void navigator.clipboard?.writeText(created.oneTimePassword)}
        >
          Copy
        </button>
        <button type="button" className="button button-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}

function DisableForm({ staff, onDone }: { staff: Staff; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { mutate, mutation } = useUpdate<Staff>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutate(
      {
        resource: 'staff',
        id: staff.id,
        values: { disabled: true, reason: reason.trim() },
        successNotification: {
          type: 'success',
          message: `${staff.username} is disabled`,
          description: 'Their sessions have ended.',
        },
        errorNotification: false,
      },
      { onSuccess: onDone, onError: (err) => setError(err.message) },
    );
  };
  return (
    <form className="form" onSubmit={submit}>
      <p>
        <strong>{staff.displayName}</strong> ({staff.username}) will be signed out everywhere at once and
        cannot sign in again. This is recorded in the audit log with your reason.
      </p>
      <label className="field">
        <span>Reason</span>
        <input
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          maxLength={200}
          autoFocus
        />
      </label>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          className="button button-danger"
          type="submit"
          disabled={mutation.isPending || !reason.trim()}
        >
          {mutation.isPending ? 'Disabling…' : 'Disable account'}
        </button>
      </div>
    </form>
  );
}

/**
 * An admin's reset of another account, with the reason the audit log keeps: a new one-time
 * password (`onDone` gets it, to show once), or the authenticator dropped (`onDone(null)`).
 * Either ends the person's sessions.
 */
function ResetForm({ reset, onDone }: { reset: Reset; onDone: (password: string | null) => void }) {
  const { staff, kind } = reset;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { id: staff.id, reason: reason.trim() };
      let password: string | null = null;
      if (kind === 'password') password = (await boCall(backoffice.boStaffResetPassword, { body })).password;
      else await boCall(backoffice.boStaffResetTotp, { body });
      await invalidate({ resource: 'staff', invalidates: ['list'] });
      if (kind === 'totp')
        open?.({
          type: 'success',
          message: `${staff.username}'s authenticator is reset`,
          description: 'They set up a new one at their next sign-in; their sessions have ended.',
        });
      onDone(password);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong: try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form" onSubmit={(e) => void submit(e)}>
      <p>
        {kind === 'password' ? (
          <>
            <strong>{staff.displayName}</strong> ({staff.username}) gets a new one-time password, shown to you
            once, and chooses their own right after signing in with it. Their authenticator stays.
          </>
        ) : (
          <>
            <strong>{staff.displayName}</strong> ({staff.username}) sets up a new authenticator at their next
            sign-in (their password stays). Do this only when you are sure it is them asking.
          </>
        )}{' '}
        They are signed out everywhere at once; the audit log keeps your reason.
      </p>
      <label className="field">
        <span>Reason</span>
        <input
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          maxLength={200}
          autoFocus
        />
      </label>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button className="button button-primary" type="submit" disabled={busy || !reason.trim()}>
          {busy ? 'Resetting…' : kind === 'password' ? 'Reset password' : 'Reset authenticator'}
        </button>
      </div>
    </form>
  );
}
