import { useState } from 'react';
import {
  betProducts,
  betStatuses,
  getAgentTeamBets,
  type AgentTeamBet,
  type BetProduct,
  type BetStatus,
} from '@app/contract';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { DiceIcon } from './icons.tsx';
import { takeDrill } from './drill.ts';
import { productLabel } from './labels.ts';
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
import { Isolate, Ltr } from '../../shared/ui/ltr.tsx';

const PAGE_SIZE = 20;
export const TEAM_BETS_PAGE = 'personalHistoryCopy';

const statusTone: Record<BetStatus, string> = { PENDING: 'warn', SETTLED: 'good', CANCELLED: 'bad' };

/**
 * Team Betting (personalHistoryCopy, research §10): the team's bets by bet time, username, product
 * and status, paged on the server, with the CSV of every row.
 */
export function TeamBetsPage() {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [range, setRange] = useState<ListRange>('today');
  const [username, setUsername] = useState(() => takeDrill(TEAM_BETS_PAGE));
  const [product, setProduct] = useState<BetProduct | ''>('');
  const [status, setStatus] = useState<BetStatus | ''>('');
  const [page, setPage] = useState(1);
  const times = listRangeTimes(range);
  const filters = {
    ...times,
    ...(username ? { username } : {}),
    ...(product ? { product } : {}),
    ...(status ? { status } : {}),
  };
  const query = useAgentQuery(getAgentTeamBets, { ...filters, page, size: PAGE_SIZE });
  const reset =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
    };

  const columns: Column<AgentTeamBet>[] = [
    {
      key: 'order',
      label: t('agent_col_order'),
      render: (b) => (
        <span className={ui.stack}>
          <Ltr>{b.orderNo}</Ltr>
          <small>
            <Isolate>{b.username}</Isolate>
          </small>
        </span>
      ),
    },
    {
      key: 'game',
      label: t('agent_col_game'),
      minWidth: 150,
      render: (b) => (
        <span className={ui.stack}>
          <span>{b.gameName}</span>
          <small>
            {productLabel(t, b.product)} · {b.vendor}
          </small>
        </span>
      ),
    },
    {
      key: 'time',
      label: t('agent_col_bet_time'),
      minWidth: 150,
      render: (b) => (
        <span className={ui.stack}>
          <time className={ui.time}>{formatNoticeDate(b.betTime)}</time>
          <small>{b.settleTime === null ? '—' : formatNoticeDate(b.settleTime)}</small>
        </span>
      ),
    },
    {
      key: 'bet',
      label: t('agent_col_bet_amount'),
      numeric: true,
      render: (b) => <Money value={b.betAmount} />,
    },
    {
      key: 'valid',
      label: t('agent_col_valid_bet'),
      numeric: true,
      render: (b) => <Money value={b.validBet} />,
    },
    { key: 'payout', label: t('agent_col_payout'), numeric: true, render: (b) => <Money value={b.payout} /> },
    {
      key: 'winloss',
      label: t('agent_col_winloss'),
      numeric: true,
      render: (b) => <Money value={b.winLoss} signed tone="inverted" />,
    },
    {
      key: 'status',
      label: t('agent_col_status'),
      render: (b) => (
        <span className={ui.chip} data-tone={statusTone[b.status]}>
          {t(`status_${b.status}`)}
        </span>
      ),
    },
  ];

  return (
    <AgentPageFrame testId="agent-team-bets">
      <div className={ui.toolbar}>
        <Segmented
          label={t('agent_range')}
          options={LIST_RANGES.map((r) => ({ key: r, label: t(`agent_range_${r}`) }))}
          value={range}
          onChange={reset(setRange)}
        />
        <ExportButton
          path="/wps/agent/report/export"
          query={{ report: 'bets', ...filters }}
          fileName="team-bets.csv"
        />
      </div>
      <div className={ui.toolbar}>
        <SearchBox
          value={username}
          onSearch={reset(setUsername)}
          placeholder={t('agent_search_username')}
          label={t('agent_search_username')}
        />
        <div className={ui.toolbarGroup}>
          <FilterSelect
            label={t('agent_col_product')}
            value={product}
            options={[
              { value: '' as const, label: t('agent_all') },
              ...betProducts.map((p) => ({ value: p, label: productLabel(t, p) })),
            ]}
            onChange={reset(setProduct)}
            testId="agent-bets-product"
          />
          <FilterSelect
            label={t('agent_col_status')}
            value={status}
            options={[
              { value: '' as const, label: t('agent_all') },
              ...betStatuses.map((s) => ({ value: s, label: t(`status_${s}`) })),
            ]}
            onChange={reset(setStatus)}
            testId="agent-bets-status"
          />
        </div>
      </div>
      <QueryBody
        query={query}
        isEmpty={(d) => d.total === 0}
        empty={{
          title: t('agent_bets_empty_title'),
          text: t('agent_bets_empty_text'),
          icon: <DiceIcon size={28} />,
        }}
      >
        {(d) => (
          <>
            <AgentTable
              caption={t('agentCenter_team_betting')}
              columns={columns}
              rows={d.list}
              rowKey={(b) => b.id}
              testId="agent-bets"
            />
            <Pager page={d.page} size={d.size} total={d.total} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </QueryBody>
    </AgentPageFrame>
  );
}
