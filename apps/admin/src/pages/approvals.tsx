import { useMemo, useState, type FormEvent } from 'react';
import { useGetIdentity, useInvalidate, useOne, type CrudFilter } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate, useParams } from 'react-router';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import type { QueueMeta } from '../api/data-provider.ts';
import { DataTable } from '../ui/data-table.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { dateTime } from '../ui/format.ts';
import {
  actionsFor,
  approvalsMissing,
  fourEyesText,
  money,
  refusalText,
  STATUS_LABEL,
  statusTone,
  type ApprovalAction,
  type QueueKind,
} from './approval-rules.ts';

type DepositItem = backoffice.DepositQueueItem;
type WithdrawalItem = backoffice.WithdrawalQueueItem;
type QueueItem = DepositItem | WithdrawalItem;

const TITLE: Record<QueueKind, string> = { deposits: 'Deposits', withdrawals: 'Withdrawals' };
const ONE: Record<QueueKind, string> = { deposits: 'Deposit', withdrawals: 'Withdrawal' };

/** The status filter's choices: the queue by default, then each status, then everything. */
const STATUS_CHOICES: Record<QueueKind, { value: string; label: string }[]> = {
  deposits: [
    { value: 'PENDING', label: 'Pending (the queue)' },
    ...backoffice.DepositQueueQuerySchema.shape.status
      .unwrap()
      .options.filter((s) => s !== 'PENDING' && s !== 'ALL')
      .map((s) => ({ value: s, label: STATUS_LABEL[s] ?? s })),
    { value: 'ALL', label: 'All' },
  ],
  withdrawals: [
    { value: 'OPEN', label: 'Open (the queue)' },
    ...backoffice.WithdrawalQueueQuerySchema.shape.status
      .unwrap()
      .options.filter((s) => s !== 'OPEN' && s !== 'ALL')
      .map((s) => ({ value: s, label: STATUS_LABEL[s] ?? s })),
    { value: 'ALL', label: 'All' },
  ],
};

function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <span className={`badge badge-${statusTone(status)}`} data-testid={testId}>
      {STATUS_LABEL[status] ?? status}
    </span>
  );
}

/** "Needs 2 · approved by Ann · you approved", marked when it waits for a second person. */
function FourEyes({ state, status }: { state: backoffice.ApprovalState; status: string }) {
  const waiting = status === 'PENDING' && state.votes.length > 0 && approvalsMissing(state) > 0;
  return (
    <span
      className={`four-eyes${waiting ? ' four-eyes-waiting' : ''}${state.required > 1 ? ' four-eyes-two' : ''}`}
      data-testid="four-eyes"
    >
      {fourEyesText(state)}
    </span>
  );
}

interface FilterForm {
  status: string;
  username: string;
  orderNo: string;
  extra: string;
  amountMin: string;
  amountMax: string;
  awaitingSecond: boolean;
}

const emptyForm = (kind: QueueKind): FilterForm => ({
  status: kind === 'deposits' ? 'PENDING' : 'OPEN',
  username: '',
  orderNo: '',
  extra: '',
  amountMin: '',
  amountMax: '',
  awaitingSecond: false,
});

const filtersOf = (kind: QueueKind, f: FilterForm): CrudFilter[] => [
  { field: 'status', operator: 'eq', value: f.status },
  { field: 'username', operator: 'startswith', value: f.username },
  { field: 'orderNo', operator: 'startswith', value: f.orderNo },
  { field: kind === 'deposits' ? 'reference' : 'bankCode', operator: 'eq', value: f.extra },
  { field: 'amount', operator: 'gte', value: f.amountMin },
  { field: 'amount', operator: 'lte', value: f.amountMax },
  { field: 'awaitingSecond', operator: 'eq', value: f.awaitingSecond },
];

