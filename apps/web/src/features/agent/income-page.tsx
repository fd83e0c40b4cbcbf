import { useState } from 'react';
import { agentReportRanges, getAgentIncome, type AgentReportRange } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { CoinsIcon } from './icons.tsx';
import { productLabel } from './labels.ts';
import { AGENT_STRINGS } from './strings.ts';
import {
  AgentPageFrame,
  AgentTable,
  ExportButton,
  Money,
  QueryBody,
  Segmented,
  StatTiles,
  uiStyles as ui,
  useAgentQuery,
} from './ui.tsx';

type ProductRow = { product: string; agentRebate: number; ownRebate: number };

/**
 * My Income (agentRevenueReport, research §10): the agent's rebate on its team by product, its
 * own bets' rebate, salaries and dividends (the contracts of the next issue) and the total.
 */
export function IncomePage() {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [range, setRange] = useState<AgentReportRange>('thisMonth');
  const query = useAgentQuery(getAgentIncome, { range });
  return (
    <AgentPageFrame testId="agent-income">
      <div className={ui.toolbar}>
        <Segmented
          label={t('agent_range')}
          options={agentReportRanges.map((r) => ({ key: r, label: t(`agent_range_${r}`) }))}
          value={range}
          onChange={setRange}
        />
        <ExportButton
          path="/wps/agent/report/export"
          query={{ report: 'income', range }}
          fileName="income.csv"
        />
      </div>
      <QueryBody query={query}>
        {(d) => (
          <>
            <StatTiles
              items={[
                {
                  label: t('agent_income_total'),
                  value: <Money value={d.totals.total} />,
                  accent: true,
                  testId: 'agent-income-total',
                },
                {
                  label: t('agent_income_agent_rebate'),
                  value: <Money value={d.totals.agentRebate} />,
                  testId: 'agent-income-agent-rebate',
                },
                { label: t('agent_income_own_rebate'), value: <Money value={d.totals.ownRebate} /> },
                { label: t('agent_income_salary'), value: <Money value={d.totals.salary} /> },
                { label: t('agent_income_dividend'), value: <Money value={d.totals.dividend} /> },
              ]}
            />
            <h4 className={ui.sectionTitle}>
              {t('agent_income_by_product')}
              <small>{d.startDay === d.endDay ? d.startDay : `${d.startDay} – ${d.endDay}`}</small>
            </h4>
            {d.products.length === 0 ? (
              <div data-testid="agent-empty">
                <StatEmpty />
              </div>
            ) : (
              <AgentTable<ProductRow>
                caption={t('agent_income_by_product')}
                rows={d.products}
                rowKey={(r) => r.product}
                testId="agent-income-products"
                columns={[
                  {
                    key: 'product',
                    label: t('agent_col_product'),
                    render: (r) => productLabel(t, r.product),
                  },
                  {
                    key: 'agent',
                    label: t('agent_income_agent_rebate'),
                    numeric: true,
                    render: (r) => <Money value={r.agentRebate} />,
                  },
                  {
                    key: 'own',
                    label: t('agent_income_own_rebate'),
                    numeric: true,
                    render: (r) => <Money value={r.ownRebate} />,
                  },
                ]}
                total={{
                  label: t('agent_total'),
                  cells: {
                    agent: <Money value={d.totals.agentRebate} />,
                    own: <Money value={d.totals.ownRebate} />,
                  },
                }}
              />
            )}
          </>
        )}
      </QueryBody>
    </AgentPageFrame>
  );
}

function StatEmpty() {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  return (
    <div className={ui.panel}>
      <p className={ui.panelTitle}>
        <CoinsIcon size={18} /> {t('agent_income_empty_title')}
      </p>
      <p className={ui.note}>{t('agent_income_empty_text')}</p>
    </div>
  );
}
