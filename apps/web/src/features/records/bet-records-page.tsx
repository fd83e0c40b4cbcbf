import { useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { betProducts, betStatuses, type BetProduct, type BetRecord, type BetStatus } from '@app/contract';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { useBetRecords } from './api.ts';
import { type Column, FilterSelect, Money } from '../../shared/ui/table.tsx';
import { PagedRecords, RecordsToolbar, useRangeChoice } from './records-ui.tsx';
import { RECORDS_NS } from './strings.ts';
import styles from './records.module.css';

const PAGE_SIZE = 10;

/** Betting record (personalHistoryCopy, RM-01): the member's bets written by games and lotteries. */
export function BetRecordsPage() {
  const { t } = useTypedTranslation(RECORDS_NS);
  const { choice, setChoice, range } = useRangeChoice();
  const [product, setProduct] = useState<BetProduct | ''>('');
  const [status, setStatus] = useState<BetStatus | ''>('');
  const [page, setPage] = useState(1);
  const filters = { ...range, ...(product ? { product } : {}), ...(status ? { status } : {}) };
  const query = useBetRecords({ ...filters, page, size: PAGE_SIZE });
  const reset =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
    };

  const columns: Column<BetRecord>[] = [
    {
      key: 'time',
      label: t('records_col_bet_time'),
      render: (b) => <time className={styles.time}>{formatNoticeDate(b.betTime)}</time>,
    },
    {
      key: 'game',
      label: t('records_col_game'),
      render: (b) => (
        <span className={styles.stack}>
          <span>{b.gameName || b.vendor}</span>
          <small>
            {t(`product_${b.product}`)} · {b.betNo}
          </small>
        </span>
      ),
    },
    { key: 'bet', label: t('records_col_bet'), numeric: true, render: (b) => <Money value={b.betAmount} /> },
    {
      key: 'valid',
      label: t('records_col_valid_bet'),
      numeric: true,
      render: (b) => <Money value={b.validBet} />,
    },
    {
      key: 'winloss',
      label: t('records_col_win_loss'),
      numeric: true,
      render: (b) =>
        b.status === 'SETTLED' ? (
          <Money value={b.winLoss} signed tone />
        ) : (
          <span className={styles.muted}>—</span>
        ),
    },
    {
      key: 'status',
      label: t('records_col_status'),
      render: (b) => (
        <span className={styles.chip} data-status={b.status}>
          {t(`status_${b.status}`)}
        </span>
      ),
    },
  ];

  return (
    <div className={styles.page} data-testid="bet-records">
      <RecordsToolbar
        choice={choice}
        onChoice={reset(setChoice)}
        exportQuery={{ kind: 'bets', ...filters }}
        filters={
          <>
            <FilterSelect
              label={t('records_product')}
              all={t('records_all')}
              value={product}
              options={betProducts.map((p) => ({ value: p, label: t(`product_${p}`) }))}
              onChange={reset(setProduct)}
            />
            <FilterSelect
              label={t('records_col_status')}
              all={t('records_all')}
              value={status}
              options={betStatuses.map((s) => ({ value: s, label: t(`status_${s}`) }))}
              onChange={reset(setStatus)}
            />
          </>
        }
      />
      <PagedRecords
        query={query}
        emptyTitle={t('records_bets_empty_title')}
        emptyText={t('records_bets_empty_text')}
        summary={(s) => [
          { label: t('records_total_bet'), value: <Money value={s.betAmount} /> },
          { label: t('records_col_valid_bet'), value: <Money value={s.validBet} /> },
          { label: t('records_col_payout'), value: <Money value={s.payout} /> },
          { label: t('records_col_win_loss'), value: <Money value={s.winLoss} signed tone /> },
        ]}
        caption={t('in_betting_record')}
        columns={columns}
        onPage={setPage}
      />
    </div>
  );
}
