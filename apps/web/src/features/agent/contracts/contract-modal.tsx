import { useState } from 'react';
import type { CallValue, ContractView, getAgentContracts, HigherRateAffected } from '@app/contract';
import { useTypedTranslation } from '../../../shared/i18n/react.tsx';
import { sessionStore } from '../../../shared/storage/storage.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal, useModalClose } from '../../../shared/ui/modal.tsx';
import { useMemberInfo } from '../../session/index.ts';
import { agentErrorText } from '../errors.ts';
import { usePrecision } from '../money-input.ts';
import { AGENT_STRINGS } from '../strings.ts';
import { QueryBody, uiStyles as ui } from '../ui.tsx';
import { higherRateAffected, useAnswer, useContracts } from './api.ts';
import { fieldLabelKey, lineTitle, money, percent } from './format.ts';
import { SimulatorToggle } from './simulator.tsx';
import { TermsTable } from './terms-table.tsx';
import styles from './contracts.module.css';

export type ContractRequest = CallValue<typeof getAgentContracts>['requests'][number];

/**
 * Closing the modal without answering means "later": it does not open again for this member in this
 * tab's session (session storage, as the popup notices' "seen"), while the member bar's dot and each
 * contract page's Answer button still lead to the requests. The flag is the member's own, keyed by
 * username: another member logging in later in the same tab still meets the modal. A new session
 * opens it again.
 */
export const contractModalLaterKey = (username: string) => `contractRequestsLater:${username.toLowerCase()}`;

/**
 * The contract modal at login (research §2.3, AG-15, AG-16, AG-17): mounted by the member bar while
 * the consolidated request keys count something waiting for the member; it opens once the requests
 * list holds one, unless the member put it off this session.
 */
export function ContractRequestsPopup() {
  const query = useContracts();
  const username = useMemberInfo().data?.account;
  // Whose modal is open, and who closed it here: per member, so the mounted popup follows a change
  // of member without a reload.
  const [openFor, setOpenFor] = useState<string | null>(null);
  const [closedFor, setClosedFor] = useState<string | null>(null);
  if (username === undefined) return null;
  const later = closedFor === username || sessionStore.get(contractModalLaterKey(username)) === '1';
  // Once open it stays until closed: answering the last request empties the list, and it says so.
  if (openFor !== username && !later && (query.data?.requests.length ?? 0) > 0) setOpenFor(username);
  if (later || openFor !== username) return null;
  return (
    <ContractRequestsModal
      onClose={() => {
        sessionStore.set(contractModalLaterKey(username), '1');
        setClosedFor(username);
      }}
    />
  );
}

/**
 * The modal itself, also opened from a contract page's "Answer" button: title "Contract", a "New
 * contract request" section (P, E) and a "Contract termination request" section (V), each request a
 * block headed by kind, product and period with its tiers and its two buttons.
 */
export function ContractRequestsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const query = useContracts();
  return (
    <Modal onClose={onClose} title={t('ct_modal_title')} width={760} height="auto" className={styles.modal}>
      <div className={styles.modalBody} data-testid="contract-modal">
        <QueryBody
          query={query}
          loading={
            <div className={styles.modalLoading} aria-busy="true" data-testid="contract-modal-loading" />
          }
        >
          {(d) => <RequestSections requests={d.requests} given={d.given} />}
        </QueryBody>
      </div>
    </Modal>
  );
}

function RequestSections({ requests, given }: { requests: ContractRequest[]; given: ContractView[] }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const close = useModalClose();
  const offers = requests.filter((r) => r.status !== 'V');
  const terminations = requests.filter((r) => r.status === 'V');
  if (requests.length === 0)
    return (
      <div className={styles.allDone} data-testid="contract-modal-done">
        <p className={ui.success} role="status">
          {t('ct_modal_done')}
        </p>
        <div className={ui.actions}>
          <Button onClick={close}>{t('ct_close')}</Button>
        </div>
      </div>
    );
  return (
    <>
      {offers.length ? (
        <section className={styles.section} aria-labelledby="ct-new">
          <h3 id="ct-new" className={styles.sectionTitle}>
            {t('ct_modal_new')}
          </h3>
          {offers.map((r) => (
            <RequestBlock key={r.id} request={r} given={given} />
          ))}
        </section>
      ) : null}
      {terminations.length ? (
        <section className={styles.section} aria-labelledby="ct-end">
          <h3 id="ct-end" className={styles.sectionTitle}>
            {t('ct_modal_termination')}
          </h3>
          {terminations.map((r) => (
            <RequestBlock key={r.id} request={r} given={given} />
          ))}
        </section>
      ) : null}
    </>
  );
}

