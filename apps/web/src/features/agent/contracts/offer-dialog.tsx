import { useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  resetFrequencies,
  type ContractKind,
  type ContractTerms,
  type ContractView,
  type TierIssue,
} from '@app/contract';
import { isApiError } from '../../../shared/http/api-error.ts';
import { call } from '../../../shared/http/client.ts';
import { useTypedTranslation } from '../../../shared/i18n/react.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { agentErrorText } from '../errors.ts';
import { usePrecision } from '../money-input.ts';
import { AGENT_STRINGS } from '../strings.ts';
import { uiStyles as ui } from '../ui.tsx';
import {
  modifyAgentContractRef,
  offerAgentContractRef,
} from '../../../shared/http/call-refs/agent-contracts.ts';
import { getTeamRef } from '../../../shared/http/call-refs/agent-team.ts';
import { useContractQuery, useContractsRefresh } from './api.ts';
import { checkEditor, emptyRow, stateFromTerms, type EditorState } from './editor-model.ts';
import { lineKey, lineTitle, termsInForce } from './format.ts';
import { SimulatorToggle } from './simulator.tsx';
import { TierEditor } from './tier-editor.tsx';
import styles from './contracts.module.css';

const LIVE = new Set(['P', 'E', 'A', 'V']);

/**
 * Offer a contract to a direct downline agent, or modify one given (research §2.1: "Create
 * contract", "Modify contract"; AG-15): the line is one the agent holds itself (kind, product and
 * period), the tiers within its own rates, checked as typed by the contract's `checkOffer`; the
 * simulator shows what the terms would have paid the downline's team before anything is sent.
 */
