import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import { Dialog } from '../ui/dialog.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { notificationProvider } from '../ui/toasts.tsx';
import { refusalText } from './approval-rules.ts';
import {
  draftOf,
  fieldChanges,
  fieldState,
  FIXED_FIELD_NOTE,
  linksProblem,
  popupMissing,
  REGISTER_FIELD_LABEL,
  sameLinks,
  SERVICE_TYPE_LABEL,
  setField,
  type FieldDraft,
  type LinkDraft,
} from './site-settings-rules.ts';
import './player-site-extras.css';

const notify = (type: 'success' | 'error', message: string, description?: string) =>
  notificationProvider.open?.({ type, message, ...(description ? { description } : {}) });

const FIELDS_KEY = ['bo', 'site', 'register-fields'];
const LINKS_KEY = ['bo', 'site', 'service-links'];
type Fields = backoffice.SiteRegisterFields;

/** The reason line and the review's buttons, shared by both forms. */
function ReviewActions({
  reason,
  pending,
  error,
  back,
  save,
}: {
  reason: string;
  pending: boolean;
  error: unknown;
  back: () => void;
  save: () => void;
}) {
  return (
    <>
      <p className="muted small">Reason for the audit log: {reason.trim()}</p>
      {error ? (
        <p className="notice notice-error" role="alert">
          {refusalText(error)}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button" onClick={back} disabled={pending}>
          Back
        </button>
        <button type="button" className="button button-primary" onClick={save} disabled={pending}>
          {pending ? 'Saving…' : 'Confirm: save'}
        </button>
      </div>
    </>
  );
}

/**
 * The registration form's fields (decision 052): which the player's form shows and requires, as
 * its register settings call reads them. Editable with brand.edit: a form, a review of each change
 * with the reason, then the save.
 */
export function RegisterFields({ canEdit }: { canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const q = useQuery({ queryKey: FIELDS_KEY, queryFn: () => boCall(backoffice.boSiteRegisterFields) });
  const list = q.data?.list ?? [];
  return (
    <section className="panel" aria-label="Registration fields">
      <div className="panel-head">
        <h2>Registration fields</h2>
        <span className="head-actions">
          {canEdit ? (
            <button type="button" className="button" onClick={() => setEditing(true)} disabled={!q.data}>
              Edit registration fields
            </button>
          ) : null}
        </span>
      </div>
      <p className="muted">
        What the player&apos;s register form asks for. A required field is refused empty by the form and by
        the server.
      </p>
      {q.isPending ? <Loading /> : null}
      {q.error ? <Failed error={q.error} retry={() => void q.refetch()} /> : null}
      {q.data && list.length === 0 ? <Empty title="No registration rules." /> : null}
      {list.length ? (
        <div className="table-scroll">
          <table
            className="grid grid-compact grid-cards"
            aria-label="Registration fields"
            data-testid="register-fields"
          >
            <thead>
              <tr>
                <th>Field</th>
                <th>On the form</th>
                <th>Length</th>
              </tr>
            </thead>
            <tbody>
              {list.map((f) => (
                <tr key={f.field} data-testid={`register-field-${f.field}`}>
                  <td data-label="Field">
                    <span>
                      {REGISTER_FIELD_LABEL[f.field] ?? f.field}{' '}
                      <span className="mono muted small">{f.field}</span>
                    </span>
                  </td>
                  <td data-label="On the form">
                    <span>
                      <span className={`badge badge-${!f.enabled ? 'off' : f.required ? 'warn' : 'ok'}`}>
                        {fieldState(f)}
                      </span>
                      {f.editable ? null : (
                        <span className="muted small"> · {FIXED_FIELD_NOTE[f.field] ?? 'not set here'}</span>
                      )}
                    </span>
                  </td>
                  <td data-label="Length" className="muted">
                    {f.minLength}–{f.maxLength}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Dialog open={editing} title="Registration fields" onClose={() => setEditing(false)}>
        {editing && q.data ? <FieldsForm fields={q.data} onDone={() => setEditing(false)} /> : null}
      </Dialog>
    </section>
  );
}

function FieldsForm({ fields, onDone }: { fields: Fields; onDone: () => void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<FieldDraft[]>(() => draftOf(fields.list));
  const [reason, setReason] = useState('');
  const [review, setReview] = useState(false);
  const changes = fieldChanges(fields.list, draft);
  const save = useMutation({
    mutationFn: () =>
      boCall(backoffice.boSiteRegisterFieldsSet, {
        body: {
          fields: draft.filter((d) => changes.some((c) => c.field === d.field)),
          reason: reason.trim(),
        },
      }),
    onSuccess: (f) => {
      client.setQueryData(FIELDS_KEY, f);
      notify('success', 'Registration fields saved', 'The next register form a player opens has them.');
      onDone();
    },
    onError: (err) => notify('error', 'Registration fields not saved', refusalText(err)),
  });
  if (review) {
    return (
      <div className="form" data-testid="fields-review">
        <p>The register form changes for every new player:</p>
        <table className="grid grid-compact" aria-label="Changes">
          <thead>
            <tr>
              <th>Field</th>
              <th>Now</th>
              <th>After</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.field}>
                <td>{REGISTER_FIELD_LABEL[c.field] ?? c.field}</td>
                <td className="muted">{c.now}</td>
                <td>
                  <strong>{c.after}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ReviewActions
          reason={reason}
          pending={save.isPending}
          error={save.error}
          back={() => setReview(false)}
          save={() => save.mutate()}
        />
      </div>
    );
  }
  return (
    <form
      className="form"
      aria-label="Registration fields"
      onSubmit={(e) => {
        e.preventDefault();
        setReview(true);
      }}
    >
      <div className="table-scroll">
        <table className="grid grid-compact ss-fields" aria-label="Fields">
          <thead>
            <tr>
              <th>Field</th>
              <th>On the form</th>
            </tr>
          </thead>
          <tbody>
            {draft.map((d) => {
              const label = REGISTER_FIELD_LABEL[d.field] ?? d.field;
              return (
                <tr key={d.field} data-testid={`edit-field-${d.field}`}>
                  <td>{label}</td>
                  <td>
                    <label className="check">
                      <input
                        type="checkbox"
                        aria-label={`Show ${label}`}
                        checked={d.enabled}
                        onChange={(e) => setDraft(setField(draft, d.field, { enabled: e.target.checked }))}
                      />
                      Shown
                    </label>
                    <label className="check">
                      <input
                        type="checkbox"
                        aria-label={`Require ${label}`}
                        checked={d.required}
                        onChange={(e) => setDraft(setField(draft, d.field, { required: e.target.checked }))}
                      />
                      Required
                    </label>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        The invitation codes also follow their links (a code in the address hides its box); the friend
        referral code shows only while the referral switch is on.
      </p>
      <label className="field">
        <span>Reason</span>
        <input
          name="reason"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          required
        />
      </label>
      <div className="form-actions">
        <button type="button" className="button button-quiet" onClick={onDone}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={changes.length === 0 || !reason.trim()}
        >
          Review {changes.length} change{changes.length === 1 ? '' : 's'}
        </button>
      </div>
    </form>
  );
}

/**
 * The customer-service links (decision 052): the pathList entries getService and the status call
 * serve, type 3 being the customer-service popup's address (sent encrypted, decision 043). The VIP
 * service's entry (type 4) is shown and kept as it is.
 */
export function ServiceLinks({ canEdit }: { canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const q = useQuery({ queryKey: LINKS_KEY, queryFn: () => boCall(backoffice.boSiteServiceLinks) });
  const list = q.data?.list ?? [];
  return (
    <section className="panel" aria-label="Customer service">
      <div className="panel-head">
        <h2>Customer service</h2>
        <span className="head-actions">
          {canEdit ? (
            <button type="button" className="button" onClick={() => setEditing(true)} disabled={!q.data}>
              Edit customer-service links
            </button>
          ) : null}
        </span>
      </div>
      <p className="muted">
        The addresses players are sent to for help. The customer-service popup opens the first
        &ldquo;popup&rdquo; address; it travels encrypted to the page that asks.
      </p>
      {q.isPending ? <Loading /> : null}
      {q.error ? <Failed error={q.error} retry={() => void q.refetch()} /> : null}
      {q.data && list.length === 0 ? <Empty title="No customer-service link." /> : null}
      {list.length ? (
        <div className="table-scroll">
          <table
            className="grid grid-compact grid-cards"
            aria-label="Customer-service links"
            data-testid="service-links"
          >
            <thead>
              <tr>
                <th>Type</th>
                <th>Name</th>
                <th>Address</th>
              </tr>
            </thead>
            <tbody>
              {list.map((l, i) => (
                <tr key={i}>
                  <td data-label="Type">{SERVICE_TYPE_LABEL[l.csType] ?? `Type ${l.csType}`}</td>
                  <td data-label="Name">{l.name}</td>
                  <td data-label="Address" className="mono small">
                    {l.path}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {q.data && popupMissing(list) ? (
        <p className="notice notice-error" role="status">
          No popup address: the player&apos;s customer-service button has nowhere to go.
        </p>
      ) : null}
      <Dialog open={editing} title="Customer-service links" onClose={() => setEditing(false)}>
        {editing && q.data ? (
          <LinksForm
            links={list.filter((l) => l.csType !== backoffice.SERVICE_VIP_TYPE)}
            onDone={() => setEditing(false)}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

function LinksForm({ links, onDone }: { links: LinkDraft[]; onDone: () => void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<LinkDraft[]>(links);
  const [reason, setReason] = useState('');
  const [review, setReview] = useState(false);
  const problem = linksProblem(draft);
  const unchanged = sameLinks(links, draft);
  const set = (i: number, change: Partial<LinkDraft>) =>
    setDraft(draft.map((l, j) => (j === i ? { ...l, ...change } : l)));
  const move = (i: number, by: number) => {
    const next = [...draft];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    setDraft(next);
  };
  const save = useMutation({
    mutationFn: () =>
      boCall(backoffice.boSiteServiceLinksSet, {
        body: {
          links: draft.map((l) => ({ csType: l.csType, name: l.name.trim(), path: l.path.trim() })),
          reason: reason.trim(),
        },
      }),
    onSuccess: (l) => {
      client.setQueryData(LINKS_KEY, l);
      notify('success', 'Customer-service links saved', 'Players get them from their next request.');
      onDone();
    },
    onError: (err) => notify('error', 'Customer-service links not saved', refusalText(err)),
  });
  const row = (l: LinkDraft) => `${SERVICE_TYPE_LABEL[l.csType] ?? l.csType} · ${l.name} · ${l.path}`;
  if (review) {
    const before = links.map(row);
    const after = draft.map(row);
    return (
      <div className="form ss-links-form" data-testid="links-review">
        <p>Players get these links, in this order:</p>
        <div className="cards-2">
          <div>
            <h3>Now</h3>
            <ol className="plain-list muted">
              {before.map((r, i) => (
                <li key={i}>{r}</li>
              ))}
            </ol>
          </div>
          <div>
            <h3>After</h3>
            <ol className="plain-list">
              {after.map((r, i) => (
                <li key={i}>{before.includes(r) ? r : <strong>{r}</strong>}</li>
              ))}
            </ol>
          </div>
        </div>
        {popupMissing(draft) ? (
          <p className="notice notice-error">No popup address: the customer-service button will fail.</p>
        ) : null}
        <ReviewActions
          reason={reason}
          pending={save.isPending}
          error={save.error}
          back={() => setReview(false)}
          save={() => save.mutate()}
        />
      </div>
    );
  }
  return (
    <form
      className="form ss-links-form"
      aria-label="Customer-service links"
      onSubmit={(e) => {
        e.preventDefault();
        setReview(true);
      }}
    >
      {draft.map((l, i) => (
        <div key={i} className="ss-links-row" data-testid={`link-${i}`}>
          <label className="field">
            <span>Type</span>
            <select value={l.csType} onChange={(e) => set(i, { csType: Number(e.target.value) })}>
              {[1, 2, 3].map((t) => (
                <option key={t} value={t}>
                  {SERVICE_TYPE_LABEL[t]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Name</span>
            <input value={l.name} maxLength={60} onChange={(e) => set(i, { name: e.target.value })} />
          </label>
          <label className="field">
            <span>Address (https:// or /path)</span>
            <input
              className="mono"
              value={l.path}
              maxLength={500}
              onChange={(e) => set(i, { path: e.target.value })}
            />
          </label>
          <span className="ss-row-tools">
            <button
              type="button"
              className="button button-quiet"
              aria-label={`Move link ${i + 1} up`}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="button button-quiet"
              aria-label={`Move link ${i + 1} down`}
              disabled={i === draft.length - 1}
              onClick={() => move(i, 1)}
            >
              ↓
            </button>
            <button
              type="button"
              className="button button-danger-quiet"
              aria-label={`Remove link ${i + 1}`}
              onClick={() => setDraft(draft.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </span>
        </div>
      ))}
      <div>
        <button
          type="button"
          className="button"
          disabled={draft.length >= 20}
          onClick={() => setDraft([...draft, { csType: 1, name: '', path: '' }])}
        >
          Add a link
        </button>
      </div>
      <label className="field">
        <span>Reason</span>
        <input
          name="reason"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          required
        />
      </label>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button button-quiet" onClick={onDone}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={unchanged || problem !== null || !reason.trim()}
        >
          Review the links
        </button>
      </div>
    </form>
  );
}
