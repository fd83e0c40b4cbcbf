import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import { Dialog } from '../ui/dialog.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { count, dateOnly } from '../ui/format.ts';
import { notificationProvider } from '../ui/toasts.tsx';
import { errorText, Field, FormError, ReasonField, ReasonForm, SubmitRow } from '../ui/reason-form.tsx';
import './chat-groups.css';

/**
 * The chat room's groups (issue 32; chat.moderate: admin and support): each group with what
 * players read of it, the VIP rank it asks, how many members may enter and how many messages it
 * holds, open or closed. Staff create a group, change its name, description and minimum rank,
 * close or reopen it (a closed group refuses players' entry and posting; its messages stay on the
 * Chat room desk), move it up or down in the players' order, and delete one that never held a
 * message (one that did is closed instead). Every change but the order takes a reason; the
 * server audits each.
 */

type Group = backoffice.BoChatGroupRow;
const KEY = ['bo', 'chat-groups'];
const notify = (type: 'success' | 'error', message: string) => notificationProvider.open?.({ type, message });
const rankText = (minRank: number) => (minRank > 0 ? `Rank ${minRank} and up` : 'Every rank');

export function ChatGroupsPage() {
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [toggling, setToggling] = useState<Group | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const query = useQuery({ queryKey: KEY, queryFn: () => boCall(backoffice.boChatGroups) });
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: KEY });
    // The Chat room desk's group filter reads the same groups.
    void qc.invalidateQueries({ queryKey: ['bo', 'chat'] });
  };
  // One step up or down: the whole new order goes to the server, which refuses a stale one.
  const reorder = useMutation({
    mutationFn: (ids: number[]) => boCall(backoffice.boChatGroupOrder, { body: { ids } }),
    onSuccess: (data) => {
      qc.setQueryData(KEY, data);
      void qc.invalidateQueries({ queryKey: ['bo', 'chat'] });
    },
    onError: (err) => {
      notify('error', errorText(err));
      refresh();
    },
  });
  const list = query.data?.list ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((g) => g.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids);
  };
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Chat groups</h1>
          <p className="muted">
            The groups players see in the chat room, in their order. A member enters a group when their VIP
            rank reaches its minimum; a closed group refuses everyone and keeps its messages. The arrows set
            the players&apos; order; only a group that never held a message can be deleted. Each change is
            recorded in the audit log.
          </p>
        </div>
        <div className="head-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => setEditing('new')}
            data-testid="chat-group-new"
          >
            New group
          </button>
        </div>
      </header>
      {query.isLoading ? <Loading /> : null}
      {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
      {query.data ? (
        query.data.list.length ? (
          <div className="table-card">
            <div className="table-scroll">
              <table className="grid grid-cards" aria-label="Chat groups">
                <thead>
                  <tr>
                    <th className="cg-order">Order</th>
                    <th>Group</th>
                    <th>Minimum rank</th>
                    <th className="num">Members who may enter</th>
                    <th className="num">Messages</th>
                    <th>State</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {query.data.list.map((g, i, all) => (
                    <tr key={g.id} data-testid="chat-group-row" data-group={g.id}>
                      <td data-label="Order" className="cg-order">
                        <div className="cg-move">
                          <span className="mono muted" data-testid="chat-group-place">
                            {i + 1}
                          </span>
                          <button
                            type="button"
                            className="button cg-step"
                            aria-label={`Move ${g.name} up`}
                            title="Move up"
                            disabled={i === 0 || reorder.isPending}
                            onClick={() => move(i, -1)}
                            data-testid="chat-group-up"
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="button cg-step"
                            aria-label={`Move ${g.name} down`}
                            title="Move down"
                            disabled={i === all.length - 1 || reorder.isPending}
                            onClick={() => move(i, 1)}
                            data-testid="chat-group-down"
                          >
                            ↓
                          </button>
                        </div>
                      </td>
                      <td data-label="Group">
                        <strong>{g.name}</strong>
                        {g.description ? <div className="muted small eng-text">{g.description}</div> : null}
                        <div className="muted small">
                          #{g.id} · since {dateOnly(g.createdAt)}
                        </div>
                      </td>
                      <td data-label="Minimum rank">{rankText(g.minRank)}</td>
                      <td data-label="Members who may enter" className="num mono">
                        {count(g.members)}
                      </td>
                      <td data-label="Messages" className="num mono">
                        {count(g.messages)}
                      </td>
                      <td data-label="State">
                        {g.enabled ? (
                          <span className="badge badge-ok" data-testid="chat-group-state">
                            Open
                          </span>
                        ) : (
                          <span className="badge badge-off" data-testid="chat-group-state">
                            Closed
                          </span>
                        )}
                      </td>
                      <td className="row-actions">
                        <button
                          type="button"
                          className="button"
                          onClick={() => setEditing(g)}
                          data-testid="chat-group-edit"
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className={g.enabled ? 'button button-danger-quiet' : 'button'}
                          onClick={() => setToggling(g)}
                          data-testid="chat-group-toggle"
                        >
                          {g.enabled ? 'Close' : 'Reopen'}
                        </button>
                        <button
                          type="button"
                          className="button button-danger-quiet"
                          onClick={() => setDeleting(g)}
                          data-testid="chat-group-delete"
                        >
                          Delete
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ) : (
          <Empty title="No chat groups">Create one with New group: players of its rank see it at once.</Empty>
        )
      ) : null}
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? 'New chat group' : editing ? `Edit ${editing.name}` : ''}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <GroupForm
            key={editing === 'new' ? 'new' : editing.id}
            group={editing === 'new' ? null : editing}
            onDone={(g) => {
              setEditing(null);
              notify('success', `Group “${g.name}” saved`);
              refresh();
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={toggling !== null}
        title={toggling ? `${toggling.enabled ? 'Close' : 'Reopen'} ${toggling.name}` : ''}
        onClose={() => setToggling(null)}
      >
        {toggling ? (
          <ReasonForm
            summary={
              <p>
                {toggling.enabled
                  ? `Closed, “${toggling.name}” leaves the players' chat room: nobody can enter it or post in it until it is reopened. Its ${count(toggling.messages)} messages are kept.`
                  : `Reopened, “${toggling.name}” is back in the chat room for ${rankText(toggling.minRank).toLowerCase()}.`}
              </p>
            }
            action={toggling.enabled ? 'Close group' : 'Reopen group'}
            danger={toggling.enabled}
            testId="chat-confirm"
            send={(reason) =>
              boCall(backoffice.boChatGroupSetOpen, {
                body: { id: toggling.id, open: !toggling.enabled, reason },
              })
            }
            onDone={() => {
              notify('success', `Group “${toggling.name}” ${toggling.enabled ? 'closed' : 'reopened'}`);
              setToggling(null);
              refresh();
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.name}` : ''}
        onClose={() => setDeleting(null)}
      >
        {deleting ? (
          <ReasonForm
            summary={
              <p>
                {deleting.messages > 0
                  ? `“${deleting.name}” holds ${count(deleting.messages)} messages: a group that held messages is not deleted, so they stay on the record. Close it instead.`
                  : `Deleted, “${deleting.name}” leaves the chat room and this list for good. Only a group that never held a message (removed ones included) can be deleted; the audit log keeps what it was.`}
              </p>
            }
            action="Delete group"
            pendingLabel="Deleting…"
            danger
            testId="chat-confirm"
            send={(reason) => boCall(backoffice.boChatGroupDelete, { body: { id: deleting.id, reason } })}
            onDone={() => {
              notify('success', `Group “${deleting.name}” deleted`);
              setDeleting(null);
              refresh();
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

/** The group's fields and the reason, checked against the contract's schema before the call. */
function GroupForm({ group, onDone }: { group: Group | null; onDone: (g: Group) => void }) {
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [minRank, setMinRank] = useState(String(group?.minRank ?? 0));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: backoffice.BoChatGroupBody) => boCall(backoffice.boChatGroupSave, { body }),
    onSuccess: onDone,
    onError: (err) => setError(errorText(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = backoffice.BoChatGroupBodySchema.safeParse({
      ...(group ? { id: group.id } : {}),
      name,
      description,
      minRank: minRank.trim() === '' ? undefined : minRank,
      reason,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the fields');
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <form className="form" onSubmit={submit} aria-label="Chat group" noValidate>
      <Field label="Name">
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} name="name" autoFocus />
      </Field>
      <Field label="Description (shown to players)">
        <textarea
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={200}
          rows={2}
          name="description"
        />
      </Field>
      <Field
        label="Minimum VIP rank"
        hint="0 lets every rank in; a member enters when their rank reaches it."
      >
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={backoffice.CHAT_GROUP_MAX_RANK}
          step={1}
          value={minRank}
          onChange={(e) => setMinRank(e.target.value)}
          name="minRank"
        />
      </Field>
      <ReasonField value={reason} onChange={setReason} />
      <FormError error={error} />
      <SubmitRow
        label={group ? 'Save group' : 'Create group'}
        pending={save.isPending}
        testId="chat-group-save"
      />
    </form>
  );
}
