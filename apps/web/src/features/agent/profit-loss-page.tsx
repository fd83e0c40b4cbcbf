import { useState } from 'react';
import {
  agentReportRanges,
  betProducts,
  getAgentProfitLoss,
  type AgentProfitLossRow,
  type AgentReportRange,
  type BetProduct,
  type ProfitLossFigures,
} from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ChevronRightIcon } from '../../shared/ui/icons.tsx';
import { ScaleIcon } from './icons.tsx';
import { takeDrill } from './drill.ts';
import { productLabel } from './labels.ts';
import { AGENT_STRINGS } from './strings.ts';
import {
  AgentPageFrame,
  AgentTable,
  ExportButton,
  FilterSelect,
  Money,
  Pager,
  QueryBody,
  Segmented,
  uiStyles as ui,
  useAgentQuery,
  type Column,
} from './ui.tsx';
import styles from './pages.module.css';
import { Isolate } from '../../shared/ui/ltr.tsx';

const PAGE_SIZE = 20;
export const PROFIT_LOSS_PAGE = 'palStatementsAgentCopy';

/** The figure columns of research §10, in order; P&L last. */
const FIGURES = [
  'deposit',
  'withdrawal',
  'betAmount',
  'payout',
  'rebate',
  'promotion',
  'profit',
] as const satisfies readonly (keyof ProfitLossFigures)[];

/**
 * User Profit and Loss (palStatementsAgentCopy, research §10): a member's own figures, then each
 * direct downline's whole team, with the total row; an agent row opens its own downlines (the
 * path back stays above the table). "Filter empty records" leaves out the downlines with nothing.
 */
export function ProfitLossPage() {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [range, setRange] = useState<AgentReportRange>('today');
  const [product, setProduct] = useState<BetProduct | ''>('');
  const [filterEmpty, setFilterEmpty] = useState(true);
  const [path, setPath] = useState<string[]>(() => {
    const start = takeDrill(PROFIT_LOSS_PAGE);
    return start ? [start] : [];
  });
  const [page, setPage] = useState(1);
  const username = path.at(-1);
  const filters = {
    range,
    ...(username ? { username } : {}),
    ...(product ? { product } : {}),
    filterEmpty: filterEmpty ? ('true' as const) : ('false' as const),
  };
  const query = useAgentQuery(getAgentProfitLoss, { ...filters, page, size: PAGE_SIZE });
  const reset =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
    };

  const figure = (k: (typeof FIGURES)[number]) => (r: ProfitLossFigures) =>
    k === 'profit' ? <Money value={r[k]} signed tone="inverted" /> : <Money value={r[k]} />;
  const columns: Column<AgentProfitLossRow>[] = [
    {
      key: 'user',
      label: t('agent_col_member'),
      minWidth: 160,
      render: (r) => (
        <span className={ui.stack}>
          {r.isAgent && r.level > 0 && r.teamSize > 0 ? (
            <button
              type="button"
              className={styles.drill}
              onClick={() => {
                setPath((p) => [...p, r.username]);
                setPage(1);
              }}
              data-testid="agent-pl-drill"
            >
              {r.username}
              <ChevronRightIcon size={14} />
            </button>
          ) : (
            <Isolate>{r.username}</Isolate>
          )}
          <small>
            {r.level === 0 ? t('agent_pl_self') : t('agent_level', { level: r.level })}
            {r.isAgent ? ` · ${t('agent_type_agent')}` : ''}
            {r.teamSize > 0 ? ` · ${t('agent_team_size_n', { count: r.teamSize })}` : ''}
          </small>
        </span>
      ),
    },
    ...FIGURES.map((k) => ({ key: k, label: t(`agent_pl_${k}`), numeric: true, render: figure(k) })),
  ];

  return (
    <AgentPageFrame testId="agent-profit-loss">
      <div className={ui.toolbar}>
        <Segmented
          label={t('agent_range')}
          options={agentReportRanges.map((r) => ({ key: r, label: t(`agent_range_${r}`) }))}
          value={range}
          onChange={reset(setRange)}
        />
      </div>
      <div className={ui.toolbar}>
        <div className={ui.toolbarGroup}>
          <FilterSelect
            label={t('agent_col_product')}
            value={product}
            options={[
              { value: '' as const, label: t('agent_all') },
              ...betProducts.map((p) => ({ value: p, label: productLabel(t, p) })),
            ]}
            onChange={reset(setProduct)}
          />
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={filterEmpty}
              onChange={(e) => reset(setFilterEmpty)(e.target.checked)}
              data-testid="agent-pl-filter-empty"
            />
            {t('agent_filter_empty')}
          </label>
        </div>
        <ExportButton
          path="/wps/agent/report/export"
          query={{ report: 'profitLoss', ...filters }}
          fileName="profit-loss.csv"
        />
      </div>
      {path.length > 0 ? (
        <nav className={styles.crumbs} aria-label={t('agent_pl_path')}>
          <button type="button" className={styles.crumb} onClick={() => reset(setPath)([])}>
            {t('agent_my_team')}
          </button>
          {path.map((name, i) => (
            <span key={`${name}-${i}`} className={styles.crumbStep}>
              <ChevronRightIcon size={14} />
              {i === path.length - 1 ? (
                <span aria-current="page">{name}</span>
              ) : (
                <button
                  type="button"
                  className={styles.crumb}
                  onClick={() => reset(setPath)(path.slice(0, i + 1))}
                >
                  {name}
                </button>
              )}
            </span>
          ))}
        </nav>
      ) : null}
      <QueryBody
        query={query}
        isEmpty={(d) => d.total === 0 && FIGURES.every((k) => d.self[k] === 0)}
        empty={{
          title: t('agent_pl_empty_title'),
          text: t('agent_pl_empty_text'),
          icon: <ScaleIcon size={28} />,
        }}
      >
        {(d) => (
          <>
            <p className={ui.note}>
              {d.startDay === d.endDay ? d.startDay : `${d.startDay} – ${d.endDay}`} · {t('agent_pl_tip')}
            </p>
            <AgentTable
              caption={t('agentCenter_profit_loss')}
              columns={columns}
              rows={d.page === 1 ? [d.self, ...d.list] : d.list}
              rowKey={(r) => r.memberId}
              testId="agent-pl"
              total={{
                label: t('agent_total'),
                cells: Object.fromEntries(FIGURES.map((k) => [k, figure(k)(d.totals)])),
              }}
            />
            <Pager page={d.page} size={d.size} total={d.total} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </QueryBody>
    </AgentPageFrame>
  );
}
