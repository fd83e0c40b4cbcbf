import { useState, type ReactNode } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { CallDef, CallQuery, CallValue } from '@app/contract';
import { call } from '../../shared/http/client.ts';
import { downloadCsv } from '../../shared/http/download.ts';
import { useQuery } from '../../shared/http/use-query.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { CheckIcon, ListIcon } from '../../shared/ui/icons.tsx';
import { Pager as SharedPager } from '../../shared/ui/pager.tsx';
import { EmptyState, ErrorState, Spinner } from '../../shared/ui/states.tsx';
import { DataTable, TableSkeleton, type Column } from '../../shared/ui/table.tsx';
import { CopyIcon, DownloadIcon } from './icons.tsx';
import { agentErrorText } from './errors.ts';
import { AgentRefusal, isAgentOnly } from './refusal.tsx';
import { AGENT_STRINGS } from './strings.ts';
import styles from './ui.module.css';
import seg from '../../shared/ui/segmented.module.css';
import table from '../../shared/ui/table.module.css';

// The shared list pieces, part of the agent pages' kit.
export { FilterSelect, Money, type Column } from '../../shared/ui/table.tsx';

/** The query key prefix of every agent read: a write refreshes them all (useAgentRefresh). */
export const AGENT_KEY = ['agent'] as const;

/** One agent read: keyed by call and query, the previous page kept on screen while the next loads. */
export function useAgentQuery<C extends CallDef>(def: C, query?: CallQuery<C>, enabled = true) {
  return useQuery<CallValue<C>>({
    queryKey: [...AGENT_KEY, def.id, query ?? null],
    queryFn: ({ signal }) => call(def, query === undefined ? { signal } : { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled,
  });
}

/** A count in the page's language. */
export function Count({ value }: { value: number }) {
  const { i18n } = useTypedTranslation('translation');
  return (
    <span className={table.money} dir="ltr">
      {new Intl.NumberFormat(i18n.language || 'en').format(value)}
    </span>
  );
}

/** A page's frame: its toolbar, then its body. */
export function AgentPageFrame({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className={styles.page} data-testid={testId} data-agent-page="">
      {children}
    </div>
  );
}

/** The table skeleton of an agent read; the end-to-end tests wait for `agent-loading` to go. */
export function AgentLoading({ rows }: { rows?: number }) {
  return <TableSkeleton rows={rows} testId="agent-loading" />;
}

/** The failure of an agent read: a non-agent's refusal (ER-28, ER-29), or what happened with a retry. */
export function AgentError({
  error,
  onRetry,
  minHeight = 280,
}: {
  error: unknown;
  onRetry: () => void;
  minHeight?: number;
}) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  if (isAgentOnly(error)) return <AgentRefusal />;
  return (
    <div data-testid="agent-error">
      <ErrorState message={agentErrorText(error, t)} onRetry={onRetry} minHeight={minHeight} />
    </div>
  );
}

/** An empty list: what it means and what to do. */
export function AgentEmpty({
  title,
  text,
  icon,
  minHeight = 260,
}: {
  title: string;
  text: string;
  icon?: ReactNode;
  minHeight?: number;
}) {
  return (
    <div data-testid="agent-empty">
      <EmptyState icon={icon ?? <ListIcon size={28} />} title={title} minHeight={minHeight}>
        {text}
      </EmptyState>
    </div>
  );
}

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Loading, error and empty states of one read, or its content. */
export function QueryBody<T>({
  query,
  isEmpty,
  empty,
  loading,
  children,
}: {
  query: QueryLike<T>;
  isEmpty?: (data: T) => boolean;
  empty?: { title: string; text: string; icon?: ReactNode };
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <>{loading ?? <AgentLoading />}</>;
  if (query.isError || query.data === undefined)
    return <AgentError error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data) && empty) return <AgentEmpty {...empty} />;
  return <>{children(query.data)}</>;
}

/**
 * The agent centre's tables: the shared table (shared/ui/table.tsx) with the reports' narrower
 * cells, and an optional total row to close it.
 */
