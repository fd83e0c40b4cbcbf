import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useInvalidate } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { backoffice, feedbackTypes, promotionCategories, promotionKinds, wageringBases } from '@app/contract';
import { boCall } from '../api/client.ts';
import { DataTable } from '../ui/data-table.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Failed, Loading } from '../ui/states.tsx';
import { count, dateTime } from '../ui/format.ts';
import { notificationProvider } from '../ui/toasts.tsx';
import { fromLocalInput, toLocalInput } from './site-preview.tsx';
import './engagement.css';

/**
 * The engagement desks (decision 051): promotions' bonus rules (content.edit), the reward requests'
 * queue (points.approve), the referral programme (content.edit) and the feedback inbox
 * (feedback.handle). Lists go through the data provider (server pages); writes are the calls
 * themselves, audited by the server, then the lists are invalidated.
 */

type Rule = backoffice.PromotionRule;
type Request = backoffice.PromotionRequest;
type Feedback = backoffice.FeedbackItem;

const notify = (type: 'success' | 'error', message: string, description?: string) =>
  notificationProvider.open?.({ type, message, ...(description ? { description } : {}) });
const errorText = (err: unknown) => (err instanceof Error ? err.message : 'The request failed');
const money = (n: number) =>
  n.toLocaleString('en-GB', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

const KIND_LABEL: Record<Rule['kind'], string> = {
  DEPOSIT_MATCH: 'Deposit match',
  RELOAD: 'Reload',
  FIXED: 'Fixed bonus',
  REQUEST: 'Reward on request',
};
const CATEGORY_LABEL: Record<Rule['category'], string> = {
  NEW_MEMBER: 'New members',
  DEPOSIT: 'Deposit',
  DAILY: 'Daily',
  REWARD: 'Reward',
  OTHER: 'Other',
};
/** The products a bonus's wagering counts, in the lobby's order (the seed's codes). */
const PRODUCTS = ['RNG', 'FISH', 'LIVE', 'SPORTS', 'ESPORTS', 'PVP', 'LOTT', 'ELOTT', 'BINGO'] as const;

function Head({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-head">
      <div>
        <h1>{title}</h1>
        <p className="muted">{children}</p>
      </div>
      {actions ? <div className="head-actions">{actions}</div> : null}
    </header>
  );
}

/** What a rule gives ("100 % up to 500 from 50") and its wagering ("10× bonus + deposit · 168 h"). */
function ruleSummary(r: Rule): { give: string; wager: string } {
  const give =
    r.kind === 'DEPOSIT_MATCH' || r.kind === 'RELOAD'
      ? `${r.matchPercent} % up to ${money(r.maxBonus)}${r.minDeposit > 0 ? ` from ${money(r.minDeposit)}` : ''}`
      : r.fixedBonus > 0
        ? money(r.fixedBonus)
        : 'amount set by staff';
  const wager =
    r.wageringMultiplier > 0
      ? `${r.wageringMultiplier}× ${r.wageringBase === 'BONUS' ? 'bonus' : 'bonus + deposit'}`
      : 'no wagering';
  return { give, wager: `${wager} within ${r.expiryHours} h` };
}

function eligibility(r: Rule): string[] {
  const out: string[] = [];
  if (r.newMembersOnly) out.push('New members only');
  if (r.oncePerMember) out.push('Once per member');
  if (r.oncePerDay) out.push('Once a day');
  if (r.minLevel > 0) out.push(`Level ${r.minLevel}+`);
  if (r.excludedAgents.length) out.push(`Not under ${r.excludedAgents.join(', ')}`);
  return out;
}

// ---- Promotions: the bonus rules --------------------------------------------------------------

export function PromotionsPage() {
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  const refresh = () => void invalidate({ resource: 'promotion-rules', invalidates: ['list'] });
  const toggle = useMutation({
    mutationFn: (r: Rule) =>
      boCall(backoffice.boPromotionRuleEnable, { body: { id: r.id, enabled: !r.enabled } }),
    onSuccess: (r) => {
      notify('success', `${r.title} is ${r.enabled ? 'on' : 'off'}`);
      refresh();
    },
    onError: (err) => notify('error', 'The switch failed', errorText(err)),
  });
  const columns = useMemo<ColumnDef<Rule>[]>(
    () => [
      {
        id: 'title',
        header: 'Promotion',
        meta: { className: 'eng-wrap' },
        cell: ({ row }) => (
          <div className="eng-title">
            <strong>{row.original.title}</strong>
            <span className="muted small">
              #{row.original.id} · {CATEGORY_LABEL[row.original.category]}
            </span>
          </div>
        ),
      },
      { id: 'kind', header: 'Kind', cell: ({ row }) => KIND_LABEL[row.original.kind] },
      {
        id: 'gives',
        header: 'Bonus and wagering',
        meta: { className: 'eng-wrap' },
        cell: ({ row }) => {
          const { give, wager } = ruleSummary(row.original);
          return (
            <div className="eng-title">
              <span>{give}</span>
              <span className="muted small">{wager}</span>
            </div>
          );
        },
      },
      {
        id: 'who',
        header: 'Who may take it',
        meta: { className: 'eng-wrap' },
        cell: ({ row }) => {
          const rules = eligibility(row.original);
          return rules.length ? (
            <div className="eng-chips">
              {rules.map((x) => (
                <span key={x} className="badge">
                  {x}
                </span>
              ))}
            </div>
          ) : (
            <span className="muted">Everyone</span>
          );
        },
      },
      {
        id: 'enabled',
        header: 'State',
        cell: ({ row }) => (
          <span className={`badge badge-${row.original.enabled ? 'ok' : 'off'}`} data-testid="rule-state">
            {row.original.enabled ? 'On' : 'Off'}
          </span>
        ),
      },
      {
        id: 'actions',
        header: '',
        meta: { className: 'cell-actions' },
        cell: ({ row }) => (
          <div className="eng-actions">
            <button
              type="button"
              className="button"
              onClick={() => setEditing(row.original)}
              data-testid="rule-edit"
            >
              Edit
            </button>
            <button
              type="button"
              className={row.original.enabled ? 'button button-danger-quiet' : 'button'}
              disabled={toggle.isPending}
              onClick={() => toggle.mutate(row.original)}
              data-testid="rule-toggle"
            >
              {row.original.enabled ? 'Switch off' : 'Switch on'}
            </button>
          </div>
        ),
      },
    ],
    [toggle],
  );
  const { reactTable, refineCore } = useTable<Rule>({
    columns,
    refineCoreProps: {
      resource: 'promotion-rules',
      pagination: { mode: 'off' },
      sorters: { mode: 'off' },
      filters: { mode: 'off' },
    },
  });
  const without =
    (refineCore.tableQuery.data as { without?: { id: number; title: string }[] } | undefined)?.without ?? [];
  return (
    <div className="page">
      <Head
        title="Bonus rules"
        actions={
          <button
            type="button"
            className="button button-primary"
            disabled={without.length === 0}
            title={
              without.length === 0
                ? 'Every promotion has rules: write a promotion in Content first'
                : undefined
            }
            onClick={() => setEditing('new')}
          >
            Add bonus rules
          </button>
        }
      >
        What each promotion gives, its wagering and who may take it, switched on and off here. The
        promotion&apos;s words and schedule are written in <Link to="/content/notices">Content</Link>.
      </Head>
      <DataTable
        table={reactTable}
        core={refineCore}
        label="Promotion rules"
        empty={{
          title: 'No promotion has bonus rules yet',
          hint: 'Add bonus rules to a promotion of Content.',
        }}
      />
      {without.length ? (
        <p className="muted small">
          Without bonus rules (shown to players as a plain promotion):{' '}
          {without.map((w) => w.title).join(' · ')}
        </p>
      ) : null}
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? 'Add bonus rules' : editing ? `Rules of ${editing.title}` : ''}
        onClose={() => setEditing(null)}
      >
        {editing !== null ? (
          <RuleForm
            rule={editing === 'new' ? null : editing}
            without={without}
            onDone={(r) => {
              setEditing(null);
              notify('success', `Rules of ${r.title} saved`);
              refresh();
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

type RuleDraft = {
  id: string;
  kind: Rule['kind'];
  category: Rule['category'];
  matchPercent: string;
  maxBonus: string;
  fixedBonus: string;
  minDeposit: string;
  wageringMultiplier: string;
  wageringBase: Rule['wageringBase'];
  contributions: Record<string, string>;
  expiryHours: string;
  newMembersOnly: boolean;
  oncePerMember: boolean;
  oncePerDay: boolean;
  minLevel: string;
  excludedAgents: string;
  startsAt: string;
  endsAt: string;
  enabled: boolean;
};

function draftOf(rule: Rule | null, firstWithout: number | undefined): RuleDraft {
  const contributions: Record<string, string> = {};
  for (const p of PRODUCTS) contributions[p] = String(rule?.contributions[p] ?? (rule ? 0 : 100));
  return {
    id: String(rule?.id ?? firstWithout ?? ''),
    kind: rule?.kind ?? 'DEPOSIT_MATCH',
    category: rule?.category ?? 'DEPOSIT',
    matchPercent: String(rule?.matchPercent ?? 100),
    maxBonus: String(rule?.maxBonus ?? 0),
    fixedBonus: String(rule?.fixedBonus ?? 0),
    minDeposit: String(rule?.minDeposit ?? 0),
    wageringMultiplier: String(rule?.wageringMultiplier ?? 10),
    wageringBase: rule?.wageringBase ?? 'BONUS_DEPOSIT',
    contributions,
    expiryHours: String(rule?.expiryHours ?? 168),
    newMembersOnly: rule?.newMembersOnly ?? false,
    oncePerMember: rule?.oncePerMember ?? false,
    oncePerDay: rule?.oncePerDay ?? false,
    minLevel: String(rule?.minLevel ?? 0),
    excludedAgents: (rule?.excludedAgents ?? []).join(', '),
    startsAt: rule?.startsAt ? toLocalInput(rule.startsAt) : '',
    endsAt: rule?.endsAt ? toLocalInput(rule.endsAt) : '',
    enabled: rule?.enabled ?? true,
  };
}

/** The save call's body from the form (numbers as typed: the contract's schema says what is wrong). */
export function ruleBodyOf(d: RuleDraft): Record<string, unknown> {
  const num = (v: string) => (v.trim() === '' ? 0 : Number(v));
  const contributions: Record<string, number> = {};
  for (const [k, v] of Object.entries(d.contributions)) if (v.trim() !== '') contributions[k] = Number(v);
  return {
    id: Number(d.id),
    kind: d.kind,
    category: d.category,
    matchPercent: num(d.matchPercent),
    maxBonus: num(d.maxBonus),
    fixedBonus: num(d.fixedBonus),
    minDeposit: num(d.minDeposit),
    wageringMultiplier: num(d.wageringMultiplier),
    wageringBase: d.wageringBase,
    contributions,
    expiryHours: num(d.expiryHours),
    newMembersOnly: d.newMembersOnly,
    oncePerMember: d.oncePerMember,
    oncePerDay: d.oncePerDay,
    minLevel: num(d.minLevel),
    excludedAgents: d.excludedAgents
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
    startsAt: fromLocalInput(d.startsAt),
    endsAt: fromLocalInput(d.endsAt),
    enabled: d.enabled,
  };
}

function RuleForm({
  rule,
  without,
  onDone,
}: {
  rule: Rule | null;
  without: { id: number; title: string }[];
  onDone: (r: Rule) => void;
}) {
  const [d, setD] = useState<RuleDraft>(() => draftOf(rule, without[0]?.id));
  const [error, setError] = useState<string | null>(null);
  const set =
    <K extends keyof RuleDraft>(k: K) =>
    (v: RuleDraft[K]) =>
      setD((x) => ({ ...x, [k]: v }));
  const text = (k: keyof RuleDraft) => (e: { target: { value: string } }) =>
    setD((x) => ({ ...x, [k]: e.target.value }));
  const save = useMutation({
    mutationFn: (body: backoffice.PromotionRuleBody) => boCall(backoffice.boPromotionRuleSave, { body }),
    onSuccess: onDone,
    onError: (err) => setError(errorText(err)),
  });
  const match = d.kind === 'DEPOSIT_MATCH' || d.kind === 'RELOAD';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = backoffice.PromotionRuleBodySchema.safeParse(ruleBodyOf(d));
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => `${i.path.join('.') || 'form'}: ${i.message}`).join('; '));
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <form className="form eng-rule-form" onSubmit={submit} aria-label="Bonus rules">
      <div className="eng-grid">
        {rule ? null : (
          <label className="field eng-wide">
            <span>Promotion</span>
            <select value={d.id} onChange={text('id')} required>
              {without.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.title} (#{w.id})
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="field">
          <span>Kind</span>
          <select value={d.kind} onChange={(e) => set('kind')(e.target.value as Rule['kind'])}>
            {promotionKinds.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Category</span>
          <select value={d.category} onChange={(e) => set('category')(e.target.value as Rule['category'])}>
            {promotionCategories.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABEL[c]}
              </option>
            ))}
          </select>
        </label>
        {match ? (
          <>
            <label className="field">
              <span>Match (% of the deposit)</span>
              <input
                value={d.matchPercent}
                onChange={text('matchPercent')}
                inputMode="decimal"
                name="matchPercent"
              />
            </label>
            <label className="field">
              <span>Cap (largest bonus)</span>
              <input value={d.maxBonus} onChange={text('maxBonus')} inputMode="decimal" name="maxBonus" />
            </label>
            <label className="field">
              <span>Minimum deposit</span>
              <input
                value={d.minDeposit}
                onChange={text('minDeposit')}
                inputMode="decimal"
                name="minDeposit"
              />
            </label>
          </>
        ) : (
          <label className="field">
            <span>{d.kind === 'REQUEST' ? 'Usual reward (staff may change it)' : 'Bonus'}</span>
            <input value={d.fixedBonus} onChange={text('fixedBonus')} inputMode="decimal" name="fixedBonus" />
          </label>
        )}
        <label className="field">
          <span>Wagering (× the base)</span>
          <input
            value={d.wageringMultiplier}
            onChange={text('wageringMultiplier')}
            inputMode="decimal"
            name="wageringMultiplier"
          />
        </label>
        <label className="field">
          <span>Wagering base</span>
          <select
            value={d.wageringBase}
            onChange={(e) => set('wageringBase')(e.target.value as Rule['wageringBase'])}
          >
            {wageringBases.map((b) => (
              <option key={b} value={b}>
                {b === 'BONUS' ? 'The bonus' : 'Bonus + deposit'}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Bonus life (hours)</span>
          <input
            value={d.expiryHours}
            onChange={text('expiryHours')}
            inputMode="numeric"
            name="expiryHours"
          />
        </label>
      </div>
      <fieldset className="eng-fieldset">
        <legend>Each product&apos;s contribution to wagering (%)</legend>
        <div className="eng-products">
          {PRODUCTS.map((p) => (
            <label key={p} className="field">
              <span>{p}</span>
              <input
                value={d.contributions[p] ?? ''}
                inputMode="numeric"
                aria-label={`${p} contribution`}
                onChange={(e) =>
                  setD((x) => ({ ...x, contributions: { ...x.contributions, [p]: e.target.value } }))
                }
              />
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="eng-fieldset">
        <legend>Who may take it</legend>
        <div className="eng-checks">
          <label className="check">
            <input
              type="checkbox"
              checked={d.newMembersOnly}
              onChange={(e) => set('newMembersOnly')(e.target.checked)}
            />{' '}
            New members only
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={d.oncePerMember}
              onChange={(e) => set('oncePerMember')(e.target.checked)}
            />{' '}
            Once per member
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={d.oncePerDay}
              onChange={(e) => set('oncePerDay')(e.target.checked)}
            />{' '}
            Once a day
          </label>
        </div>
        <div className="eng-grid">
          <label className="field">
            <span>Lowest member level (0: any)</span>
            <input value={d.minLevel} onChange={text('minLevel')} inputMode="numeric" name="minLevel" />
          </label>
          <label className="field eng-wide">
            <span>Excluded agents (their whole teams), by username</span>
            <input value={d.excludedAgents} onChange={text('excludedAgents')} placeholder="agent1, agent2" />
          </label>
          <label className="field">
            <span>Starts (empty: with the notice)</span>
            <input type="datetime-local" value={d.startsAt} onChange={text('startsAt')} />
          </label>
          <label className="field">
            <span>Ends (empty: open-ended)</span>
            <input type="datetime-local" value={d.endsAt} onChange={text('endsAt')} />
          </label>
        </div>
      </fieldset>
      <label className="check">
        <input type="checkbox" checked={d.enabled} onChange={(e) => set('enabled')(e.target.checked)} /> On
        (players may join and claim)
      </label>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button className="button button-primary" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save rules'}
        </button>
      </div>
    </form>
  );
}

// ---- Reward requests --------------------------------------------------------------------------

const REQUEST_VIEWS: { value: backoffice.PromotionRequestView; label: string }[] = [
  { value: 'APPLYING', label: 'Waiting (the queue)' },
  { value: 'DECIDED', label: 'Decided' },
  { value: 'ISSUED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
];

const REQUEST_STATUS: Record<string, { label: string; tone: string }> = {
  applying: { label: 'Waiting', tone: 'warn' },
  rejected: { label: 'Rejected', tone: 'off' },
  issued: { label: 'Approved', tone: 'ok' },
  process: { label: 'Approved · wagering', tone: 'ok' },
  claimed: { label: 'Claimed', tone: 'ok' },
};

/** An image the server gives as a data: URL, fetched when shown. */
function BoImage({
  load,
  alt,
  queryKey,
  className,
}: {
  load: () => Promise<{ dataUrl: string }>;
  alt: string;
  queryKey: unknown[];
  className?: string;
}) {
  const q = useQuery({ queryKey, queryFn: load, staleTime: Infinity });
  if (q.isError) return <span className="eng-thumb eng-thumb-failed">Not loaded</span>;
  if (!q.data) return <span className="eng-thumb eng-thumb-wait" aria-busy="true" />;
  return (
    <a href={q.data.dataUrl} target="_blank" rel="noreferrer" className={className ?? 'eng-thumb'}>
      <img src={q.data.dataUrl} alt={alt} />
    </a>
  );
}

function RequestPictures({ r }: { r: Request }) {
  if (r.pictures === 0) return <span className="muted">None</span>;
  return (
    <div className="eng-thumbs" data-testid="request-pictures">
      {Array.from({ length: r.pictures }, (_, n) => (
        <BoImage
          key={n}
          queryKey={['bo', 'request-picture', r.id, n]}
          load={() => boCall(backoffice.boPromotionRequestPicture, { query: { id: r.id, n } })}
          alt={`Picture ${n + 1} of ${r.username}'s request`}
        />
      ))}
    </div>
  );
}

export function RewardRequestsPage() {
  const invalidate = useInvalidate();
  const [view, setView] = useState<backoffice.PromotionRequestView>('APPLYING');
  const [username, setUsername] = useState('');
  const [acting, setActing] = useState<{ r: Request; action: 'approve' | 'reject' } | null>(null);
  const columns = useMemo<ColumnDef<Request>[]>(
    () => [
      { id: 'joinedAt', header: 'Joined', cell: ({ row }) => dateTime(row.original.joinedAt) },
      {
        id: 'player',
        header: 'Player',
        cell: ({ row }) => <Link to={`/players/${row.original.memberId}`}>{row.original.username}</Link>,
      },
      { id: 'promotion', header: 'Promotion', cell: ({ row }) => row.original.title },
      {
        id: 'remark',
        header: 'Remark',
        cell: ({ row }) => <span className="eng-text">{row.original.remark || '—'}</span>,
      },
      { id: 'pictures', header: 'Pictures', cell: ({ row }) => <RequestPictures r={row.original} /> },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => {
          const s = REQUEST_STATUS[row.original.status] ?? { label: row.original.status, tone: '' };
          return (
            <div className="eng-title">
              <span className={`badge badge-${s.tone}`} data-testid="request-status">
                {s.label}
                {row.original.bonus > 0 ? ` · ${money(row.original.bonus)}` : ''}
              </span>
              {row.original.decidedBy ? (
                <span className="muted small">by {row.original.decidedBy}</span>
              ) : null}
              {row.original.reason ? <span className="muted small">“{row.original.reason}”</span> : null}
            </div>
          );
        },
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) =>
          row.original.status === 'applying' ? (
            <div className="eng-actions">
              <button
                type="button"
                className="button button-primary"
                onClick={() => setActing({ r: row.original, action: 'approve' })}
                data-testid="request-approve"
              >
                Approve
              </button>
              <button
                type="button"
                className="button button-danger-quiet"
                onClick={() => setActing({ r: row.original, action: 'reject' })}
                data-testid="request-reject"
              >
                Reject
              </button>
            </div>
          ) : null,
      },
    ],
    [],
  );
  const { reactTable, refineCore } = useTable<Request>({
    columns,
    refineCoreProps: {
      resource: 'reward-requests',
      pagination: { pageSize: 25, mode: 'server' },
      sorters: { mode: 'off' },
      filters: { mode: 'server', initial: [{ field: 'status', operator: 'eq', value: 'APPLYING' }] },
    },
    manualPagination: true,
  });
  const apply = (next: { view?: backoffice.PromotionRequestView; username?: string }) => {
    const v = next.view ?? view;
    const u = next.username ?? username;
    refineCore.setFilters(
      [
        { field: 'status', operator: 'eq', value: v },
        { field: 'username', operator: 'startswith', value: u },
      ],
      'replace',
    );
    refineCore.setCurrentPage(1);
  };
  return (
    <div className="page">
      <Head title="Reward requests">
        Rewards players asked for with pictures and a remark. Approving gives the bonus (the promotion&apos;s
        usual reward, or the amount you set) with its wagering; a rejection&apos;s reason is shown to the
        player.
      </Head>
      <form
        className="toolbar eng-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          apply({});
        }}
      >
        <label className="field">
          <span>Show</span>
          <select
            value={view}
            data-testid="request-view"
            onChange={(e) => {
              const v = e.target.value as backoffice.PromotionRequestView;
              setView(v);
              apply({ view: v });
            }}
          >
            {REQUEST_VIEWS.map((v) => (
              <option key={v.value} value={v.value}>
                {v.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Player</span>
          <input
            type="search"
            value={username}
            placeholder="Username starts with…"
            onChange={(e) => setUsername(e.target.value)}
          />
        </label>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <DataTable
        table={reactTable}
        core={refineCore}
        label="Reward requests"
        cards
        empty={
          view === 'APPLYING'
            ? { title: 'No request is waiting', hint: 'Requests players send appear here, oldest first.' }
            : { title: 'Nothing decided matches', hint: 'Change the view or the player.' }
        }
      />
      <Dialog
        open={acting !== null}
        title={
          acting ? `${acting.action === 'approve' ? 'Approve' : 'Reject'} ${acting.r.username}'s request` : ''
        }
        onClose={() => setActing(null)}
      >
        {acting ? (
          <DecideForm
            acting={acting}
            onDone={(message) => {
              setActing(null);
              notify('success', message);
              void invalidate({ resource: 'reward-requests', invalidates: ['list'] });
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function DecideForm({
  acting,
  onDone,
}: {
  acting: { r: Request; action: 'approve' | 'reject' };
  onDone: (message: string) => void;
}) {
  const { r, action } = acting;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: () =>
      action === 'approve'
        ? boCall(backoffice.boPromotionRequestApprove, {
            body: { id: r.id, ...(amount.trim() ? { amount: Number(amount) } : {}) },
          })
        : boCall(backoffice.boPromotionRequestReject, { body: { id: r.id, reason: reason.trim() } }),
    onSuccess: (res) =>
      onDone(
        action === 'approve'
          ? `Approved: ${money(res.bonus)} to ${r.username}'s bonus wallet`
          : `Rejected ${r.username}'s request`,
      ),
    onError: (err) => setError(errorText(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (action === 'approve' && amount.trim() && !(Number(amount) > 0)) {
      setError('The amount is a number above 0, or empty for the promotion’s usual reward');
      return;
    }
    if (action === 'reject' && !reason.trim()) {
      setError('Give the reason the player will read');
      return;
    }
    setError(null);
    decide.mutate();
  };
  return (
    <form className="form" onSubmit={submit}>
      <dl className="eng-facts">
        <dt>Promotion</dt>
        <dd>{r.title}</dd>
        <dt>Remark</dt>
        <dd>{r.remark || '—'}</dd>
      </dl>
      <RequestPictures r={r} />
      {action === 'approve' ? (
        <label className="field">
          <span>Amount (empty: the promotion&apos;s usual reward)</span>
          <input
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            inputMode="decimal"
            name="amount"
            autoFocus
          />
        </label>
      ) : (
        <label className="field">
          <span>Reason (the player reads it)</span>
          <textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={200}
            rows={3}
            name="reason"
            autoFocus
          />
        </label>
      )}
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          className={action === 'approve' ? 'button button-primary' : 'button button-danger'}
          type="submit"
          disabled={decide.isPending}
          data-testid="decide-confirm"
        >
          {decide.isPending ? 'Saving…' : action === 'approve' ? 'Approve and give the bonus' : 'Reject'}
        </button>
      </div>
    </form>
  );
}

// ---- Referral ---------------------------------------------------------------------------------

export function ReferralPage() {
  const query = useQuery({ queryKey: ['bo', 'referral'], queryFn: () => boCall(backoffice.boReferral) });
  return (
    <div className="page">
      <Head title="Referral">
        Invite friends: a member earns the reward when a friend they invited makes a first deposit of at least
        the minimum and reaches the valid bets. The reward job pays each friend once.
      </Head>
      {query.isLoading ? <Loading /> : null}
      {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
      {query.data ? (
        <div className="eng-referral">
          <ReferralForm
            key={query.data.updatedAt ?? 0}
            programme={query.data}
            onSaved={() => void query.refetch()}
          />
          <section className="panel eng-figures" aria-label="Referral figures">
            <h2>So far</h2>
            <dl className="eng-facts">
              <dt>Invited members</dt>
              <dd className="mono">{count(query.data.invited)}</dd>
              <dt>Friends rewarded</dt>
              <dd className="mono">{count(query.data.rewarded)}</dd>
              <dt>Rewards paid</dt>
              <dd className="mono">{money(query.data.paid)}</dd>
              <dt>Terms changed</dt>
              <dd>{query.data.updatedAt ? dateTime(query.data.updatedAt) : '—'}</dd>
            </dl>
          </section>
        </div>
      ) : null}
    </div>
  );
}

function ReferralForm({
  programme,
  onSaved,
}: {
  programme: backoffice.ReferralProgramme;
  onSaved: () => void;
}) {
  const [enabled, setEnabled] = useState(programme.enabled);
  const [reward, setReward] = useState(String(programme.reward));
  const [minFirstDeposit, setMinFirstDeposit] = useState(String(programme.minFirstDeposit));
  const [minValidBet, setMinValidBet] = useState(String(programme.minValidBet));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: backoffice.ReferralSaveBody) => boCall(backoffice.boReferralSave, { body }),
    onSuccess: (p) => {
      notify('success', `Referral saved: ${p.enabled ? 'on' : 'off'}, reward ${money(p.reward)}`);
      onSaved();
    },
    onError: (err) => setError(errorText(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = backoffice.ReferralSaveBodySchema.safeParse({
      enabled,
      reward: Number(reward),
      minFirstDeposit: Number(minFirstDeposit),
      minValidBet: Number(minValidBet),
    });
    if (!parsed.success || [reward, minFirstDeposit, minValidBet].some((v) => v.trim() === '')) {
      setError('Each amount is a number, 0 or more');
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <form className="panel form" onSubmit={submit} aria-label="Referral terms">
      <label className="check eng-switch">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          name="enabled"
        />
        <span>
          <strong>Programme on</strong>
          <span className="muted small">
            {' '}
            Off: the invite-friends page is closed and nothing is paid; what became owed is paid when it is on
            again.
          </span>
        </span>
      </label>
      <label className="field">
        <span>Reward per qualified friend</span>
        <input value={reward} onChange={(e) => setReward(e.target.value)} inputMode="decimal" name="reward" />
      </label>
      <label className="field">
        <span>Friend&apos;s first deposit, at least</span>
        <input
          value={minFirstDeposit}
          onChange={(e) => setMinFirstDeposit(e.target.value)}
          inputMode="decimal"
          name="minFirstDeposit"
        />
      </label>
      <label className="field">
        <span>Friend&apos;s valid bets, at least</span>
        <input
          value={minValidBet}
          onChange={(e) => setMinValidBet(e.target.value)}
          inputMode="decimal"
          name="minValidBet"
        />
      </label>
      <p className="muted small">
        Rewards already paid stay as they were; new terms count from the job&apos;s next run.
      </p>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button className="button button-primary" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

// ---- Feedback ---------------------------------------------------------------------------------

const TYPE_LABEL: Record<Feedback['type'], string> = {
  SUGGESTION: 'Suggestion',
  BUG: 'Problem',
  PAYMENT: 'Payment',
  GAME: 'Game',
  OTHER: 'Other',
};

function FeedbackImages({ f }: { f: Feedback }) {
  if (f.images.length === 0) return <span className="muted">None</span>;
  return (
    <div className="eng-thumbs" data-testid="feedback-images">
      {f.images.map((id, n) => (
        <BoImage
          key={id}
          queryKey={['bo', 'feedback-image', id]}
          load={() => boCall(backoffice.boFeedbackImage, { query: { id } })}
          alt={`Image ${n + 1} of feedback ${f.id}`}
        />
      ))}
    </div>
  );
}

export function FeedbackPage() {
  const invalidate = useInvalidate();
  const [view, setView] = useState<backoffice.FeedbackView>('OPEN');
  const [type, setType] = useState('');
  const [handling, setHandling] = useState<Feedback | null>(null);
  const columns = useMemo<ColumnDef<Feedback>[]>(
    () => [
      { id: 'createdAt', header: 'Received', cell: ({ row }) => dateTime(row.original.createdAt) },
      {
        id: 'from',
        header: 'From',
        cell: ({ row }) => (
          <div className="eng-title">
            {row.original.memberId ? (
              <Link to={`/players/${row.original.memberId}`}>{row.original.username}</Link>
            ) : (
              <span>Visitor</span>
            )}
            {row.original.sender ? <span className="muted small">{row.original.sender}</span> : null}
          </div>
        ),
      },
      {
        id: 'type',
        header: 'Type',
        cell: ({ row }) => <span className="badge">{TYPE_LABEL[row.original.type]}</span>,
      },
      {
        id: 'content',
        header: 'Feedback',
        cell: ({ row }) => <span className="eng-text">{row.original.content}</span>,
      },
      { id: 'images', header: 'Images', cell: ({ row }) => <FeedbackImages f={row.original} /> },
      {
        id: 'handled',
        header: 'Handled',
        cell: ({ row }) =>
          row.original.handledAt ? (
            <div className="eng-title">
              <span className="badge badge-ok" data-testid="feedback-state">
                Handled
              </span>
              <span className="muted small">
                by {row.original.handledBy} · {dateTime(row.original.handledAt)}
              </span>
              <span className="eng-text small">{row.original.reply}</span>
            </div>
          ) : (
            <button
              type="button"
              className="button button-primary"
              onClick={() => setHandling(row.original)}
              data-testid="feedback-handle"
            >
              Handle
            </button>
          ),
      },
    ],
    [],
  );
  const { reactTable, refineCore } = useTable<Feedback>({
    columns,
    refineCoreProps: {
      resource: 'feedback',
      pagination: { pageSize: 25, mode: 'server' },
      sorters: { mode: 'off' },
      filters: { mode: 'server', initial: [{ field: 'status', operator: 'eq', value: 'OPEN' }] },
    },
    manualPagination: true,
  });
  const apply = (v: backoffice.FeedbackView, t: string) => {
    refineCore.setFilters(
      [
        { field: 'status', operator: 'eq', value: v },
        { field: 'type', operator: 'eq', value: t },
      ],
      'replace',
    );
    refineCore.setCurrentPage(1);
  };
  return (
    <div className="page">
      <Head title="Feedback">
        What players and visitors wrote with the feedback form, with their images. Handle each one with a
        reply or a remark for the next person on the desk.
      </Head>
      <div className="toolbar eng-toolbar">
        <label className="field">
          <span>Show</span>
          <select
            value={view}
            onChange={(e) => {
              const v = e.target.value as backoffice.FeedbackView;
              setView(v);
              apply(v, type);
            }}
          >
            <option value="OPEN">Open (oldest first)</option>
            <option value="HANDLED">Handled (newest first)</option>
            <option value="ALL">All</option>
          </select>
        </label>
        <label className="field">
          <span>Type</span>
          <select
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              apply(view, e.target.value);
            }}
          >
            <option value="">Any</option>
            {feedbackTypes.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABEL[t]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DataTable
        table={reactTable}
        core={refineCore}
        label="Feedback"
        cards
        empty={
          view === 'OPEN'
            ? { title: 'No open feedback', hint: 'New feedback from the form appears here.' }
            : { title: 'No feedback matches', hint: 'Change the view or the type.' }
        }
      />
      <Dialog
        open={handling !== null}
        title={handling ? `Handle feedback #${handling.id}` : ''}
        onClose={() => setHandling(null)}
      >
        {handling ? (
          <HandleForm
            f={handling}
            onDone={() => {
              setHandling(null);
              notify('success', `Feedback #${handling.id} handled`);
              void invalidate({ resource: 'feedback', invalidates: ['list'] });
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function HandleForm({ f, onDone }: { f: Feedback; onDone: () => void }) {
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handle = useMutation({
    mutationFn: () => boCall(backoffice.boFeedbackHandle, { body: { id: f.id, reply: reply.trim() } }),
    onSuccess: onDone,
    onError: (err) => setError(errorText(err)),
  });
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = backoffice.FeedbackReplySchema.safeParse(reply);
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Write the reply');
          return;
        }
        setError(null);
        handle.mutate();
      }}
    >
      <blockquote className="eng-quote">{f.content}</blockquote>
      <FeedbackImages f={f} />
      <label className="field">
        <span>Reply or remark</span>
        <textarea
          value={reply}
          onChange={(e) => setReply(e.target.value)}
          rows={4}
          maxLength={500}
          name="reply"
          autoFocus
        />
        <small className="muted">{[...reply].length} / 500</small>
      </label>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button className="button button-primary" type="submit" disabled={handle.isPending}>
          {handle.isPending ? 'Saving…' : 'Mark handled'}
        </button>
      </div>
    </form>
  );
}
