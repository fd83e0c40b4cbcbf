import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ContractAction, ContractKind, ContractView } from '@app/contract';
import {
  getAgentContractHistoryRef,
  getAgentContractStatementsRef,
  terminateAgentContractRef,
} from '../../../shared/http/call-refs/agent-contracts.ts';
import { call } from '../../../shared/http/client.ts';
import { useTypedTranslation } from '../../../shared/i18n/react.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { agentErrorText } from '../errors.ts';
import { usePrecision } from '../money-input.ts';
import { AGENT_STRINGS } from '../strings.ts';
import { AgentEmpty, AgentTable, FilterSelect, Pager, QueryBody, Segmented, uiStyles as ui } from '../ui.tsx';
import { useContractQuery, useContracts, useContractsRefresh } from './api.ts';
import { ContractRequestsModal } from './contract-modal.tsx';
import { lineTitle, money, percent, productName, statusText, statusTone, termsInForce } from './format.ts';
import { OfferDialog } from './offer-dialog.tsx';
import { SimulatorToggle, StatementFacts } from './simulator.tsx';
import { TermsTable } from './terms-table.tsx';
import styles from './contracts.module.css';
import table from '../../../shared/ui/table.module.css';

const TABS = ['mine', 'manage', 'history', 'records'] as const;
type Tab = (typeof TABS)[number];

/**
 * One contract kind's pages in the agent centre (research §10: "my contract / my standard",
 * contract management, history and records; AG-10…AG-17): the tabs of the Dividend, Daily Salary,
 * Hourly Salary and Real-Time Salary entries.
 */
export function ContractPage({ kind }: { kind: ContractKind }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [tab, setTab] = useState<Tab>('mine');
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const query = useContracts(kind);
  return (
    <div className={ui.page} data-testid="contract-page" data-kind={kind} data-agent-page="">
      <div className={styles.tabs}>
        <Segmented
          label={t(`ct_kind_${kind}`)}
          options={TABS.map((k) => ({ key: k, label: t(`ct_tab_${k}`) }))}
          value={tab}
          onChange={(k) => {
            setTab(k);
            // The other party may have answered meanwhile (its modal, another tab): each tab reads afresh.
            void query.refetch();
          }}
          testId="contract-tabs"
        />
      </div>
      <QueryBody query={query}>
        {(d) =>
          tab === 'mine' ? (
            <MyContracts held={d.held} />
          ) : tab === 'manage' ? (
            <Management
              kind={kind}
              held={d.held}
              given={d.given}
              onHistory={(id) => {
                setHistoryOf(id);
                setTab('history');
              }}
            />
          ) : tab === 'history' ? (
            <History held={d.held} given={d.given} chosen={historyOf} onChoose={setHistoryOf} />
          ) : (
            <Records kind={kind} held={d.held} />
          )
        }
      </QueryBody>
    </div>
  );
}

export const DividendPage = () => <ContractPage kind="dividend" />;
export const DailySalaryPage = () => <ContractPage kind="dailySalary" />;
export const HourlySalaryPage = () => <ContractPage kind="hourlySalary" />;
export const RealTimeSalaryPage = () => <ContractPage kind="realTimeSalary" />;

function StatusChip({ status }: { status: ContractView['status'] }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  return (
    <span
      className={ui.chip}
      data-tone={statusTone(status)}
      data-testid="contract-status"
      data-status={status}
    >
      {statusText(t, status)}
    </span>
  );
}