export function AgentTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  total,
  testId,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  caption: string;
  total?: { label: string; cells: Partial<Record<string, ReactNode>> };
  testId?: string;
}) {
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      caption={caption}
      testId={testId}
      dense
      footer={
        total ? (
          <tr className={styles.totalRow} data-testid="agent-total-row">
            {columns.map((c, i) => (
              <td key={c.key} data-label={c.label} data-numeric={c.numeric || undefined}>
                {i === 0 ? <strong>{total.label}</strong> : (total.cells[c.key] ?? '')}
              </td>
            ))}
          </tr>
        ) : undefined
      }
    />
  );
}

/** Server paging: the count, previous and next, the page of pages. */
/** The shared pager with the agent lists' count ("8 records") before it. */
export function Pager({
  page,
  size,
  total,
  onPage,
  busy,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (p: number) => void;
  busy?: boolean;
}) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  return (
    <SharedPager
      page={page}
      pages={Math.max(1, Math.ceil(total / size))}
      onPage={onPage}
      busy={busy}
      summary={t('agent_count', { count: total })}
    />
  );
}

/** The CSV export of a list, for the same filters as on screen; a failure says why. */
export function ExportButton({
  path,
  query,
  fileName,
}: {
  path: string;
  query: Record<string, unknown>;
  fileName: string;
}) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadCsv(path, query, fileName);
    } catch (e) {
      setFailure(agentErrorText(e, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className={styles.exportWrap}>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void run()}
        disabled={busy}
        data-testid="agent-export"
      >
        {busy ? <Spinner size={14} /> : <DownloadIcon size={16} />}
        {t('agent_export')}
      </Button>
      {failure ? (
        <span className={styles.fieldError} role="alert">
          {failure}
        </span>
      ) : null}
    </span>
  );
}

/** Copies `text`, then says so for a moment (a link, a code, a new account's details). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without the clipboard API (an insecure origin): the old way, through a selected field.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let ok: boolean;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

export function CopyButton({ text, label, testId }: { text: string; label?: string; testId?: string }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={styles.copy}
      data-copied={copied || undefined}
      onClick={() =>
        void copyText(text).then((ok) => {
          setCopied(ok);
          if (ok) setTimeout(() => setCopied(false), 1_800);
        })
      }
      aria-label={label ? undefined : t('agent_copy')}
      data-testid={testId}
    >
      {copied ? <CheckIcon size={15} /> : <CopyIcon size={15} />}
      {label ? <span>{copied ? t('agent_copied') : label}</span> : null}
      <span className="visually-hidden" aria-live="polite">
        {copied ? t('agent_copied') : ''}
      </span>
    </button>
  );
}

/** Segmented choices (ranges, tabs of a list): one pressed at a time. */
export function Segmented<K extends string>({
  options,
  value,
  onChange,
  label,
  testId,
}: {
  options: { key: K; label: string }[];
  value: K;
  onChange: (k: K) => void;
  label: string;
  testId?: string;
}) {
  return (
    <div className={seg.segmented} role="group" aria-label={label} data-testid={testId}>
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          className={seg.segment}
          aria-pressed={o.key === value}
          onClick={() => onChange(o.key)}
          data-key={o.key}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** A search box that asks on submit (Enter or the button), not on every key. */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  label,
}: {
  value: string;
  onSearch: (v: string) => void;
  placeholder: string;
  label: string;
}) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [text, setText] = useState(value);
  return (
    <form
      className={styles.search}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label className="visually-hidden" htmlFor="agent-search">
        {label}
      </label>
      <input
        id="agent-search"
        className={table.control}
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        maxLength={50}
        autoComplete="off"
      />
      <Button type="submit" size="sm" variant="secondary">
        {t('agent_search')}
      </Button>
    </form>
  );
}

/** Figures in tiles (the overview's, the income's totals). */
export function StatTiles({
  items,
}: {
  items: { label: string; value: ReactNode; testId?: string; accent?: boolean }[];
}) {
  return (
    <dl className={styles.tiles}>
      {items.map((i) => (
        <div key={i.label} className={styles.tile} data-accent={i.accent || undefined} data-testid={i.testId}>
          <dt>{i.label}</dt>
          <dd>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The agent pages' classes. A form's field (`input`) is the shared toolbar control with its own
 * width: the class list here, not a `composes` across files, which would copy the shared table's
 * whole stylesheet into this one.
 */
export const uiStyles: typeof styles = { ...styles, input: `${table.control} ${styles.input}` };