/** A queue: the server pages, sorts (date or amount) and filters; a row opens the item. */
export function QueuePage({ kind }: { kind: QueueKind }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<FilterForm>(() => emptyForm(kind));
  const columns = useMemo<ColumnDef<QueueItem>[]>(
    () => [
      {
        id: 'orderNo',
        header: 'Order',
        accessorKey: 'orderNo',
        enableSorting: false,
        cell: ({ row }) => (
          <Link className="mono" to={`/${kind}/${row.original.id}`} onClick={(e) => e.stopPropagation()}>
            {row.original.orderNo}
          </Link>
        ),
      },
      {
        id: 'username',
        header: 'Member',
        accessorKey: 'username',
        enableSorting: false,
        cell: ({ row }) => <span className="mono">{row.original.username}</span>,
      },
      {
        id: 'amount',
        header: 'Amount',
        accessorKey: 'amount',
        meta: { className: 'num' },
        cell: ({ row }) => <strong>{money(row.original.amount, row.original.currency)}</strong>,
      },
      kind === 'deposits'
        ? {
            id: 'payerReference',
            header: 'Transfer reference',
            enableSorting: false,
            accessorKey: 'payerReference',
            cell: ({ row }) => (
              <span className="mono">{(row.original as DepositItem).payerReference || '—'}</span>
            ),
          }
        : {
            id: 'bank',
            header: 'Pay to',
            enableSorting: false,
            accessorKey: 'bankName',
            cell: ({ row }) => {
              const w = row.original as WithdrawalItem;
              return (
                <span>
                  {w.bankName} <span className="mono muted">{w.accountNumber}</span>
                </span>
              );
            },
          },
      {
        id: 'status',
        header: 'Status',
        accessorKey: 'status',
        enableSorting: false,
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: 'approvals',
        header: 'Approvals',
        enableSorting: false,
        cell: ({ row }) => <FourEyes state={row.original.approvals} status={row.original.status} />,
      },
      {
        id: 'createdAt',
        header: 'Requested',
        accessorKey: 'createdAt',
        cell: ({ row }) => dateTime(row.original.createdAt),
      },
    ],
    [kind],
  );

  const { reactTable, refineCore } = useTable<QueueItem>({
    columns,
    refineCoreProps: {
      resource: kind,
      pagination: { pageSize: 25, mode: 'server' },
      // The queue is worked from its head: oldest first.
      sorters: { mode: 'server', initial: [{ field: 'createdAt', order: 'asc' }] },
      filters: { mode: 'server', initial: filtersOf(kind, emptyForm(kind)) },
    },
    manualPagination: true,
    manualFiltering: true,
    manualSorting: true,
  });
  const meta = (refineCore.tableQuery.data as { meta?: QueueMeta } | undefined)?.meta;
  const sorter = refineCore.sorters[0];
  const sortValue = sorter ? `${sorter.field}:${sorter.order}` : 'createdAt:asc';
  const set = (k: keyof FilterForm) => (e: { target: { value: string; checked?: boolean } }) =>
    setForm((f) => ({ ...f, [k]: k === 'awaitingSecond' ? Boolean(e.target.checked) : e.target.value }));
  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    refineCore.setFilters(filtersOf(kind, form), 'replace');
  };

  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>{TITLE[kind]}</h1>
          <p className="muted">
            {kind === 'deposits'
              ? 'Bank transfers members say they made: match the reference and the amount against the statement, then approve or reject.'
              : 'Withdrawal requests: approve, pay (make the transfer, then mark it paid), or settle a payout the member disputes.'}
            {meta?.fourEyesAbove != null
              ? ` Above ${money(meta.fourEyesAbove, meta.currency, meta.precision)} two different people must approve.`
              : ''}
          </p>
        </div>
      </header>
      <form className="filters filters-queue" onSubmit={apply} aria-label={`Filter the ${kind}`}>
        <label className="field">
          <span>Status</span>
          <select name="status" value={form.status} onChange={set('status')}>
            {STATUS_CHOICES[kind].map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Member</span>
          <input name="username" placeholder="username" value={form.username} onChange={set('username')} />
        </label>
        <label className="field">
          <span>Order no.</span>
          <input name="orderNo" value={form.orderNo} onChange={set('orderNo')} />
        </label>
        <label className="field">
          <span>{kind === 'deposits' ? 'Reference' : 'Bank code'}</span>
          <input name="extra" value={form.extra} onChange={set('extra')} />
        </label>
        <label className="field field-narrow">
          <span>Amount from</span>
          <input name="amountMin" inputMode="decimal" value={form.amountMin} onChange={set('amountMin')} />
        </label>
        <label className="field field-narrow">
          <span>to</span>
          <input name="amountMax" inputMode="decimal" value={form.amountMax} onChange={set('amountMax')} />
        </label>
        <label className="field">
          <span>Sort</span>
          <select
            name="sort"
            value={sortValue}
            onChange={(e) => {
              const [field, order] = e.target.value.split(':') as [string, 'asc' | 'desc'];
              refineCore.setSorters([{ field, order }]);
            }}
          >
            <option value="createdAt:asc">Oldest first</option>
            <option value="createdAt:desc">Newest first</option>
            <option value="amount:desc">Largest amount</option>
            <option value="amount:asc">Smallest amount</option>
            {kind === 'withdrawals' ? <option value="updatedAt:desc">Last changed</option> : null}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={form.awaitingSecond} onChange={set('awaitingSecond')} />
          Awaiting a 2nd approval
        </label>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            Apply
          </button>
          <button
            type="button"
            className="button button-quiet"
            onClick={() => {
              setForm(emptyForm(kind));
              refineCore.setFilters(filtersOf(kind, emptyForm(kind)), 'replace');
            }}
          >
            Clear
          </button>
        </div>
      </form>
      <DataTable
        table={reactTable}
        core={refineCore}
        cards
        label={`${TITLE[kind]} queue`}
        empty={{ title: 'Nothing waits here.', hint: 'Change the status filter to see decided items.' }}
        onRowClick={(item) => void navigate(`/${kind}/${item.id}`)}
      />
    </div>
  );
}

