import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getDownlineTransfer,
  getTeamMember,
  sendTeamMessage,
  setTeamAgent,
  setTeamRemark,
  setTeamStatus,
  TEAM_MESSAGE_BODY_MAX,
  TEAM_MESSAGE_SUBJECT_MAX,
  TEAM_REMARK_MAX,
  TeamStatus,
  TRANSFER_REMARK_MAX,
  transferToDownline,
  type TeamMember,
} from '@app/contract';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { call } from '../../shared/http/client.ts';
import { secureCall } from '../../shared/http/payload-encryption.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { KeyIn } from '../../shared/i18n/keys.ts';
import { formatMoney } from '../../shared/i18n/money.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { drillTo } from './drill.ts';
import { agentErrorText } from './errors.ts';
import { amountProblem, usePrecision } from './money-input.ts';
import { AGENT_STRINGS } from './strings.ts';
import { AGENT_KEY, Money, QueryBody, uiStyles as ui, useAgentQuery } from './ui.tsx';
import { Isolate } from '../../shared/ui/ltr.tsx';

/** The team's status codes as words (research §10): what the agent can set and what the operator set. */
export function statusKey(status: number) {
  if (status === TeamStatus.normal) return 'agent_status_normal';
  if (status === TeamStatus.loginForbidden) return 'agent_status_login_forbidden';
  return 'agent_status_blocked';
}
/**
 * The key of how a member registered. The method comes from the server as a string (AGENT, WEB,
 * REFERRAL...): the agent feature's one key not checked by type; its default shows an unknown one.
 */
export const methodKey = (method: string) => `agent_method_${method}` as KeyIn<'agent'>;
export const statusTone = (status: number) =>
  status === TeamStatus.normal ? 'good' : status === TeamStatus.loginForbidden ? 'warn' : 'bad';

const isAgentType = (type: number) => type !== 0;

function useRefreshAgent() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: AGENT_KEY });
    void client.invalidateQueries({ queryKey: ['wallet', 'balance'] });
  };
}

function Failure({ error }: { error: unknown }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  return error ? (
    <p className={ui.alert} role="alert">
      {agentErrorText(error, t)}
    </p>
  ) : null;
}

function FormActions({
  busy,
  onBack,
  label,
  testId,
}: {
  busy: boolean;
  onBack: () => void;
  label: string;
  testId?: string;
}) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  return (
    <div className={ui.actions}>
      <Button variant="ghost" onClick={onBack} disabled={busy}>
        {t('agent_back')}
      </Button>
      <BusyButton busy={busy} type="submit" disabled={busy} data-testid={testId}>
        {label}
      </BusyButton>
    </div>
  );
}

