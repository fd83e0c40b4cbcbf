import { lazy, Suspense, useId, useState } from 'react';
import {
  agentReportRanges,
  getAgentOverview,
  type AgentReportRange,
  type TeamAmounts,
  type TeamCounts,
} from '@app/contract';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { formatInZone } from '../../shared/format/date.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { LoadingState, Skeleton } from '../../shared/ui/states.tsx';
import { AGENT_STRINGS } from './strings.ts';
import { BalanceAsOf } from './balance-as-of.tsx';
import {
  AgentPageFrame,
  Count,
  Money,
  QueryBody,
  Segmented,
  StatTiles,
  uiStyles as ui,
  useAgentQuery,
} from './ui.tsx';
import styles from './pages.module.css';

/** The charts and their library (uPlot) load only when the charts tab is opened. */
const OverviewCharts = lazy(() =>
  import('./overview-charts.tsx').then((m) => ({ default: m.OverviewCharts })),
);

type View = 'data' | 'charts';

/** The range's counts in the order of research §10. */
export const COUNT_KEYS: readonly (keyof TeamCounts)[] = [
  'logins',
  'registrations',
  'firstDeposits',
  'registeredFirstDeposits',
  'promotionClaimers',
  'depositors',
  'withdrawers',
  'bettors',
  'firstBets',
];
/** The range's amounts in the order of research §10. */
export const AMOUNT_KEYS = [
  'promotion',
  'deposit',
  'withdrawal',
  'validBet',
  'winLoss',
] as const satisfies readonly (keyof TeamAmounts)[];

function OverviewSkeleton() {
  return (
    <div className={ui.page} aria-busy="true" data-testid="agent-loading">
      <div className={ui.tiles}>
        {Array.from({ length: 9 }, (_, i) => (
          <Skeleton key={i} height={76} radius={10} />
        ))}
      </div>
      <Skeleton height={220} radius={10} />
    </div>
  );
}

/**
 * Overview (agentTeamOverview, research §10): today's team, balances and members, then the
 * figures of a range as data or as charts.
 */
export function OverviewPage() {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const id = useId();
  const [range, setRange] = useState<AgentReportRange>('today');
  const [view, setView] = useState<View>('data');
  const query = useAgentQuery(getAgentOverview, { range });
  return (
    <AgentPageFrame testId="agent-overview">
      <QueryBody query={query} loading={<OverviewSkeleton />}>
        {(o) => (
          <>
            <h4 className={ui.sectionTitle}>
              {t('agent_team_today')}
              <small>
                {o.asOf === null
                  ? t('agent_figures_pending')
                  : t('agent_figures_as_of', { time: formatInZone(o.asOf, o.timeZone), zone: o.timeZone })}
              </small>
            </h4>
            <StatTiles
              items={[
                {
                  label: t('agent_online'),
                  value: <Count value={o.todayTeam.online} />,
                  testId: 'agent-today-online',
                  accent: true,
                },
                { label: t('agent_count_logins'), value: <Count value={o.todayTeam.logins} /> },
                { label: t('agent_count_registrations'), value: <Count value={o.todayTeam.registrations} /> },
                { label: t('agent_count_firstBets'), value: <Count value={o.todayTeam.firstBets} /> },
                { label: t('agent_count_firstDeposits'), value: <Count value={o.todayTeam.firstDeposits} /> },
              ]}
            />
            <StatTiles
              items={[
                {
                  label: t('agent_total_balance'),
                  value: (
                    <>
                      <Money value={o.balance.total} />
                      <BalanceAsOf at={o.balanceAsOf} timeZone={o.timeZone} />
                    </>
                  ),
                  testId: 'agent-total-balance',
                },
                {
                  label: t('agent_team_balance'),
                  value: (
                    <>
                      <Money value={o.balance.team} />
                      <BalanceAsOf at={o.balanceAsOf} timeZone={o.timeZone} />
                    </>
                  ),
                  testId: 'agent-team-balance',
                },
                {
                  label: t('agent_team_members'),
                  value: <Count value={o.members.team} />,
                  testId: 'agent-team-members',
                },
                { label: t('agent_direct_members'), value: <Count value={o.members.direct} /> },
              ]}
            />
            <div className={ui.toolbar}>
              <Segmented
                label={t('agent_range')}
                options={agentReportRanges.map((r) => ({ key: r, label: t(`agent_range_${r}`) }))}
                value={range}
                onChange={setRange}
                testId="agent-range"
              />
              <span className={ui.note}>
                {o.range.startDay === o.range.endDay
                  ? o.range.startDay
                  : `${o.range.startDay} – ${o.range.endDay}`}
              </span>
            </div>
            <Tabs
              options={[
                { key: 'data', label: t('agent_view_data') },
                { key: 'charts', label: t('agent_view_charts') },
              ]}
              value={view}
              onChange={(next) => {
                setView(next);
                // The charts draw day by day: a one-day range opens on the last 7 days instead.
                if (next === 'charts' && (range === 'today' || range === 'yesterday')) setRange('last7Days');
              }}
              label={t('agent_team_statistics')}
              panelId={`${id}-panel`}
              idPrefix={id}
            />
            <div
              id={`${id}-panel`}
              role="tabpanel"
              aria-labelledby={`${id}-${view}`}
              className={styles.overviewPanel}
              aria-busy={query.isFetching || undefined}
            >
              {view === 'data' ? (
                <div className={ui.page} data-testid="agent-overview-data">
                  <StatTiles
                    items={AMOUNT_KEYS.map((k) => ({
                      label: t(`agent_amount_${k}`),
                      value:
                        k === 'winLoss' ? (
                          <Money value={o.range.amounts.winLoss} signed tone="inverted" />
                        ) : (
                          <Money value={o.range.amounts[k]} />
                        ),
                      testId: `agent-amount-${k}`,
                    }))}
                  />
                  <StatTiles
                    items={COUNT_KEYS.map((k) => ({
                      label: t(`agent_count_${k}`),
                      value: <Count value={o.range.counts[k]} />,
                      testId: `agent-count-${k}`,
                    }))}
                  />
                  <p className={ui.note}>{t('agent_winloss_tip')}</p>
                </div>
              ) : (
                <Suspense fallback={<LoadingState minHeight={300} />}>
                  <OverviewCharts days={o.range.days} />
                </Suspense>
              )}
            </div>
          </>
        )}
      </QueryBody>
    </AgentPageFrame>
  );
}