const ACTION: Record<ApprovalAction, { label: string; tone: string; needs: 'note' | 'reason' | 'finding' }> =
  {
    approve: { label: 'Approve', tone: 'button-primary', needs: 'note' },
    reject: { label: 'Reject', tone: 'button-danger', needs: 'reason' },
    pay: { label: 'Mark paid', tone: 'button-primary', needs: 'note' },
    refund: { label: 'Refund', tone: 'button', needs: 'note' },
    dismiss: { label: 'Dismiss as received', tone: 'button', needs: 'finding' },
  };

const CALL = {
  deposits: { approve: backoffice.boDepositApprove, reject: backoffice.boDepositReject },
  withdrawals: {
    approve: backoffice.boWithdrawalApprove,
    reject: backoffice.boWithdrawalReject,
    pay: backoffice.boWithdrawalPay,
    refund: backoffice.boWithdrawalRefund,
    dismiss: backoffice.boWithdrawalDismiss,
  },
} as const;

const OUTCOME: Record<string, string> = {
  approved: 'Approved',
  'awaiting-second': 'Your approval is recorded: a second, different person must approve it too',
  'already-approved': 'It was approved already: nothing was credited again',
  rejected: 'Rejected',
  paid: 'Marked paid',
  refunded: 'Refunded to the member',
  dismissed: 'Closed as received',
};

