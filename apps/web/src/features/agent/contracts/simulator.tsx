import { useState } from 'react';
import type { CallBody, Simulation, simulateAgentContract, SimulatorWarning } from '@app/contract';
import { simulateAgentContractRef } from '../../../shared/http/call-refs/agent-contracts.ts';
import { call } from '../../../shared/http/client.ts';
import { useQuery } from '../../../shared/http/use-query.ts';
import { useTypedTranslation } from '../../../shared/i18n/react.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { usePrecision } from '../money-input.ts';
import { AGENT_STRINGS } from '../strings.ts';
import { AgentError, AGENT_KEY, AgentLoading, uiStyles as ui } from '../ui.tsx';
import { fieldLabelKey, money, percent, type AgentT } from './format.ts';
import styles from './contracts.module.css';

type SimulateBody = CallBody<typeof simulateAgentContract>;

/**
 * The contract simulator (issue 30, "beyond any platform"): what the terms would have paid on the
 * team's real figures of the last period and the last 4, tier by tier, what the agent would owe
 * each direct downline, and the conflicts the terms would cause. The server runs the same pure
 * statement function settlement records, so the figure here is what settlement would have paid.
 */
export function SimulatorPanel({ body, upline = false }: { body: SimulateBody; upline?: boolean }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const query = useQuery<Simulation>({
    queryKey: [...AGENT_KEY, 'simulate', body],
    queryFn: ({ signal }) => call(simulateAgentContractRef, { body, signal }),
    staleTime: 60_000,
    retry: false,
  });
  if (query.isPending)
    return (
      <div className={styles.simulator} data-testid="contract-simulator" aria-busy="true">
        <AgentLoading rows={3} />
      </div>
    );
  if (query.isError)
    return (
      <div className={styles.simulator} data-testid="contract-simulator">
        <AgentError error={query.error} onRetry={() => void query.refetch()} minHeight={160} />
      </div>
    );
  return <SimulationView simulation={query.data} upline={upline} t={t} />;
}

/**
 * `upline`: the terms are the agent's offer to a downline, so the figures lead with what the agent
 * would owe it (the downline's own contract amount); otherwise with what the holder would be paid.
 */