/** The transfer to a direct downline (AG-26): amount within the available balance, fund password when set, remark. */
export function TransferForm({
  member,
  onBack,
  onDone,
}: {
  member: Pick<TeamMember, 'userId' | 'username'>;
  onBack: () => void;
  onDone?: () => void;
}) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const precision = usePrecision();
  const refresh = useRefreshAgent();
  const info = useAgentQuery(getDownlineTransfer);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [remark, setRemark] = useState('');
  const [tried, setTried] = useState(false);
  const [key, setKey] = useState(() => `agt-${crypto.randomUUID()}`);
  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof secureCall<typeof transferToDownline>>[1]) =>
      secureCall(transferToDownline, body),
    onSuccess: () => {
      setAmount('');
      setPassword('');
      setRemark('');
      setTried(false);
      setKey(`agt-${crypto.randomUUID()}`);
      refresh();
      onDone?.();
    },
  });
  return (
    <QueryBody query={info} loading={<p className={ui.note}>…</p>}>
      {(i) => {
        const problem = amountProblem(amount, precision, i.available, t);
        const needPassword = i.hasPaymentPassword && !password;
        const submit = (e: FormEvent) => {
          e.preventDefault();
          setTried(true);
          if (problem || needPassword) return;
          mutation.mutate({
            body: {
              userId: member.userId,
              amount: amount.trim(),
              ...(i.hasPaymentPassword ? { paymentPassword: password } : {}),
              ...(remark.trim() ? { remark: remark.trim() } : {}),
              idempotencyKey: key,
            },
          });
        };
        return (
          <form className={ui.form} onSubmit={submit} noValidate data-testid="agent-transfer-form">
            <dl className={ui.facts}>
              <dt>{t('agent_payee')}</dt>
              <dd>
                <Isolate>{member.username}</Isolate>
              </dd>
              <dt>{t('agent_available')}</dt>
              <dd>
                <Money value={i.available} />
              </dd>
            </dl>
            <label className={ui.field}>
              <span className={ui.fieldLabel}>{t('agent_col_amount')}</span>
              <input
                className={ui.input}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                aria-invalid={(tried && !!problem) || undefined}
                data-testid="agent-transfer-amount"
              />
              {tried && problem ? <span className={ui.fieldError}>{problem}</span> : null}
            </label>
            {i.hasPaymentPassword ? (
              <label className={ui.field}>
                <span className={ui.fieldLabel}>{t('agent_fund_password')}</span>
                <input
                  className={ui.input}
                  type="password"
                  autoComplete="off"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  aria-invalid={(tried && needPassword) || undefined}
                  data-testid="agent-transfer-password"
                />
                {tried && needPassword ? <span className={ui.fieldError}>{t('agent_required')}</span> : null}
              </label>
            ) : null}
            <label className={ui.field}>
              <span className={ui.fieldLabel}>{t('agent_col_remark')}</span>
              <input
                className={ui.input}
                value={remark}
                maxLength={TRANSFER_REMARK_MAX}
                onChange={(e) => setRemark(e.target.value)}
              />
            </label>
            {mutation.isSuccess ? (
              <p className={ui.success} role="status" data-testid="agent-transfer-done">
                {t('agent_transfer_done', {
                  amount: formatMoney(mutation.data.amount, { precision }),
                  username: mutation.data.username,
                  reference: mutation.data.reference,
                })}
              </p>
            ) : null}
            <Failure error={mutation.error} />
            <FormActions
              busy={mutation.isPending}
              onBack={onBack}
              label={t('agent_transfer_confirm')}
              testId="agent-transfer-submit"
            />
          </form>
        );
      }}
    </QueryBody>
  );
}

type Mode = 'details' | 'remark' | 'status' | 'agent' | 'message' | 'transfer';

/**
 * One member of the team (research §10 "details"): label, upline, logins, deposits and finance,
 * and what the agent may do: reports for anyone of its team, changes and money for a direct
 * downline only.
 */
