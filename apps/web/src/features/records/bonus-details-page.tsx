import { useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { BonusRecord } from '@app/contract';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { useBonusDetails } from './api.ts';
import { kindLabel } from './format.ts';
import { type Column, FilterSelect, Money } from '../../shared/ui/table.tsx';
import { PagedRecords, RecordsToolbar, useRangeChoice } from './records-ui.tsx';
import { RECORDS_NS } from './strings.ts';
import styles from './records.module.css';
import { Ltr } from '../../shared/ui/ltr.tsx';

const PAGE_SIZE = 10;

/** Bonus details (bonusDetails, RM-04): bonuses, rebates and rewards credited to the member. */
export function BonusDetailsPage() {
  const { t } = useTypedTranslation(RECORDS_NS);
  const { choice, setChoice, range } = useRangeChoice();
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const filters = { ...range, ...(kind ? { kind } : {}) };
  const query = useBonusDetails({ ...filters, page, size: PAGE_SIZE });
  const reset =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
    };

  const columns: Column<BonusRecord>[] = [
    {
      key: 'time',
      label: t('records_col_time'),
      render: (b) => <time className={styles.time}>{formatNoticeDate(b.time)}</time>,
    },
    {
      key: 'kind',
      label: t('records_col_bonus'),
      render: (b) => (
        <span className={styles.stack}>
          <span>{b.memo || kindLabel(t, b.kind)}</span>
          <small>
            {kindLabel(t, b.kind)} · <Ltr>{b.reference}</Ltr>
          </small>
        </span>
      ),
    },
    {
      key: 'amount',
      label: t('records_col_amount'),
      numeric: true,
      render: (b) => <Money value={b.amount} signed tone />,
    },
  ];

  return (
    <div className={styles.page} data-testid="bonus-details">
      <RecordsToolbar
        choice={choice}
        onChoice={reset(setChoice)}
        exportQuery={{ kind: 'bonus', ...range, ...(kind ? { bonusKind: kind } : {}) }}
        filters={
          query.data?.kinds.length ? (
            <FilterSelect
              label={t('records_col_bonus')}
              all={t('records_all')}
              value={kind}
              options={query.data.kinds.map((k) => ({ value: k, label: kindLabel(t, k) }))}
              onChange={reset(setKind)}
            />
          ) : null
        }
      />
      <PagedRecords
        query={query}
        emptyTitle={t('records_bonus_empty_title')}
        emptyText={t('records_bonus_empty_text')}
        summary={(s) => [{ label: t('records_bonus_total'), value: <Money value={s.total} signed tone /> }]}
        caption={t('in_bonus_details')}
        columns={columns}
        onPage={setPage}
      />
    </div>
  );
}
