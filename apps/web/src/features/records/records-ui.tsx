import { useId, useState, type ReactNode } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { RecordsExportQuery } from '@app/contract';
import { errorText } from '../../shared/forms/error-text.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ListIcon } from '../../shared/ui/icons.tsx';
import { Pager } from '../../shared/ui/pager.tsx';
import { EmptyState, ErrorState, Spinner } from '../../shared/ui/states.tsx';
import { DataTable, TableSkeleton, type Column } from '../../shared/ui/table.tsx';
import { downloadRecords } from './api.ts';
import {
  customRange,
  dayValue,
  MAX_RANGE_DAYS,
  presetRange,
  rangeDays,
  rangePresets,
  type DateRange,
  type RangePreset,
} from './range.ts';
import { RECORDS_NS } from './strings.ts';
import styles from './records.module.css';
import seg from '../../shared/ui/segmented.module.css';
import table from '../../shared/ui/table.module.css';

export type RangeChoice = { preset: RangePreset } | { preset: 'custom'; range: DateRange };

/** The range a page shows: a preset (7 days at first) or the player's own days. */
export function useRangeChoice(initial: RangePreset = '7d') {
  const [choice, setChoice] = useState<RangeChoice>({ preset: initial });
  const range = choice.preset === 'custom' ? choice.range : presetRange(choice.preset);
  return { choice, setChoice, range };
}

/**
 * Date presets, a custom range, the page's own filters and the CSV export (server-built, for the
 * same range and filters).
 */
export function RecordsToolbar({
  choice,
  onChoice,
  filters,
  exportQuery,
}: {
  choice: RangeChoice;
  onChoice: (c: RangeChoice) => void;
  filters?: ReactNode;
  exportQuery: RecordsExportQuery;
}) {
  const { t } = useTypedTranslation(RECORDS_NS);
  const id = useId();
  const [custom, setCustom] = useState(choice.preset === 'custom');
  const initial = choice.preset === 'custom' ? choice.range : presetRange('7d');
  const [from, setFrom] = useState(dayValue(initial.startTime));
  const [to, setTo] = useState(dayValue(initial.endTime - 1));
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const picked = customRange(from, to);
  const tooLong = picked !== null && rangeDays(picked) > MAX_RANGE_DAYS;

  const runExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadRecords(exportQuery);
    } catch (e) {
      setExportError(errorText(e, t));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarRow}>
        <div className={`${seg.segmented} ${styles.presets}`} role="group" aria-label={t('records_range')}>
          {rangePresets.map((p) => (
            <button
              key={p}
              type="button"
              className={`${seg.segment} ${styles.preset}`}
              aria-pressed={!custom && choice.preset === p}
              onClick={() => {
                setCustom(false);
                onChoice({ preset: p });
              }}
            >
              {t(`records_preset_${p}`)}
            </button>
          ))}
          <button
            type="button"
            className={`${seg.segment} ${styles.preset}`}
            aria-pressed={custom}
            aria-expanded={custom}
            aria-controls={`${id}-custom`}
            onClick={() => setCustom(true)}
          >
            {t('records_preset_custom')}
          </button>
        </div>
        <div className={styles.toolbarEnd}>
          {filters}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void runExport()}
            disabled={exporting}
            data-testid="records-export"
          >
            {exporting ? <Spinner size={14} label={t('records_exporting')} /> : null}
            {t('records_export')}
          </Button>
        </div>
      </div>
      {custom ? (
        <form
          id={`${id}-custom`}
          className={styles.customRow}
          onSubmit={(e) => {
            e.preventDefault();
            if (picked && !tooLong) onChoice({ preset: 'custom', range: picked });
          }}
        >
          <label className={styles.dateField}>
            <span>{t('records_from')}</span>
            <input
              className={table.control}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
            />
          </label>
          <label className={styles.dateField}>
            <span>{t('records_to')}</span>
            <input
              className={table.control}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
            />
          </label>
          <Button type="submit" size="sm" disabled={!picked || tooLong}>
            {t('records_apply')}
          </Button>
          {tooLong ? (
            <span className={styles.hint} role="alert">
              {t('records_range_too_long', { days: MAX_RANGE_DAYS })}
            </span>
          ) : null}
        </form>
      ) : null}
      {exportError ? (
        <p className={styles.hint} role="alert">
          {exportError}
        </p>
      ) : null}
    </div>
  );
}

export function Summary({ items }: { items: { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <dl className={styles.summary}>
      {items.map((i) => (
        <div key={i.label} className={styles.summaryItem} data-testid={i.testId}>
          <dt>{i.label}</dt>
          <dd>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Loading, error and empty states of a records query, or its content. */
export function RecordsBody<T>({
  query,
  isEmpty,
  emptyTitle,
  emptyText,
  children,
}: {
  query: {
    data: T | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  isEmpty: (data: T) => boolean;
  emptyTitle: string;
  emptyText: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTypedTranslation(RECORDS_NS);
  if (query.isPending) return <TableSkeleton />;
  if (query.isError || !query.data)
    return (
      <ErrorState message={errorText(query.error, t)} onRetry={() => void query.refetch()} minHeight={280} />
    );
  if (isEmpty(query.data))
    return (
      <div data-testid="records-empty">
        <EmptyState icon={<ListIcon size={28} />} title={emptyTitle} minHeight={280}>
          {emptyText}
        </EmptyState>
      </div>
    );
  return <>{children(query.data)}</>;
}

/** A page of records as every list answers it: the rows, where they sit in the whole, and totals. */
interface RecordsPage<R, S> {
  content: R[];
  page: number;
  totalPages: number;
  totalElements: number;
  summary: S;
}

/**
 * One paged list of records: loading, error and empty states, the period's totals, the table and
 * the pager — the same frame for bets, account records and bonuses.
 */
export function PagedRecords<R extends { id: string | number }, S>({
  query,
  emptyTitle,
  emptyText,
  summary,
  caption,
  columns,
  onPage,
}: {
  query: {
    data: RecordsPage<R, S> | undefined;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  emptyTitle: string;
  emptyText: string;
  summary: (totals: S) => { label: string; value: ReactNode; testId?: string }[];
  caption: string;
  columns: Column<R>[];
  onPage: (page: number) => void;
}) {
  const { t } = useTypedTranslation(RECORDS_NS);
  return (
    <RecordsBody
      query={query}
      isEmpty={(d) => d.totalElements === 0}
      emptyTitle={emptyTitle}
      emptyText={emptyText}
    >
      {(d) => (
        <>
          <Summary items={summary(d.summary)} />
          <DataTable caption={caption} columns={columns} rows={d.content} rowKey={(r) => r.id} />
          <Pager
            page={d.page}
            pages={d.totalPages}
            onPage={onPage}
            busy={query.isFetching}
            summary={t('records_count', { count: d.totalElements })}
          />
        </>
      )}
    </RecordsBody>
  );
}
