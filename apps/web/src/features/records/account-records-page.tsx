import { useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { KeyIn } from '../../shared/i18n/keys.ts';
import { accountRecordTypes, type AccountRecord, type AccountRecordType } from '@app/contract';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { useMerchantWallet } from '../wallet/index.ts';
import { useAccountRecords } from './api.ts';
import { kindLabel } from './format.ts';
import { type Column, FilterSelect, Money } from '../../shared/ui/table.tsx';
import { PagedRecords, RecordsToolbar, useRangeChoice } from './records-ui.tsx';
import { RECORDS_NS } from './strings.ts';
import styles from './records.module.css';
import { Ltr } from '../../shared/ui/ltr.tsx';

const PAGE_SIZE = 10;

/**
 * Account record (transactionHistory, RM-02): the member's movements with their type; a
 * withdrawal is one outgoing row with its state (the server leaves out the held amount's own
 * bookkeeping, issue 28).
 */
export function AccountRecordsPage() {
  const { t } = useTypedTranslation(RECORDS_NS);
  const { choice, setChoice, range } = useRangeChoice();
  const [type, setType] = useState<AccountRecordType | ''>('');
  const [page, setPage] = useState(1);
  const filters = { ...range, ...(type ? { type } : {}) };
  const query = useAccountRecords({ ...filters, page, size: PAGE_SIZE });
  // A vendor wallet (VENDOR_PG) reads by the name the merchant gives it (PG Soft).
  const merchant = useMerchantWallet();
  const walletName = (walletType: string) =>
    // The one key here built from server data: a vendor wallet (VENDOR_PG) has none, its name is
    // the default; MAIN, BONUS and PENDING_WITHDRAWAL are the catalogue's.
    t(`wallet_${walletType}` as KeyIn<typeof RECORDS_NS>, {
      defaultValue:
        merchant.data?.wallets.find((w) => `VENDOR_${w.accountType}` === walletType)?.name ?? walletType,
    });
  const reset =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
    };

  const columns: Column<AccountRecord>[] = [
    {
      key: 'time',
      label: t('records_col_time'),
      render: (r) => <time className={styles.time}>{formatNoticeDate(r.time)}</time>,
    },
    {
      key: 'kind',
      label: t('records_col_type'),
      render: (r) => (
        <span className={styles.stack}>
          <span className={styles.kindLine}>
            {kindLabel(t, r.kind)}
            {/* A withdrawal's one row says where its money is: pending, paid, rejected, cancelled. */}
            {r.status && (
              <span className={styles.chip} data-status={r.status} data-testid="withdraw-record-status">
                {t(`withdraw_status_${r.status}`)}
              </span>
            )}
          </span>
          <small>
            <Ltr>{r.reference}</Ltr>
            {r.walletType !== 'MAIN' ? ` · ${walletName(r.walletType)}` : ''}
          </small>
        </span>
      ),
    },
    {
      key: 'amount',
      label: t('records_col_amount'),
      numeric: true,
      render: (r) => <Money value={r.amount} signed tone />,
    },
    {
      key: 'balance',
      label: t('records_col_balance_after'),
      numeric: true,
      render: (r) => <Money value={r.balanceAfter} />,
    },
    {
      key: 'memo',
      label: t('records_col_memo'),
      render: (r) => <span className={styles.memo}>{r.memo || '—'}</span>,
    },
  ];

  return (
    <div className={styles.page} data-testid="account-records">
      <RecordsToolbar
        choice={choice}
        onChoice={reset(setChoice)}
        exportQuery={{ kind: 'account', ...filters }}
        filters={
          <FilterSelect
            label={t('records_col_type')}
            all={t('records_all')}
            value={type}
            options={accountRecordTypes.map((v) => ({ value: v, label: t(`type_${v}`) }))}
            onChange={reset(setType)}
            testId="account-type-filter"
          />
        }
      />
      <PagedRecords
        query={query}
        emptyTitle={t('records_account_empty_title')}
        emptyText={t('records_account_empty_text')}
        summary={(s) => [
          { label: t('records_credit'), value: <Money value={s.credit} signed tone /> },
          { label: t('records_debit'), value: <Money value={s.debit} signed tone /> },
        ]}
        caption={t('in_account_record')}
        columns={columns}
        onPage={setPage}
      />
    </div>
  );
}
