import { useState } from 'react';
import {
  accountRecordTypes,
  getAgentTransactions,
  type AccountRecordType,
  type AgentTransaction,
} from '@app/contract';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ReceiptIcon } from './icons.tsx';
import { kindLabel } from './labels.ts';
import { LIST_RANGES, listRangeTimes, type ListRange } from './ranges.ts';
import { AGENT_STRINGS } from './strings.ts';
import {
  AgentPageFrame,
  AgentTable,
  ExportButton,
  FilterSelect,
  Money,
  Pager,
  QueryBody,
  SearchBox,
  Segmented,
  uiStyles as ui,
  useAgentQuery,
  type Column,
} from './ui.tsx';
import { Ltr } from '../../shared/ui/ltr.tsx';

const PAGE_SIZE = 20;

/**
 * Transaction Details (agentDownlineTransactionDetailsCopy, research §10): the team's money
 * movements by username and type, with the balance after each; transfers in and out read by sign.
 */
export function TransactionsPage() {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [range, setRange] = useState<ListRange>('last7Days');
  const [username, setUsername] = useState('');
  const [type, setType] = useState<AccountRecordType | ''>('');
  const [page, setPage] = useState(1);
  const filters = { ...listRangeTimes(range), ...(username ? { username } : {}), ...(type ? { type } : {}) };
  const query = useAgentQuery(getAgentTransactions, { ...filters, page, size: PAGE_SIZE });
  const reset =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
    };
  const columns: Column<AgentTransaction>[] = [
    {
      key: 'time',
      label: t('agent_col_time'),
      render: (r) => <time className={ui.time}>{formatNoticeDate(r.time)}</time>,
    },
    { key: 'user', label: t('agent_username'), render: (r) => r.username },
    {
      key: 'type',
      label: t('agent_col_type'),
      render: (r) => (
        <span className={ui.stack}>
          <span>{kindLabel(t, r.kind)}</span>
          <small>
            <Ltr>{r.reference}</Ltr>
          </small>
        </span>
      ),
    },
    {
      key: 'amount',
      label: t('agent_col_amount'),
      numeric: true,
      render: (r) => <Money value={r.amount} signed tone />,
    },
    {
      key: 'balance',
      label: t('agent_col_balance_after'),
      numeric: true,
      render: (r) => <Money value={r.balanceAfter} />,
    },
    {
      key: 'remark',
      label: t('agent_col_remark'),
      render: (r) => <span className={ui.muted}>{r.remark || '—'}</span>,
    },
  ];
  return (
    <AgentPageFrame testId="agent-transactions">
      <div className={ui.toolbar}>
        <Segmented
          label={t('agent_range')}
          options={LIST_RANGES.map((r) => ({ key: r, label: t(`agent_range_${r}`) }))}
          value={range}
          onChange={reset(setRange)}
        />
        <ExportButton
          path="/wps/agent/report/export"
          query={{ report: 'transactions', ...filters }}
          fileName="transactions.csv"
        />
      </div>
      <div className={ui.toolbar}>
        <SearchBox
          value={username}
          onSearch={reset(setUsername)}
          placeholder={t('agent_search_username')}
          label={t('agent_search_username')}
        />
        <FilterSelect
          label={t('agent_col_type')}
          value={type}
          options={[
            { value: '' as const, label: t('agent_all') },
            ...accountRecordTypes.map((v) => ({ value: v, label: t(`type_${v}`) })),
          ]}
          onChange={reset(setType)}
          testId="agent-tx-type"
        />
      </div>
      <QueryBody
        query={query}
        isEmpty={(d) => d.total === 0}
        empty={{
          title: t('agent_tx_empty_title'),
          text: t('agent_tx_empty_text'),
          icon: <ReceiptIcon size={28} />,
        }}
      >
        {(d) => (
          <>
            <AgentTable
              caption={t('agentCenter_transactions')}
              columns={columns}
              rows={d.list}
              rowKey={(r) => r.id}
              testId="agent-tx"
            />
            <Pager page={d.page} size={d.size} total={d.total} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </QueryBody>
    </AgentPageFrame>
  );
}
