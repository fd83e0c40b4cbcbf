import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import { Dialog } from '../ui/dialog.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { errorText, Field, ReasonForm } from '../ui/reason-form.tsx';

type Message = backoffice.BoChatMessage;
type View = 'SHOWN' | 'REMOVED' | 'ALL';
const PAGE = 50;

const dateTime = (ms: number) =>
  new Date(ms).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const MUTE_CHOICES: { minutes: number; label: string }[] = [
  { minutes: 10, label: '10 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 24 * 60, label: '1 day' },
  { minutes: 7 * 24 * 60, label: '7 days' },
  { minutes: 30 * 24 * 60, label: '30 days' },
];

/**
 * The chat room's moderation desk (decision 054, chat.moderate: admin and support): the groups'
 * messages newest first, by group, sender and view; remove a message (it leaves the players' room
 * at once, kept here with who removed it and why) and mute its sender for a while, or lift a
 * mute. The server audits each write. Players' text is shown as text, never as HTML.
 */
export function ChatModerationPage() {
  const [groupId, setGroupId] = useState('');
  const [username, setUsername] = useState('');
  const [view, setView] = useState<View>('SHOWN');
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<Message | null>(null);
  const [muting, setMuting] = useState<Message | null>(null);
  const query = useQuery({
    queryKey: ['bo', 'chat', groupId, username, view, page],
    queryFn: () =>
      boCall(backoffice.boChatMessages, {
        query: {
          ...(groupId ? { groupId: Number(groupId) } : {}),
          ...(username.trim() ? { username: username.trim() } : {}),
          view,
          page,
          size: PAGE,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const mutes = useQuery({ queryKey: ['bo', 'chat-mutes'], queryFn: () => boCall(backoffice.boChatMutes) });
  const unmute = useMutation({
    mutationFn: (memberId: number) => boCall(backoffice.boChatUnmute, { body: { memberId } }),
    onSuccess: () => {
      void mutes.refetch();
      void query.refetch();
    },
  });
  const refresh = () => {
    void query.refetch();
    void mutes.refetch();
  };
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE));
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Chat room</h1>
          <p className="muted">
            What players write in the chat groups. Remove a message that breaks the rules, mute its sender for
            a while; each action is recorded in the audit log.
          </p>
        </div>
      </header>
      <div className="toolbar">
        <label className="field">
          <span>Group</span>
          <select
            value={groupId}
            onChange={(e) => {
              setGroupId(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All groups</option>
            {(query.data?.groups ?? []).map((g) => (
              <option key={g.id} value={g.id}>
                {g.name} {g.minRank ? `(rank ${g.minRank}+)` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Player</span>
          <input
            value={username}
            placeholder="Username starts with…"
            maxLength={32}
            onChange={(e) => {
              setUsername(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="field">
          <span>Show</span>
          <select
            value={view}
            onChange={(e) => {
              setView(e.target.value as View);
              setPage(1);
            }}
          >
            <option value="SHOWN">In the room</option>
            <option value="REMOVED">Removed</option>
            <option value="ALL">All</option>
          </select>
        </label>
      </div>
      <div className="table-card">
        <div className="table-scroll">
          <table className="grid grid-cards" aria-label="Chat messages" aria-busy={query.isFetching}>
            <thead>
              <tr>
                <th>Sent</th>
                <th>Group</th>
                <th>Player</th>
                <th>Message</th>
                <th>State</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {(query.data?.list ?? []).map((m) => (
                <tr key={m.id} data-testid="chat-row">
                  <td data-label="Sent" className="mono">
                    {dateTime(m.sentAt)}
                  </td>
                  <td data-label="Group">{m.groupName}</td>
                  <td data-label="Player">
                    <Link to={`/players/${m.memberId}`}>{m.username}</Link>
                    {m.nickname ? <div className="muted small">{m.nickname}</div> : null}
                    {m.mutedUntil ? (
                      <div className="badge badge-warn" data-testid="chat-muted-badge">
                        Muted until {dateTime(m.mutedUntil)}
                      </div>
                    ) : null}
                  </td>
                  <td data-label="Message">
                    <span className="eng-text" data-testid="chat-row-text">
                      {m.content}
                    </span>
                  </td>
                  <td data-label="State">
                    {m.removedAt ? (
                      <div>
                        <span className="badge badge-off" data-testid="chat-row-state">
                          Removed
                        </span>
                        <div className="muted small">
                          by {m.removedBy} · {dateTime(m.removedAt)}
                        </div>
                        <div className="small">{m.removeReason}</div>
                      </div>
                    ) : (
                      <span className="badge badge-ok" data-testid="chat-row-state">
                        Shown
                      </span>
                    )}
                  </td>
                  <td className="row-actions">
                    {m.removedAt ? null : (
                      <button
                        type="button"
                        className="button button-danger"
                        onClick={() => setRemoving(m)}
                        data-testid="chat-remove"
                      >
                        Remove
                      </button>
                    )}
                    {m.mutedUntil ? null : (
                      <button
                        type="button"
                        className="button"
                        onClick={() => setMuting(m)}
                        data-testid="chat-mute"
                      >
                        Mute
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {query.isLoading ? <Loading /> : null}
          {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
          {query.isSuccess && query.data.list.length === 0 ? (
            <Empty title="No messages here">Nothing matches these filters.</Empty>
          ) : null}
        </div>
        {total > PAGE ? (
          <div className="pager">
            <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span className="muted">
              Page {page} of {pages} · {total} messages
            </span>
            <button
              type="button"
              className="button"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </button>
          </div>
        ) : null}
      </div>
      <section className="panel" aria-labelledby="chat-muted-title">
        <div className="panel-head">
          <h2 id="chat-muted-title">Muted players</h2>
        </div>
        {mutes.data && mutes.data.list.length ? (
          <div className="table-scroll">
            <table className="grid grid-cards" aria-label="Muted players">
              <thead>
                <tr>
                  <th>Player</th>
                  <th>Until</th>
                  <th>Reason</th>
                  <th>By</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {mutes.data.list.map((u) => (
                  <tr key={u.memberId} data-testid="mute-row">
                    <td data-label="Player">{u.username}</td>
                    <td data-label="Until" className="mono">
                      {dateTime(u.until)}
                    </td>
                    <td data-label="Reason">{u.reason}</td>
                    <td data-label="By">{u.mutedBy}</td>
                    <td>
                      <button
                        type="button"
                        className="button"
                        disabled={unmute.isPending}
                        onClick={() => unmute.mutate(u.memberId)}
                        data-testid="chat-unmute"
                      >
                        Lift the mute
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : mutes.isSuccess ? (
          <p className="muted">Nobody is muted.</p>
        ) : null}
        {unmute.error ? (
          <p className="notice notice-error" role="alert">
            {errorText(unmute.error)}
          </p>
        ) : null}
      </section>
      <Dialog open={removing !== null} title="Remove a message" onClose={() => setRemoving(null)}>
        {removing ? (
          <ReasonForm
            summary={<MessageQuote message={removing} />}
            action="Remove"
            placeholder={PLACEHOLDER}
            testId="chat-confirm"
            send={(reason) => boCall(backoffice.boChatRemove, { body: { id: removing.id, reason } })}
            onDone={() => {
              setRemoving(null);
              refresh();
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={muting !== null}
        title={muting ? `Mute ${muting.username}` : ''}
        onClose={() => setMuting(null)}
      >
        {muting ? (
          <MuteForm
            message={muting}
            onDone={() => {
              setMuting(null);
              refresh();
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function MessageQuote({ message }: { message: Message }) {
  return (
    <blockquote className="eng-text">
      <strong>{message.username}:</strong> {message.content}
    </blockquote>
  );
}

const PLACEHOLDER = 'Spam, insults, scam link…';

/** The mute dialog: how long, then the shared reason form. */
function MuteForm({ message, onDone }: { message: Message; onDone: () => void }) {
  const [minutes, setMinutes] = useState(60);
  return (
    <ReasonForm
      summary={<MessageQuote message={message} />}
      action="Mute"
      placeholder={PLACEHOLDER}
      testId="chat-confirm"
      send={(reason) =>
        boCall(backoffice.boChatMute, { body: { memberId: message.memberId, minutes, reason } })
      }
      onDone={onDone}
    >
      <Field label="For">
        <select value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
          {MUTE_CHOICES.map((c) => (
            <option key={c.minutes} value={c.minutes}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
    </ReasonForm>
  );
}