function When({ at }: { at: number }) {
  const { i18n } = useTypedTranslation(AGENT_STRINGS);
  return (
    <time className={ui.time} dateTime={new Date(at).toISOString()}>
      {new Intl.DateTimeFormat(i18n.language || 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(at)}
    </time>
  );
}

// ---- my contract -------------------------------------------------------------------------------

function MyContracts({ held }: { held: ContractView[] }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [answering, setAnswering] = useState(false);
  if (held.length === 0)
    return <AgentEmpty title={t('ct_mine_empty_title')} text={t('ct_mine_empty_text')} />;
  return (
    <div className={styles.cards} data-testid="contract-mine">
      {held.map((c) => {
        const inForce = termsInForce(c);
        const waiting = c.status === 'P' || c.status === 'E' || c.status === 'V';
        return (
          <article
            key={c.id}
            className={styles.card}
            data-testid="contract-card"
            data-contract={c.id}
            data-status={c.status}
          >
            <header className={styles.requestHead}>
              <h4>{lineTitle(t, c)}</h4>
              <StatusChip status={c.status} />
            </header>
            <dl className={styles.meta}>
              <div>
                <dt>{t('ct_upline')}</dt>
                <dd>{c.uplineName ?? t('ct_platform')}</dd>
              </div>
              <div>
                <dt>{t('ct_updated')}</dt>
                <dd>
                  <When at={c.updatedAt} />
                </dd>
              </div>
            </dl>
            {inForce ? (
              <>
                <h5 className={styles.subTitle}>{t('ct_in_force')}</h5>
                <TermsTable terms={inForce} testId="contract-terms-in-force" />
                <SimulatorToggle body={{ contractId: c.id }} label="ct_sim_show_mine" />
              </>
            ) : null}
            {c.status === 'E' || c.status === 'P' ? (
              <div className={styles.pending} data-testid="contract-pending">
                <h5 className={styles.subTitle}>
                  {t(c.status === 'E' ? 'ct_pending_modification' : 'ct_pending_offer')}
                </h5>
                <TermsTable terms={c.terms} />
              </div>
            ) : null}
            {c.status === 'V' ? <p className={styles.pendingNote}>{t('ct_pending_termination')}</p> : null}
            {waiting ? (
              <div className={ui.actions}>
                <Button onClick={() => setAnswering(true)} data-testid="contract-answer">
                  {t('ct_answer')}
                </Button>
              </div>
            ) : null}
          </article>
        );
      })}
      {answering ? <ContractRequestsModal onClose={() => setAnswering(false)} /> : null}
    </div>
  );
}

// ---- management --------------------------------------------------------------------------------

type Dialog =
  | { mode: 'offer' }
  | { mode: 'modify'; contract: ContractView }
  | { mode: 'terminate'; contract: ContractView };

function Management({
  kind,
  held,
  given,
  onHistory,
}: {
  kind: ContractKind;
  held: ContractView[];
  given: ContractView[];
  onHistory: (id: number) => void;
}) {
  const { t, i18n } = useTypedTranslation(AGENT_STRINGS);
  const precision = usePrecision();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const own = held.filter((c) => termsInForce(c) !== null);
  const language = i18n.language || 'en';
  /** The highest rate of the terms, as the list summarises them. */
  const topRate = (c: ContractView) => {
    const tiers = c.terms.tiers as Record<string, unknown>[];
    const last = tiers[tiers.length - 1] ?? {};
    if (c.terms.kind === 'realTimeSalary')
      return `${percent(Number(last.winRate), language)} / ${percent(Number(last.lossRate), language)}`;
    if (c.terms.kind === 'dividend') return percent(Number(last.contractRate), language);
    return last.rateType === 'F' ? money(Number(last.rate), precision) : percent(Number(last.rate), language);
  };
  return (
    <div className={ui.page} data-testid="contract-manage">
      <div className={styles.manageHead}>
        <p className={ui.note}>{own.length ? t('ct_manage_intro') : t('ct_manage_none_held')}</p>
        <Button
          disabled={own.length === 0}
          onClick={() => setDialog({ mode: 'offer' })}
          data-testid="contract-offer"
        >
          {t('ct_offer')}
        </Button>
      </div>
      {given.length === 0 ? (
        <AgentEmpty title={t('ct_manage_empty_title')} text={t('ct_manage_empty_text')} />
      ) : (
        <AgentTable<ContractView>
          caption={t('ct_tab_manage')}
          rows={given}
          rowKey={(c) => c.id}
          testId="contract-given"
          columns={[
            { key: 'downline', label: t('ct_downline'), render: (c) => <strong>{c.downlineName}</strong> },
            {
              key: 'line',
              label: t('ct_line'),
              render: (c) =>
                [
                  productName(t, c.productType),
                  c.computationPeriod ? t(`ct_period_${c.computationPeriod}`) : null,
                ]
                  .filter(Boolean)
                  .join(' · '),
            },
            { key: 'status', label: t('ct_status'), render: (c) => <StatusChip status={c.status} /> },
            { key: 'tiers', label: t('ct_tiers_count'), numeric: true, render: (c) => c.terms.tiers.length },
            { key: 'rate', label: t('ct_top_rate'), numeric: true, render: topRate },
            { key: 'updated', label: t('ct_updated'), render: (c) => <When at={c.updatedAt} /> },
            {
              key: 'actions',
              label: t('ct_actions'),
              render: (c) => (
                <div className={styles.rowActions}>
                  {c.status === 'P' || c.status === 'A' || c.status === 'E' ? (
                    <button
                      type="button"
                      className={ui.linkButton}
                      onClick={() => setDialog({ mode: 'modify', contract: c })}
                      data-testid="contract-modify"
                    >
                      {t('ct_modify')}
                    </button>
                  ) : null}
                  {c.status === 'A' ? (
                    <button
                      type="button"
                      className={ui.linkButton}
                      data-danger=""
                      onClick={() => setDialog({ mode: 'terminate', contract: c })}
                      data-testid="contract-request-termination"
                    >
                      {t('ct_request_termination')}
                    </button>
                  ) : null}
                  <button type="button" className={ui.linkButton} onClick={() => onHistory(c.id)}>
                    {t('ct_history')}
                  </button>
                </div>
              ),
            },
          ]}
        />
      )}
      {dialog?.mode === 'offer' ? (
        <OfferDialog kind={kind} own={own} given={given} onClose={() => setDialog(null)} />
      ) : dialog?.mode === 'modify' ? (
        <OfferDialog
          kind={kind}
          own={own}
          given={given}
          contract={dialog.contract}
          onClose={() => setDialog(null)}
        />
      ) : dialog?.mode === 'terminate' ? (
        <TerminateDialog contract={dialog.contract} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

function TerminateDialog({ contract: c, onClose }: { contract: ContractView; onClose: () => void }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const refresh = useContractsRefresh();
  const mutation = useMutation({
    mutationFn: () => call(terminateAgentContractRef, { body: { contractId: c.id, version: c.version } }),
    onSuccess: () => refresh(),
  });
  return (
    <Modal onClose={onClose} title={t('ct_request_termination')} width={520} height="auto">
      <div className={ui.dialogBody} data-testid="contract-terminate-dialog">
        {mutation.isSuccess ? (
          <>
            <p className={ui.success} role="status">
              {t('ct_termination_sent', { username: c.downlineName })}
            </p>
            <div className={ui.actions}>
              <Button onClick={onClose}>{t('ct_close')}</Button>
            </div>
          </>
        ) : (
          <>
            <p>{t('ct_termination_confirm', { username: c.downlineName, line: lineTitle(t, c) })}</p>
            <p className={ui.note}>{t('ct_termination_note', { username: c.downlineName })}</p>
            {mutation.isError ? (
              <p className={ui.alert} role="alert">
                {agentErrorText(mutation.error, t)}
              </p>
            ) : null}
            <div className={ui.actions}>
              <Button variant="secondary" onClick={onClose}>
                {t('ct_cancel')}
              </Button>
              <Button
                variant="danger"
                disabled={mutation.isPending}
                onClick={() => mutation.mutate()}
                data-testid="contract-terminate-confirm"
              >
                {t('ct_request_termination')}
              </Button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}

// ---- history -----------------------------------------------------------------------------------

function History({
  held,
  given,
  chosen,
  onChoose,
}: {
  held: ContractView[];
  given: ContractView[];
  chosen: number | null;
  onChoose: (id: number) => void;
}) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const contracts = [...held, ...given];
  const heldIds = new Set(held.map((c) => c.id));
  const id = chosen ?? contracts[0]?.id ?? null;
  const query = useContractQuery(getAgentContractHistoryRef, { contractId: id ?? 0 }, id !== null);
  if (id === null)
    return <AgentEmpty title={t('ct_history_empty_title')} text={t('ct_history_empty_text')} />;
  const label = (c: ContractView) =>
    `${lineTitle(t, c)} · ${
      heldIds.has(c.id)
        ? t('ct_from', { name: c.uplineName ?? t('ct_platform') })
        : t('ct_to', { name: c.downlineName })
    }`;
  return (
    <div className={ui.page} data-testid="contract-history">
      <div className={ui.toolbar}>
        <FilterSelect
          label={t('ct_contract')}
          value={String(id)}
          options={contracts.map((c) => ({ value: String(c.id), label: label(c) }))}
          onChange={(v) => onChoose(Number(v))}
          testId="contract-history-choose"
        />
      </div>
      <QueryBody query={query}>
        {(d) =>
          d.events.length === 0 ? (
            <AgentEmpty title={t('ct_history_empty_title')} text={t('ct_history_empty_text')} />
          ) : (
            <ol className={styles.timeline} data-testid="contract-events">
              {[...d.events].reverse().map((e, i) => (
                <li key={i} data-action={e.action}>
                  <div className={styles.eventHead}>
                    <strong>
                      {/* The wire's action is a plain string (ContractEventSchema): the contract's
                          actions have keys, anything else reads as sent. */}
                      {t(`ct_action_${e.action as ContractAction}`, { defaultValue: e.action })}
                    </strong>
                    <span className={ui.muted}>
                      {t(`ct_actor_${e.actor}`)}
                      {e.actorName ? ` · ${e.actorName}` : ''}
                    </span>
                    <When at={e.at} />
                  </div>
                  <p className={ui.note}>
                    {e.fromStatus ? `${statusText(t, e.fromStatus as ContractView['status'])} → ` : ''}
                    {statusText(t, e.toStatus as ContractView['status'])}
                  </p>
                  {e.terms ? (
                    <details className={styles.eventTerms}>
                      <summary>{t('ct_terms')}</summary>
                      <TermsTable terms={e.terms} />
                    </details>
                  ) : null}
                </li>
              ))}
            </ol>
          )
        }
      </QueryBody>
    </div>
  );
}

// ---- records -----------------------------------------------------------------------------------

/**
 * A window's start on the settlement zone's clock, as the server labels the period in its key
 * ('fiveMinutes:2026-11-28T13:05+08:00'): the same clock as its day, neither UTC nor the browser's.
 */
export function windowStartLabel(key: string): string {
  return /T(\d\d:\d\d)/.exec(key)?.[1] ?? '';
}

function Records({ kind, held }: { kind: ContractKind; held: ContractView[] }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const precision = usePrecision();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const query = useContractQuery(getAgentContractStatementsRef, { kind, page, size: 20 });
  const m = (v: number) => money(v, precision);
  return (
    <div className={ui.page} data-testid="contract-records">
      <p className={ui.note}>{t(`ct_records_intro_${kind}`)}</p>
      <QueryBody
        query={query}
        isEmpty={(d) => d.list.length === 0}
        empty={{
          title: t('ct_records_empty_title'),
          text: t(held.length ? 'ct_records_empty_text' : 'ct_mine_empty_text'),
        }}
      >
        {(d) => (
          <>
            <AgentTable
              caption={t('ct_tab_records')}
              rows={d.list}
              rowKey={(r) => `${r.contractId}:${r.period.key}`}
              testId="contract-statements"
              columns={[
                {
                  key: 'period',
                  label: t('ct_period'),
                  render: (r) =>
                    r.period.startDay === r.period.endDay
                      ? r.period.code === 'D'
                        ? r.period.startDay
                        : `${r.period.startDay} ${windowStartLabel(r.period.key)}`
                      : `${r.period.startDay} – ${r.period.endDay}`,
                },
                { key: 'product', label: t('ct_line'), render: (r) => productName(t, r.productType) },
                {
                  key: 'bet',
                  label: t('ct_sim_team_bet'),
                  numeric: true,
                  render: (r) => m(r.statement.inputs.bet),
                },
                {
                  key: 'tier',
                  label: t('ct_tier'),
                  numeric: true,
                  render: (r) => (r.statement.tier < 0 ? '—' : r.statement.tier + 1),
                },
                {
                  key: 'amount',
                  label: t('ct_sim_own_amount'),
                  numeric: true,
                  render: (r) => m(r.statement.amount),
                },
                {
                  key: 'owed',
                  label: t('ct_sim_owed_total'),
                  numeric: true,
                  render: (r) => m(r.downlines.reduce((s, x) => s + x.amount, 0)),
                },
                {
                  key: 'pay',
                  label: t('ct_sim_pay'),
                  numeric: true,
                  render: (r) => <strong className={table.money}>{m(r.paid)}</strong>,
                },
                {
                  key: 'detail',
                  label: t('ct_detail'),
                  render: (r) => {
                    const key = `${r.contractId}:${r.period.key}`;
                    return (
                      <button
                        type="button"
                        className={ui.linkButton}
                        aria-expanded={open === key}
                        onClick={() => setOpen(open === key ? null : key)}
                      >
                        {open === key ? t('ct_hide') : t('ct_detail')}
                      </button>
                    );
                  },
                },
              ]}
            />
            {(() => {
              const r = d.list.find((x) => `${x.contractId}:${x.period.key}` === open);
              return r ? (
                <div className={ui.panel} data-testid="contract-record-detail">
                  <p className={ui.panelTitle}>
                    {r.period.startDay === r.period.endDay
                      ? r.period.startDay
                      : `${r.period.startDay} – ${r.period.endDay}`}
                    {r.revision > 1 ? ` · ${t('ct_revision', { n: r.revision })}` : ''}
                  </p>
                  <StatementFacts statement={r.statement} downlines={r.downlines} t={t} />
                </div>
              ) : null;
            })()}
            <Pager page={d.page} size={d.size} total={d.total} onPage={setPage} />
          </>
        )}
      </QueryBody>
    </div>
  );
}