export function MemberDialog({
  member,
  initial = 'details',
  onClose,
}: {
  member: TeamMember;
  initial?: Mode;
  onClose: () => void;
}) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [mode, setMode] = useState<Mode>(initial);
  const refresh = useRefreshAgent();
  const details = useAgentQuery(getTeamMember, { userId: member.userId });
  const [remark, setRemark] = useState(member.remark);
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const back = () => setMode('details');
  const remarkMutation = useMutation({
    mutationFn: () => call(setTeamRemark, { body: { userId: member.userId, remark: remark.trim() } }),
    onSuccess: () => {
      refresh();
      back();
    },
  });
  const statusMutation = useMutation({
    mutationFn: (status: 1 | 2) => call(setTeamStatus, { body: { userId: member.userId, status } }),
    onSuccess: () => {
      refresh();
      back();
    },
  });
  const agentMutation = useMutation({
    mutationFn: () => call(setTeamAgent, { body: { userId: member.userId } }),
    onSuccess: () => {
      refresh();
      back();
    },
  });
  const messageMutation = useMutation({
    mutationFn: () =>
      call(sendTeamMessage, {
        body: { userId: member.userId, subject: subject.trim(), content: content.trim() },
      }),
    onSuccess: () => {
      setSubject('');
      setContent('');
    },
  });
  const titles: Record<Mode, string> = {
    details: t('agent_member_title', { username: member.username }),
    remark: t('agent_action_remark'),
    status: t('agent_action_status'),
    agent: t('agent_action_set_agent'),
    message: t('agent_action_message'),
    transfer: t('agent_action_transfer'),
  };
  const direct = (level: number) => level === 1;

  let body: ReactNode;
  if (mode === 'remark')
    body = (
      <form
        className={ui.form}
        onSubmit={(e) => {
          e.preventDefault();
          remarkMutation.mutate();
        }}
      >
        <label className={ui.field}>
          <span className={ui.fieldLabel}>{t('agent_col_remark')}</span>
          <input
            className={ui.input}
            value={remark}
            maxLength={TEAM_REMARK_MAX}
            onChange={(e) => setRemark(e.target.value)}
            data-testid="agent-remark-input"
          />
          <span className={ui.fieldHint}>{t('agent_remark_hint', { max: TEAM_REMARK_MAX })}</span>
        </label>
        <Failure error={remarkMutation.error} />
        <FormActions
          busy={remarkMutation.isPending}
          onBack={back}
          label={t('agent_save')}
          testId="agent-remark-save"
        />
      </form>
    );
  else if (mode === 'status') {
    const next = member.status === TeamStatus.normal ? TeamStatus.loginForbidden : TeamStatus.normal;
    body = (
      <form
        className={ui.form}
        onSubmit={(e) => {
          e.preventDefault();
          statusMutation.mutate(next);
        }}
      >
        <p>
          {t(next === TeamStatus.loginForbidden ? 'agent_status_forbid_text' : 'agent_status_allow_text', {
            username: member.username,
          })}
        </p>
        <Failure error={statusMutation.error} />
        <FormActions
          busy={statusMutation.isPending}
          onBack={back}
          label={t(next === TeamStatus.loginForbidden ? 'agent_status_forbid' : 'agent_status_allow')}
          testId="agent-status-save"
        />
      </form>
    );
  } else if (mode === 'agent')
    body = (
      <form
        className={ui.form}
        onSubmit={(e) => {
          e.preventDefault();
          agentMutation.mutate();
        }}
      >
        <p>{t('agent_set_agent_text', { username: member.username })}</p>
        <Failure error={agentMutation.error} />
        <FormActions
          busy={agentMutation.isPending}
          onBack={back}
          label={t('agent_action_set_agent')}
          testId="agent-set-agent-save"
        />
      </form>
    );
  else if (mode === 'message')
    body = (
      <form
        className={ui.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (subject.trim() && content.trim()) messageMutation.mutate();
        }}
      >
        <label className={ui.field}>
          <span className={ui.fieldLabel}>{t('agent_message_subject')}</span>
          <input
            className={ui.input}
            value={subject}
            maxLength={TEAM_MESSAGE_SUBJECT_MAX}
            onChange={(e) => setSubject(e.target.value)}
            data-testid="agent-message-subject"
          />
        </label>
        <label className={ui.field}>
          <span className={ui.fieldLabel}>{t('agent_message_content')}</span>
          <textarea
            className={`${ui.input} ${ui.textarea}`}
            value={content}
            maxLength={TEAM_MESSAGE_BODY_MAX}
            rows={5}
            onChange={(e) => setContent(e.target.value)}
            data-testid="agent-message-content"
          />
        </label>
        {messageMutation.isSuccess ? (
          <p className={ui.success} role="status">
            {t('agent_message_sent')}
          </p>
        ) : null}
        <Failure error={messageMutation.error} />
        <FormActions
          busy={messageMutation.isPending}
          onBack={back}
          label={t('agent_message_send')}
          testId="agent-message-send"
        />
      </form>
    );
  else if (mode === 'transfer') body = <TransferForm member={member} onBack={back} />;
  else
    body = (
      <QueryBody query={details}>
        {(d) => (
          <div className={ui.form} data-testid="agent-member-details">
            <dl className={ui.facts}>
              <dt>{t('agent_username')}</dt>
              <dd>
                {d.username}
                {d.nickname ? ` (${d.nickname})` : ''}
              </dd>
              <dt>{t('agent_col_remark')}</dt>
              <dd>{d.remark || '—'}</dd>
              <dt>{t('agent_account_type')}</dt>
              <dd>{t(isAgentType(d.type) ? 'agent_type_agent' : 'agent_type_player')}</dd>
              <dt>{t('agent_player_label')}</dt>
              <dd>{[d.clubLabel, d.memberLabel].filter(Boolean).join(' · ') || '—'}</dd>
              <dt>{t('agent_upline')}</dt>
              <dd>{d.upline ?? '—'}</dd>
              <dt>{t('agent_level_label')}</dt>
              <dd>{t('agent_level', { level: d.level })}</dd>
              <dt>{t('agent_col_status')}</dt>
              <dd>
                <span className={ui.chip} data-tone={statusTone(d.status)}>
                  {t(statusKey(d.status))}
                </span>
              </dd>
              <dt>{t('agent_col_last_login')}</dt>
              <dd>{d.lastLogin === null ? t('agent_never') : formatNoticeDate(d.lastLogin)}</dd>
              <dt>{t('agent_last_deposit')}</dt>
              <dd>
                {d.lastDeposit === null ? (
                  t('agent_never')
                ) : (
                  <>
                    <Money value={d.lastDeposit.amount} /> · {formatNoticeDate(d.lastDeposit.time)}
                  </>
                )}
              </dd>
              <dt>{t('agent_col_balance')}</dt>
              <dd>
                <Money value={d.balance} />
              </dd>
              <dt>{t('agent_total_deposit')}</dt>
              <dd>
                <Money value={d.totalDeposit} />
              </dd>
              <dt>{t('agent_total_withdrawal')}</dt>
              <dd>
                <Money value={d.totalWithdrawal} />
              </dd>
              <dt>{t('agent_col_registered')}</dt>
              <dd>
                {formatNoticeDate(d.registeredAt)} ·{' '}
                {t(methodKey(d.registerMethod), { defaultValue: d.registerMethod })}
                {d.registerUrl ? ` · ${d.registerUrl}` : ''}
              </dd>
            </dl>
            <div className={ui.rowActions} data-testid="agent-member-actions">
              <button
                type="button"
                className={ui.linkButton}
                onClick={() => drillTo('palStatementsAgentCopy', d.username)}
              >
                {t('agent_action_report')}
              </button>
              <button
                type="button"
                className={ui.linkButton}
                onClick={() => drillTo('personalHistoryCopy', d.username)}
              >
                {t('agent_action_game_records')}
              </button>
              {direct(d.level) ? (
                <>
                  <button type="button" className={ui.linkButton} onClick={() => setMode('remark')}>
                    {t('agent_action_remark')}
                  </button>
                  {d.status === TeamStatus.normal || d.status === TeamStatus.loginForbidden ? (
                    <button type="button" className={ui.linkButton} onClick={() => setMode('status')}>
                      {t('agent_action_status')}
                    </button>
                  ) : null}
                  {!isAgentType(d.type) ? (
                    <button
                      type="button"
                      className={ui.linkButton}
                      onClick={() => setMode('agent')}
                      data-testid="agent-action-set-agent"
                    >
                      {t('agent_action_set_agent')}
                    </button>
                  ) : null}
                  <button type="button" className={ui.linkButton} onClick={() => setMode('message')}>
                    {t('agent_action_message')}
                  </button>
                  <Button size="sm" onClick={() => setMode('transfer')} data-testid="agent-action-transfer">
                    {t('agent_action_transfer')}
                  </Button>
                </>
              ) : (
                <p className={ui.note}>{t('agent_indirect_note')}</p>
              )}
            </div>
          </div>
        )}
      </QueryBody>
    );

  return (
    <Modal onClose={onClose} title={titles[mode]} width={560} height="auto">
      <div className={ui.dialogBody} data-testid="agent-member-dialog" data-mode={mode}>
        {mode !== 'details' ? (
          <p className={ui.note}>{t('agent_member_title', { username: member.username })}</p>
        ) : null}
        {body}
      </div>
    </Modal>
  );
}