/** Sends one action; the server's answer (or refusal) is shown on the item's page. */
function ActionForm({
  kind,
  id,
  action,
  onDone,
}: {
  kind: QueueKind;
  id: number;
  action: ApprovalAction;
  onDone: (outcome: string) => void;
}) {
  const [text, setText] = useState('');
  const spec = ACTION[action];
  const mutation = useMutation({
    mutationFn: async () => {
      const trimmed = text.trim();
      if (action === 'reject') return boCall(CALL[kind].reject, { body: { id, reason: trimmed } });
      if (action === 'dismiss') return boCall(CALL.withdrawals.dismiss, { body: { id, note: trimmed } });
      const def = kind === 'deposits' ? CALL.deposits.approve : CALL.withdrawals[action];
      return boCall(def, { body: { id, note: trimmed } });
    },
    onSuccess: (res) => onDone(res.outcome),
  });
  const required = spec.needs !== 'note';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate();
  };
  return (
    <form className="form" onSubmit={submit}>
      <label className="field">
        <span>
          {spec.needs === 'reason'
            ? 'Reason (the member sees it)'
            : spec.needs === 'finding'
              ? 'Finding'
              : 'Note (optional)'}
        </span>
        <input
          name="text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          required={required}
          maxLength={200}
          autoFocus
        />
      </label>
      {mutation.isError ? (
        <p className="notice notice-error" role="alert" data-testid="action-refusal">
          {refusalText(mutation.error)}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="submit"
          className={`button ${spec.tone}`}
          disabled={mutation.isPending || (required && !text.trim())}
        >
          {mutation.isPending ? 'Sending…' : spec.label}
        </button>
      </div>
    </form>
  );
}

type Detail = backoffice.DepositApprovalDetail | backoffice.WithdrawalApprovalDetail;

/** One item: its proof, the member and their money lately, its four eyes, the actions it allows. */
export function ApprovalShowPage({ kind }: { kind: QueueKind }) {
  const { id } = useParams();
  const { query } = useOne<Detail>({ resource: kind, id: id ?? '' });
  const { data: me } = useGetIdentity<backoffice.StaffMe>();
  const invalidate = useInvalidate();
  const [acting, setActing] = useState<ApprovalAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const detail = query.data?.data;
  const item = detail?.item;
  const actions = item ? actionsFor(kind, item, me?.permissions ?? []) : [];
  const finished = (outcome: string) => {
    setActing(null);
    setDone(OUTCOME[outcome] ?? outcome);
    void invalidate({ resource: kind, invalidates: ['list', 'detail'], id: id ?? '' });
  };
  return (
    <div className="page">
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to={`/${kind}`}>{TITLE[kind]}</Link> <span aria-hidden="true">/</span>{' '}
        <span>{item?.orderNo ?? id}</span>
      </nav>
      {query.isLoading ? <Loading /> : null}
      {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
      {detail && item ? (
        <>
          <header className="page-head">
            <div>
              <h1>
                {ONE[kind]} <span className="mono">{item.orderNo}</span>
              </h1>
              <p className="muted">
                <strong className="amount-big" data-testid="item-amount">
                  {money(item.amount, item.currency)}
                </strong>{' '}
                from <span className="mono">{item.username}</span> · {dateTime(item.createdAt)}
              </p>
            </div>
            <div className="head-actions item-actions" data-testid="item-actions">
              {actions.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`button ${ACTION[a].tone}`}
                  onClick={() => setActing(a)}
                >
                  {ACTION[a].label}
                </button>
              ))}
            </div>
          </header>
          {done ? (
            <p className="notice notice-ok" role="status" data-testid="action-done">
              {done}
            </p>
          ) : null}
          <dl className="facts">
            <div>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={item.status} testId="item-status" />
              </dd>
            </div>
            <div>
              <dt>Approvals</dt>
              <dd>
                <FourEyes state={item.approvals} status={item.status} />
              </dd>
            </div>
            {'reviewedBy' in item && item.reviewedBy ? (
              <div>
                <dt>Decided by</dt>
                <dd>{item.reviewedBy}</dd>
              </div>
            ) : null}
            {'note' in item && item.note ? (
              <div>
                <dt>Reason</dt>
                <dd>{item.note}</dd>
              </div>
            ) : null}
          </dl>
          {item.approvals.votes.length ? (
            <section className="panel">
              <h2>Approvals given</h2>
              <ul className="votes">
                {item.approvals.votes.map((v, i) => (
                  <li key={i}>
                    <strong>{v.name}</strong>{' '}
                    <span className="muted small">
                      {v.actorKind === 'cli' ? 'operator CLI' : 'staff'} · {dateTime(v.at)}
                    </span>
                    {v.note ? <span> — {v.note}</span> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <div className="cards-2">
            {'paidTo' in item ? <DepositProof item={item} /> : null}
            {'fullAccountNumber' in detail ? <PayTo detail={detail} /> : null}
            <MemberPanel member={detail.member} currency={item.currency} />
          </div>
          {'timeline' in detail ? <WithdrawalHistory detail={detail} /> : null}
          <RecentMoney member={detail.member} currency={item.currency} />
          <Dialog
            open={acting !== null}
            title={acting ? `${ACTION[acting].label} ${item.orderNo}` : ''}
            onClose={() => setActing(null)}
          >
            {acting ? <ActionForm kind={kind} id={item.id} action={acting} onDone={finished} /> : null}
          </Dialog>
        </>
      ) : null}
    </div>
  );
}

function DepositProof({ item }: { item: DepositItem }) {
  return (
    <section className="panel" aria-label="Proof of the transfer">
      <h2>Proof</h2>
      <dl className="facts facts-stack">
        <div>
          <dt>Reference on the transfer</dt>
          <dd className="mono" data-testid="payer-reference">
            {item.payerReference || '—'}
          </dd>
        </div>
        <div>
          <dt>Paid to</dt>
          <dd>
            {item.paidTo ? (
              <>
                {item.paidTo.bankName} · {item.paidTo.accountName}{' '}
                <span className="mono">{item.paidTo.accountNumber}</span>
                {item.paidTo.branch ? <span className="muted"> ({item.paidTo.branch})</span> : null}
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>Channel</dt>
          <dd className="mono">{item.channelCode}</dd>
        </div>
      </dl>
    </section>
  );
}

function PayTo({ detail }: { detail: backoffice.WithdrawalApprovalDetail }) {
  const { item } = detail;
  return (
    <section className="panel" aria-label="Pay to">
      <h2>Pay to</h2>
      <dl className="facts facts-stack">
        <div>
          <dt>Bank</dt>
          <dd>
            {item.bankName} <span className="muted">({item.bankCode})</span>
            {detail.branch ? <span className="muted"> · {detail.branch}</span> : null}
          </dd>
        </div>
        <div>
          <dt>Payee</dt>
          <dd>{item.payeeName}</dd>
        </div>
        <div>
          <dt>Account number</dt>
          <dd className="mono">{detail.fullAccountNumber}</dd>
        </div>
      </dl>
      <h3>Bank accounts of the member</h3>
      <ul className="plain-list">
        {detail.bankAccounts.map((a) => (
          <li key={a.id} className={a.deleted ? 'muted' : undefined}>
            {a.bankName} · {a.payeeName} <span className="mono">{a.accountNumber}</span>
            {a.deleted ? ' (removed)' : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

function MemberPanel({ member, currency }: { member: backoffice.ApprovalMember; currency: string }) {
  return (
    <section className="panel" aria-label="Member">
      <h2>Member</h2>
      <dl className="facts facts-stack">
        <div>
          <dt>Username</dt>
          <dd className="mono">{member.username}</dd>
        </div>
        <div>
          <dt>Real name</dt>
          <dd>{member.realName ?? '—'}</dd>
        </div>
        <div>
          <dt>Registered</dt>
          <dd>{dateTime(member.registeredAt)}</dd>
        </div>
        <div>
          <dt>Main balance</dt>
          <dd data-testid="member-balance">{money(member.mainBalance, currency)}</dd>
        </div>
        <div>
          <dt>Deposited / withdrawn, all time</dt>
          <dd>
            {money(member.depositedTotal, currency)} / {money(member.withdrawnTotal, currency)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function WithdrawalHistory({ detail }: { detail: backoffice.WithdrawalApprovalDetail }) {
  const [proof, setProof] = useState<number | null>(null);
  const image = useOneProof(proof);
  return (
    <section className="panel">
      <h2>Timeline</h2>
      <ol className="timeline">
        {detail.timeline.map((e, i) => (
          <li key={i}>
            <StatusBadge status={e.status} /> <span className="muted small">{dateTime(e.at)}</span>{' '}
            <span className="small">by {e.actor}</span>
            {e.note ? <span> — {e.note}</span> : null}
          </li>
        ))}
      </ol>
      {detail.proofs.length ? (
        <>
          <h3>Proof images from the member</h3>
          <div className="chips">
            {detail.proofs.map((p) => (
              <button key={p.id} type="button" className="button" onClick={() => setProof(p.id)}>
                Proof {p.id} · {dateTime(p.uploadedAt)}
              </button>
            ))}
          </div>
          {image.isError ? <Failed error={image.error} /> : null}
          {image.data ? (
            <img className="proof-image" src={image.data.dataUrl} alt={`Proof ${image.data.id}`} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function useOneProof(id: number | null) {
  // A proof image is read only when asked for: it may be up to 5 MB.
  return useQuery({
    queryKey: ['withdrawal-proof', id],
    queryFn: () => boCall(backoffice.boWithdrawalProof, { query: { id: id! } }),
    enabled: id !== null,
  });
}

function RecentMoney({ member, currency }: { member: backoffice.ApprovalMember; currency: string }) {
  return (
    <section className="panel">
      <h2>Recent money of {member.username}</h2>
      <div className="table-scroll">
        <table className="grid grid-compact grid-cards" aria-label="Recent deposits and withdrawals">
          <thead>
            <tr>
              <th>Kind</th>
              <th>Order</th>
              <th className="num">Amount</th>
              <th>Status</th>
              <th>When</th>
            </tr>
          </thead>
          <tbody>
            {[
              ...member.recentDeposits.map((d) => ({ ...d, kind: 'Deposit', to: `/deposits/${d.id}` })),
              ...member.recentWithdrawals.map((w) => ({
                ...w,
                kind: 'Withdrawal',
                to: `/withdrawals/${w.id}`,
              })),
            ]
              .sort((a, b) => b.createdAt - a.createdAt)
              .map((r) => (
                <tr key={r.to}>
                  <td data-label="Kind">{r.kind}</td>
                  <td data-label="Order">
                    <Link className="mono" to={r.to}>
                      {r.orderNo}
                    </Link>
                  </td>
                  <td className="num" data-label="Amount">
                    {money(r.amount, currency)}
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={r.status} />
                  </td>
                  <td data-label="When">{dateTime(r.createdAt)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

// ---- points redeems (issue 32, decision 033 "The mall") -----------------------------------------

type RedeemItem = backoffice.PointsRedeemQueueItem;
const REDEEM_STATUS: Record<string, { label: string; tone: string }> = {
  PROCESS: { label: 'In process', tone: 'warn' },
  APPROVED: { label: 'Approved', tone: 'ok' },
  REJECTED: { label: 'Rejected', tone: 'off' },
};
const POINTS = (n: number) =>
  n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The points mall's redeems beside deposits and withdrawals: in process by default, oldest first;
 * approve (the goods go out) or reject with a reason (the points and the item return). Two staff
 * acting at once: the server keeps one outcome and refuses the other, said here.
 */
export function PointsQueuePage() {
  const [status, setStatus] = useState<'PROCESS' | 'APPROVED' | 'REJECTED' | 'ALL'>('PROCESS');
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<{ item: RedeemItem; action: 'approve' | 'reject' } | null>(null);
  const size = 20;
  const query = useQuery({
    queryKey: ['bo', 'points-redeems', status, username, page],
    queryFn: () =>
      boCall(backoffice.boPointsRedeemQueue, {
        query: { status, page, size, ...(username ? { username } : {}) },
      }),
  });
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / size));
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Points redeems</h1>
          <p className="muted">
            Goods members redeemed with points. Approve when the goods go out; a rejection returns the points
            and the item to the mall.
          </p>
        </div>
      </header>
      <div className="toolbar">
        <label className="field">
          <span>Status</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as typeof status);
              setPage(1);
            }}
            data-testid="redeem-status-filter"
          >
            <option value="PROCESS">In process (the queue)</option>
            <option value="APPROVED">Approved</option>
            <option value="REJECTED">Rejected</option>
            <option value="ALL">All</option>
          </select>
        </label>
        <label className="field">
          <span>Player</span>
          <input
            value={username}
            placeholder="Username starts with…"
            onChange={(e) => {
              setUsername(e.target.value.trim());
              setPage(1);
            }}
          />
        </label>
      </div>
      <div className="table-card">
        <div className="table-scroll">
          <table className="grid grid-cards" aria-label="Points redeems" aria-busy={query.isFetching}>
            <thead>
              <tr>
                <th>Reference</th>
                <th>Applied</th>
                <th>Player</th>
                <th>Goods</th>
                <th className="num">Points</th>
                <th>Status</th>
                <th>Remark</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {(query.data?.list ?? []).map((r) => (
                <tr key={r.id} data-testid="redeem-row">
                  <td data-label="Reference" className="mono">
                    {r.referenceNo}
                  </td>
                  <td data-label="Applied">{dateTime(r.applyTime)}</td>
                  <td data-label="Player">
                    <Link to={`/players/${r.memberId}`}>{r.username}</Link>
                  </td>
                  <td data-label="Goods">
                    {r.goodsName} ×{r.quantity}
                  </td>
                  <td data-label="Points" className="num mono">
                    {POINTS(-r.changedPoints)}
                  </td>
                  <td data-label="Status">
                    <span
                      className={`badge badge-${REDEEM_STATUS[r.status]!.tone}`}
                      data-testid="redeem-status"
                    >
                      {REDEEM_STATUS[r.status]!.label}
                    </span>
                    {r.decidedBy ? <span className="muted small by-line">by {r.decidedBy}</span> : null}
                  </td>
                  <td data-label="Remark">{r.remark || '—'}</td>
                  <td>
                    {r.status === 'PROCESS' ? (
                      <div style={{ display: 'flex', gap: 8 }}>
                        <button
                          type="button"
                          className="button button-primary"
                          onClick={() => setActing({ item: r, action: 'approve' })}
                          data-testid="redeem-approve"
                        >
                          Approve
                        </button>
                        <button
                          type="button"
                          className="button button-danger-quiet"
                          onClick={() => setActing({ item: r, action: 'reject' })}
                          data-testid="redeem-reject"
                        >
                          Reject
                        </button>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {query.isLoading ? <Loading /> : null}
          {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
          {query.isSuccess && query.data.list.length === 0 ? (
            <Empty title={status === 'PROCESS' ? 'No redeem waits for a decision' : 'No redeems match'} />
          ) : null}
        </div>
        <footer className="pager">
          <span className="muted small">
            {(query.data?.total ?? 0).toLocaleString()} in all · page {page} of {pages}
          </span>
          <div className="pager-buttons">
            <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <button
              type="button"
              className="button"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </button>
          </div>
        </footer>
      </div>
      <Dialog
        open={acting !== null}
        title={
          acting ? `${acting.action === 'approve' ? 'Approve' : 'Reject'} ${acting.item.referenceNo}` : ''
        }
        onClose={() => setActing(null)}
      >
        {acting ? (
          <RedeemDecision
            item={acting.item}
            action={acting.action}
            onDone={() => {
              setActing(null);
              void query.refetch();
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function RedeemDecision({
  item,
  action,
  onDone,
}: {
  item: RedeemItem;
  action: 'approve' | 'reject';
  onDone: () => void;
}) {
  const [text, setText] = useState('');
  const mutation = useMutation({
    mutationFn: () =>
      action === 'approve'
        ? boCall(backoffice.boPointsRedeemApprove, { body: { id: item.id, note: text } })
        : boCall(backoffice.boPointsRedeemReject, { body: { id: item.id, reason: text } }),
    onSuccess: onDone,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (action === 'reject' && !text.trim()) return;
    mutation.mutate();
  };
  return (
    <form className="form" onSubmit={submit}>
      <p>
        {item.username}: {item.goodsName} ×{item.quantity} for {POINTS(-item.changedPoints)} points.
        {action === 'reject' ? ' The points and the item return.' : ''}
      </p>
      <label className="field">
        <span>
          {action === 'approve' ? 'Note (optional, the member sees it)' : 'Reason (the member sees it)'}
        </span>
        <input
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
          required={action === 'reject'}
          autoFocus
          data-testid="redeem-text"
        />
      </label>
      {mutation.error ? (
        <p className="notice notice-error" role="alert">
          {refusalText(mutation.error)}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          className={`button ${action === 'approve' ? 'button-primary' : 'button-danger'}`}
          type="submit"
          disabled={mutation.isPending || (action === 'reject' && !text.trim())}
          data-testid="redeem-confirm"
        >
          {action === 'approve' ? 'Approve' : 'Reject and return the points'}
        </button>
      </div>
    </form>
  );
}