export function OfferDialog({
  kind,
  own,
  given,
  contract,
  onClose,
}: {
  kind: ContractKind;
  /** The agent's own contracts of the kind with terms in force: the lines it may offer on. */
  own: ContractView[];
  given: ContractView[];
  /** The contract to modify; none for a new offer. */
  contract?: ContractView;
  onClose: () => void;
}) {
  const { t, i18n } = useTypedTranslation(AGENT_STRINGS);
  const precision = usePrecision();
  const refresh = useContractsRefresh();
  const modifying = contract !== undefined;
  const [line, setLine] = useState(() => (contract ? lineKey(contract) : own[0] ? lineKey(own[0]) : ''));
  const mine = own.find((c) => lineKey(c) === line) ?? null;
  const offerer: ContractTerms | null = mine ? termsInForce(mine) : null;
  const [state, setState] = useState<EditorState>(() =>
    initial(contract?.terms ?? offerer, !!contract, precision),
  );
  const [downlineId, setDownlineId] = useState<number | null>(contract?.downlineId ?? null);
  const [tried, setTried] = useState(false);
  const team = useContractQuery(getTeamRef, { tab: 'agents', size: 100 }, !modifying);
  const taken = useMemo(
    () => new Set(given.filter((g) => lineKey(g) === line && LIVE.has(g.status)).map((g) => g.downlineId)),
    [given, line],
  );
  const candidates = (team.data?.list ?? []).filter((m) => !taken.has(m.userId));
  const chosen = downlineId ?? candidates[0]?.userId ?? null;
  const check = checkEditor(
    state,
    { offerer, current: contract?.terms ?? null },
    precision,
    t,
    i18n.language || 'en',
  );
  const mutation = useMutation({
    mutationFn: (terms: ContractTerms) =>
      contract
        ? call(modifyAgentContractRef, {
            body: { contractId: contract.id, terms, version: contract.version },
          })
        : call(offerAgentContractRef, { body: { downlineId: chosen!, terms } }),
    onSuccess: () => refresh(),
  });
  const serverIssues =
    isApiError(mutation.error) && mutation.error.errorCode === 'contract.terms.invalid'
      ? ((mutation.error.value as { issues?: TierIssue[] } | undefined)?.issues ?? [])
      : [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!check.terms || chosen === null) return;
    mutation.mutate(check.terms);
  };
  const changeLine = (key: string) => {
    setLine(key);
    const next = own.find((c) => lineKey(c) === key);
    const terms = next ? termsInForce(next) : null;
    if (terms) setState(initial(terms, false, precision));
  };
  const title = t(modifying ? 'ct_modify_title' : 'ct_offer_title', { kind: t(`ct_kind_${kind}`) });
  // The answer names the downline: after the refresh it has left the list of those without one.
  const downlineName = mutation.data?.downlineName ?? contract?.downlineName ?? '';

  return (
    <Modal onClose={onClose} title={title} width={880} height="auto" className={styles.modal}>
      {mutation.isSuccess ? (
        <div className={ui.dialogBody} data-testid="contract-offer-done">
          <p className={ui.success} role="status">
            {t(modifying ? 'ct_modify_sent' : 'ct_offer_sent', { username: downlineName })}
          </p>
          <div className={ui.actions}>
            <Button onClick={onClose} data-testid="contract-offer-close">
              {t('ct_close')}
            </Button>
          </div>
        </div>
      ) : (
        <form className={ui.dialogBody} onSubmit={submit} noValidate data-testid="contract-offer-form">
          <div className={styles.offerGrid}>
            <label className={ui.field}>
              <span className={ui.fieldLabel}>{t('ct_downline')}</span>
              {modifying ? (
                <strong>{contract.downlineName}</strong>
              ) : team.isPending ? (
                <span className={ui.note}>…</span>
              ) : candidates.length === 0 ? (
                <span className={ui.fieldError} data-testid="contract-no-downline">
                  {t('ct_no_signable')}
                </span>
              ) : (
                <select
                  className={ui.input}
                  value={chosen ?? ''}
                  onChange={(e) => setDownlineId(Number(e.target.value))}
                  data-testid="contract-downline"
                >
                  {candidates.map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {m.username}
                      {m.remark ? ` (${m.remark})` : ''}
                    </option>
                  ))}
                </select>
              )}
            </label>
            <label className={ui.field}>
              <span className={ui.fieldLabel}>{t('ct_line')}</span>
              {modifying || own.length <= 1 ? (
                <strong>{mine ? lineTitle(t, mine) : contract ? lineTitle(t, contract) : ''}</strong>
              ) : (
                <select
                  className={ui.input}
                  value={line}
                  onChange={(e) => changeLine(e.target.value)}
                  data-testid="contract-line"
                >
                  {own.map((c) => (
                    <option key={c.id} value={lineKey(c)}>
                      {lineTitle(t, c)}
                    </option>
                  ))}
                </select>
              )}
            </label>
            {state.kind === 'dividend' ? (
              <>
                <label className={ui.field}>
                  <span className={ui.fieldLabel}>{t('ct_reset')}</span>
                  <select
                    className={ui.input}
                    value={state.resetFrequency}
                    onChange={(e) =>
                      setState({
                        ...state,
                        resetFrequency: Number(e.target.value) as EditorState['resetFrequency'],
                      })
                    }
                  >
                    {resetFrequencies.map((r) => (
                      <option key={r} value={r}>
                        {t(`ct_reset_${r}`)}
                      </option>
                    ))}
                  </select>
                </label>
                {state.computationPeriod === 'M' ? (
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={state.periodicTotalBetRequired === 'Y'}
                      onChange={(e) => {
                        const periodic = e.target.checked ? 'Y' : 'N';
                        setState({
                          ...state,
                          periodicTotalBetRequired: periodic,
                          rows: state.rows.map((r) => ({ ...r, periodicTotalBet: r.periodicTotalBet ?? '' })),
                        });
                      }}
                    />
                    {t('ct_periodic_required')}
                  </label>
                ) : null}
              </>
            ) : null}
            {state.kind === 'hourlySalary' ? (
              <>
                <label className={ui.field}>
                  <span className={ui.fieldLabel}>{t('ct_frequency')}</span>
                  <select
                    className={ui.input}
                    value={state.frequency}
                    onChange={(e) => setState({ ...state, frequency: e.target.value as 'H' | 'BH' })}
                  >
                    <option value="H">{t('ct_frequency_H')}</option>
                    <option value="BH">{t('ct_frequency_BH')}</option>
                  </select>
                </label>
                <label className={ui.field}>
                  <span className={ui.fieldLabel}>{t('ct_unit_value')}</span>
                  <input
                    className={ui.input}
                    inputMode="decimal"
                    value={state.unitValue}
                    placeholder={t('ct_unit_none')}
                    onChange={(e) => setState({ ...state, unitValue: e.target.value })}
                  />
                </label>
              </>
            ) : null}
          </div>
          <TierEditor
            state={state}
            onChange={setState}
            offerer={offerer}
            issues={tried ? check.issues : []}
          />
          {mutation.isError ? (
            <div className={ui.alert} role="alert" data-testid="contract-offer-error">
              {serverIssues.length
                ? serverIssues.map((x) => <p key={x.message}>{x.message}</p>)
                : agentErrorText(mutation.error, t)}
            </div>
          ) : null}
          <SimulatorToggle
            key={JSON.stringify(check.terms)}
            upline
            body={check.terms && chosen !== null ? { downlineId: chosen, terms: check.terms } : null}
          />
          {!check.terms ? <p className={ui.note}>{t('ct_sim_needs_terms')}</p> : null}
          <div className={ui.actions}>
            <Button variant="secondary" type="button" onClick={onClose}>
              {t('ct_cancel')}
            </Button>
            <Button
              type="submit"
              disabled={mutation.isPending || chosen === null}
              data-testid="contract-offer-submit"
            >
              {t(modifying ? 'ct_send_modify' : 'ct_send_offer')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** A modification starts from its terms; a new offer from the agent's own line with one empty tier. */
function initial(terms: ContractTerms | null, keepTiers: boolean, precision: number): EditorState {
  if (!terms)
    return {
      kind: 'dailySalary',
      productType: 'LOTT',
      computationPeriod: null,
      resetFrequency: 1,
      periodicTotalBetRequired: 'N',
      frequency: 'H',
      unitValue: '',
      rows: [],
    };
  const s = stateFromTerms(terms, precision);
  return keepTiers
    ? s
    : { ...s, periodicTotalBetRequired: 'N', rows: [emptyRow({ ...s, periodicTotalBetRequired: 'N' })] };
}