function SimulationView({
  simulation: s,
  upline,
  t,
}: {
  simulation: Simulation;
  upline: boolean;
  t: AgentT;
}) {
  const { i18n } = useTypedTranslation(AGENT_STRINGS);
  const precision = usePrecision();
  const language = i18n.language || 'en';
  const last = s.periods.length - 1;
  const [chosen, setChosen] = useState(last);
  const p = s.periods[chosen];
  const m = (v: number) => money(v, precision);
  // Each period's bar: what the agent would owe the downline (an offer), or what it would be paid.
  const figure = (st: Simulation['periods'][number]['statement']) => (upline ? st.amount : st.pay);
  return (
    <div className={styles.simulator} data-testid="contract-simulator">
      <p className={ui.note}>{t('ct_sim_intro', { username: s.username })}</p>
      {s.warnings.length ? (
        <ul className={styles.warning} role="alert" data-testid="contract-sim-warnings">
          {s.warnings.map((w, i) => (
            <li key={i} data-code={w.code}>
              {warningText(w, t, language)}
            </li>
          ))}
        </ul>
      ) : null}
      {s.periods.length === 0 ? (
        <p className={ui.note} data-testid="contract-sim-empty">
          {t('ct_sim_no_periods')}
        </p>
      ) : (
        <>
          {s.periods.every((x) => x.statement.inputs.bet === 0) ? (
            <p className={ui.note} data-testid="contract-sim-no-bets">
              {t('ct_sim_no_bets')}
            </p>
          ) : null}
          <dl className={styles.simTotals}>
            {upline ? (
              <>
                <div data-accent="">
                  <dt>{t('ct_sim_owe_last', { username: s.username })}</dt>
                  <dd data-testid="contract-sim-owe-last">{m(s.periods[last]!.statement.amount)}</dd>
                </div>
                <div>
                  <dt>{t('ct_sim_owe_total', { username: s.username, n: s.periods.length })}</dt>
                  <dd>{m(s.total.amount)}</dd>
                </div>
              </>
            ) : (
              <>
                <div data-accent="">
                  <dt>{t('ct_sim_last_period')}</dt>
                  <dd data-testid="contract-sim-last-pay">{m(s.periods[last]!.statement.pay)}</dd>
                </div>
                <div>
                  <dt>{t('ct_sim_last_n', { n: s.periods.length })}</dt>
                  <dd data-testid="contract-sim-total-pay">{m(s.total.pay)}</dd>
                </div>
                <div>
                  <dt>{t('ct_sim_owed_total')}</dt>
                  <dd>{m(s.total.owed)}</dd>
                </div>
              </>
            )}
          </dl>
          <div className={styles.periodBars} role="group" aria-label={t('ct_sim_periods')}>
            {s.periods.map((x, i) => {
              const max = Math.max(1, ...s.periods.map((y) => figure(y.statement)));
              return (
                <button
                  key={x.period.key}
                  type="button"
                  className={styles.periodBar}
                  aria-pressed={i === chosen}
                  onClick={() => setChosen(i)}
                  data-testid="contract-sim-period"
                >
                  <span
                    className={styles.bar}
                    style={{ height: `${Math.round((figure(x.statement) / max) * 100)}%` }}
                  />
                  <span className={styles.barLabel}>
                    {x.period.startDay === x.period.endDay
                      ? x.period.startDay.slice(5)
                      : `${x.period.startDay.slice(5)}–${x.period.endDay.slice(5)}`}
                  </span>
                  <span className={styles.barValue}>{m(figure(x.statement))}</span>
                </button>
              );
            })}
          </div>
          {p ? (
            <div className={styles.simPeriod} data-testid="contract-sim-detail">
              <h5>
                {p.period.startDay === p.period.endDay
                  ? p.period.startDay
                  : `${p.period.startDay} – ${p.period.endDay}`}
              </h5>
              <div className={styles.tableWrap}>
                <table className={styles.tiers}>
                  <caption className="visually-hidden">{t('ct_tiers')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('ct_tier')}</th>
                      <th scope="col">{t('ct_sim_met')}</th>
                      <th scope="col" data-numeric="">
                        {t('ct_f_rate')}
                      </th>
                      <th scope="col" data-numeric="">
                        {t('ct_sim_amount')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.tiers.map((x) => (
                      <tr key={x.tier} data-highlight={x.paid || undefined}>
                        <th scope="row" data-label={t('ct_tier')}>
                          {x.tier + 1}
                        </th>
                        <td data-label={t('ct_sim_met')}>
                          {x.met ? (
                            <span className={ui.chip} data-tone="good">
                              {x.paid ? t('ct_sim_paid_tier') : t('ct_sim_met_yes')}
                            </span>
                          ) : (
                            <span className={ui.muted}>
                              {t('ct_sim_missing', {
                                fields: x.missing.map((f) => bare(t(fieldLabelKey(f)))).join(', '),
                              })}
                            </span>
                          )}
                        </td>
                        <td data-numeric="" data-label={t('ct_f_rate')}>
                          {x.rateType === 'F'
                            ? m(x.rate)
                            : x.winRate !== undefined
                              ? `${percent(x.winRate, language)} / ${percent(x.rate, language)}`
                              : percent(x.rate, language)}
                        </td>
                        <td data-numeric="" data-label={t('ct_sim_amount')}>
                          {/* A tier the figures miss pays nothing: what it would pay once reached, muted. */}
                          {x.met ? m(x.amount) : <span className={ui.muted}>{m(x.amount)}</span>}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <StatementFacts statement={p.statement} downlines={p.downlines} t={t} />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

/** A statement's lines, as an agent checks it by hand: inputs, base, tier, amount, deductions, pay. */
export function StatementFacts({
  statement: st,
  downlines,
  t,
}: {
  statement: Simulation['periods'][number]['statement'];
  downlines: { downlineId: number; username: string; amount: number }[];
  t: AgentT;
}) {
  const { i18n } = useTypedTranslation(AGENT_STRINGS);
  const precision = usePrecision();
  const m = (v: number) => money(v, precision);
  const rate =
    st.tier < 0
      ? '—'
      : st.rateType === 'F'
        ? m(st.rate)
        : st.rateType === null && st.kind === 'realTimeSalary'
          ? t('ct_sim_per_draw')
          : percent(st.rate, i18n.language || 'en');
  const rows: [string, string][] = [
    [bare(t(st.kind === 'dividend' ? 'ct_f_period_bet' : 'ct_sim_team_bet')), m(st.inputs.bet)],
  ];
  if (st.inputs.periodNet !== null) rows.push([t('ct_sim_period_net'), m(st.inputs.periodNet)]);
  if (st.inputs.carriedIn !== null) rows.push([t('ct_sim_carried_in'), m(st.inputs.carriedIn)]);
  if (st.inputs.activeMembers !== null) rows.push([bare(t('ct_f_active')), String(st.inputs.activeMembers)]);
  if (st.inputs.draws !== null) rows.push([t('ct_sim_draws'), String(st.inputs.draws)]);
  rows.push([t('ct_sim_base'), m(st.base)]);
  rows.push([t('ct_sim_tier_reached'), st.tier < 0 ? t('ct_none') : String(st.tier + 1)]);
  rows.push([t('ct_f_rate'), rate]);
  rows.push([t('ct_sim_own_amount'), m(st.amount)]);
  // Deductions read as such (a minus), but a zero is a zero.
  const less = (v: number) => (v ? `−${m(v)}` : m(0));
  for (const d of downlines) rows.push([t('ct_sim_owed_to', { username: d.username }), less(d.amount)]);
  if (st.deficitIn) rows.push([t('ct_sim_deficit_in'), m(st.deficitIn)]);
  if (st.recovered) rows.push([t('ct_sim_recovered'), less(st.recovered)]);
  if (st.deficitOut) rows.push([t('ct_sim_deficit_out'), m(st.deficitOut)]);
  if (st.carryOut) rows.push([t('ct_sim_carry_out'), m(st.carryOut)]);
  return (
    <dl className={styles.statement} data-testid="contract-statement">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
      <div data-total="">
        <dt>{t('ct_sim_pay')}</dt>
        <dd data-testid="contract-statement-pay">{m(st.pay)}</dd>
      </div>
    </dl>
  );
}

/** A column's name without its comparison sign, inside a sentence. */
const bare = (label: string) => label.replace(/\s*≥\s*$/, '');

function warningText(w: SimulatorWarning, t: AgentT, language: string): string {
  const field = bare(t(fieldLabelKey(w.field)));
  const cap = w.cap === null ? t('ct_none') : percent(w.cap, language);
  if (w.code === 'rateAboveOwn')
    return t('ct_sim_warn_above', { tier: w.tier + 1, field, value: percent(w.value, language), cap });
  return t('ct_sim_warn_higher', {
    username: w.username,
    tier: w.tier + 1,
    field,
    value: percent(w.value, language),
    cap,
  });
}

/** "What would this have paid?": the simulator opened on demand under a contract's terms. */
export function SimulatorToggle({
  body,
  disabled,
  upline = false,
  label = 'ct_sim_show',
}: {
  body: SimulateBody | null;
  disabled?: boolean;
  /** Terms the agent offers a downline: lead with what it would owe. */
  upline?: boolean;
  /** The button's catalogue key: "What would this have paid?" before signing, "What did it pay?" after. */
  label?: 'ct_sim_show' | 'ct_sim_show_mine';
}) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.simToggle}>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        disabled={disabled || body === null}
        onClick={() => setOpen((o) => !o)}
        data-testid="contract-simulate"
      >
        {open ? t('ct_sim_hide') : t(label)}
      </Button>
      {open && body ? <SimulatorPanel body={body} upline={upline} /> : null}
    </div>
  );
}