/** One request: who offers it, its tiers, and its answer (with the higher-rate confirmation). */
export function RequestBlock({ request: r, given }: { request: ContractRequest; given: ContractView[] }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const answer = useAnswer();
  // The affected downlines once Accept asked for the confirmation (from the list, or the server's refusal).
  const [confirming, setConfirming] = useState<HigherRateAffected[] | null>(null);
  const termination = r.status === 'V';
  const from = r.uplineName ?? t('ct_platform');
  const send = (action: 'accept' | 'reject' | 'acceptTermination' | 'rejectTermination', confirm = false) =>
    answer.mutate(
      { contractId: r.id, action, version: r.version, ...(confirm ? { confirmHigherRate: true } : {}) },
      {
        onError: (e) => {
          const affected = higherRateAffected(e);
          if (affected) setConfirming(affected);
        },
      },
    );
  const accept = () => {
    if (r.downlineHigherRate === 'Y' && !confirming) setConfirming(r.affected);
    else send('accept', confirming !== null);
  };
  const refusal =
    answer.isError && !higherRateAffected(answer.error) ? agentErrorText(answer.error, t) : null;
  return (
    <article
      className={styles.request}
      data-testid="contract-request"
      data-contract={r.id}
      data-kind={r.kind}
      data-status={r.status}
    >
      <header className={styles.requestHead}>
        <h4>{lineTitle(t, r)}</h4>
        <span className={ui.chip} data-tone="warn">
          {t(termination ? 'ct_status_V' : r.status === 'E' ? 'ct_modified' : 'ct_status_P')}
        </span>
      </header>
      <p className={styles.agreement}>
        {termination
          ? t('ct_agree_termination', { upline: from })
          : r.status === 'E'
            ? t('ct_agree_modified', { upline: from })
            : t('ct_agree_offer', { upline: from })}
      </p>
      <TermsTable terms={r.terms} testId="contract-request-terms" />
      {!termination ? <SimulatorToggle body={{ contractId: r.id }} /> : null}
      {confirming ? <HigherRateWarning affected={confirming} given={given} /> : null}
      {refusal ? (
        <p className={ui.alert} role="alert">
          {refusal}
        </p>
      ) : null}
      <div className={ui.actions}>
        {termination ? (
          <>
            <Button
              variant="secondary"
              disabled={answer.isPending}
              onClick={() => send('rejectTermination')}
              data-testid="contract-keep"
            >
              {t('ct_keep_contract')}
            </Button>
            <Button
              variant="danger"
              disabled={answer.isPending}
              onClick={() => send('acceptTermination')}
              data-testid="contract-terminate"
            >
              {t('ct_agree_terminate')}
            </Button>
          </>
        ) : confirming ? (
          <>
            <Button variant="secondary" disabled={answer.isPending} onClick={() => setConfirming(null)}>
              {t('ct_cancel')}
            </Button>
            <Button
              variant="danger"
              disabled={answer.isPending}
              onClick={accept}
              data-testid="contract-confirm-accept"
            >
              {t('ct_accept_and_end')}
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="secondary"
              disabled={answer.isPending}
              onClick={() => send('reject')}
              data-testid="contract-reject"
            >
              {t('ct_reject')}
            </Button>
            <Button disabled={answer.isPending} onClick={accept} data-testid="contract-accept">
              {t('ct_accept')}
            </Button>
          </>
        )}
      </div>
    </article>
  );
}

/** AG-17's warning: the downline contracts accepting would end, each with the rate and the new cap. */
function HigherRateWarning({ affected, given }: { affected: HigherRateAffected[]; given: ContractView[] }) {
  const { t, i18n } = useTypedTranslation(AGENT_STRINGS);
  const language = i18n.language || 'en';
  const precision = usePrecision();
  return (
    <div className={styles.warning} role="alert" data-testid="contract-higher-rate">
      <p>
        <strong>{t('ct_higher_rate_title')}</strong>
      </p>
      <p>{t('ct_higher_rate_text')}</p>
      <ul>
        {affected.map((a) => {
          const contract = given.find((g) => g.id === a.contractId);
          const row = contract?.terms.tiers[a.tier] as Record<string, unknown> | undefined;
          const fixed = a.field === 'rate' && row?.rateType === 'F';
          // A fixed salary's value and cap are minor units, a rate's basis points.
          const show = (v: number) => (fixed ? money(v, precision) : percent(v, language));
          const value = show(a.value);
          const cap = a.cap === null ? t('ct_none') : show(a.cap);
          return (
            <li key={`${a.contractId}:${a.tier}:${a.field}`} data-testid="contract-affected">
              <strong>{a.username}</strong>{' '}
              {t('ct_higher_rate_line', {
                tier: a.tier + 1,
                field: t(fieldLabelKey(a.field)),
                value,
                cap,
              })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
