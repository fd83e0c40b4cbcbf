import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AFFILIATE_CHANNEL_TEXT_MAX,
  AFFILIATE_CHANNELS,
  AFFILIATE_EXPIRIES,
  createAffiliateLink,
  deleteAffiliateLink,
  getAgentRegisterSettings,
  listAffiliateLinks,
  listLinkRegistrations,
  prizeGroupRebatePercent,
  registerDownline,
  WEAK_DEFAULT_PASSWORD,
  type AffiliateChannel,
  type AffiliateExpiry,
  type AffiliateLink,
  type AgentRegisterSettings,
  type CreateAffiliateLinkRequest,
  type RebateProduct,
  type RebatesInput,
  type RegisterDownlineResult,
} from '@app/contract';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { call } from '../../shared/http/client.ts';
import { secureCall } from '../../shared/http/payload-encryption.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { TFunction } from '../../shared/i18n/translator.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal, useModalClose } from '../../shared/ui/modal.tsx';
import { agentErrorText } from './errors.ts';
import { QrIcon, TrashIcon } from './icons.tsx';
import { QrCode } from '../../shared/ui/qr-code.tsx';
import { AGENT_STRINGS } from './strings.ts';
import {
  AGENT_KEY,
  AgentPageFrame,
  AgentTable,
  copyText,
  CopyButton,
  Pager,
  QueryBody,
  useAgentQuery,
  uiStyles as ui,
  type Column,
} from './ui.tsx';
import styles from './pages.module.css';
import { Isolate } from '../../shared/ui/ltr.tsx';

type Tab = 'register' | 'link' | 'links';
const LINKS_PAGE_SIZE = 10;

/** A rebate in basis points as the percentage a person reads (150 → "1.50"). */
const bpPercent = (bp: number) => (bp / 100).toFixed(2);
const seriesLabel = (series: number) => `${series} (${prizeGroupRebatePercent(series).toFixed(1)}%)`;

/** The rebate settings a form edits: the prize group and each product's percentage as typed. */
interface RebateState {
  lotterySeries: number;
  rebates: Partial<Record<RebateProduct, string>>;
}

const initialRebates = (settings: AgentRegisterSettings): RebateState => ({
  lotterySeries: settings.lottery.max,
  rebates: {},
});

/** The typed percentages as basis points, or the product whose value is out of its bounds. */
function rebatesInput(
  state: RebateState,
  settings: AgentRegisterSettings,
): { ok: true; rebates: RebatesInput } | { ok: false; product: RebateProduct } {
  const rebates: Record<string, number> = {};
  for (const p of settings.products) {
    const text = state.rebates[p.product]?.trim() ?? '';
    if (text === '') continue;
    const value = Number(text);
    const bp = Math.round(value * 100);
    if (!/^\d+(\.\d{1,2})?$/.test(text) || bp < p.min || bp > p.max) return { ok: false, product: p.product };
    rebates[p.product] = bp;
  }
  return { ok: true, rebates: rebates as RebatesInput };
}

function RebateFields({
  settings,
  state,
  onChange,
  invalid,
}: {
  settings: AgentRegisterSettings;
  state: RebateState;
  onChange: (s: RebateState) => void;
  invalid: RebateProduct | null;
}) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const id = useId();
  const { lottery } = settings;
  const series: number[] = [];
  for (let s = lottery.max; s >= lottery.min; s -= lottery.step) series.push(s);
  return (
    <fieldset className={ui.panel}>
      <legend className={styles.legend}>{t('agent_rebate_settings')}</legend>
      <div className={ui.formGrid}>
        <label className={ui.field}>
          <span className={ui.fieldLabel}>{t('agent_prize_group')}</span>
          <select
            className={ui.input}
            value={state.lotterySeries}
            onChange={(e) => onChange({ ...state, lotterySeries: Number(e.target.value) })}
            data-testid="agent-series"
          >
            {series.map((s) => (
              <option key={s} value={s}>
                {seriesLabel(s)}
              </option>
            ))}
          </select>
          <span className={ui.fieldHint}>
            {t('agent_prize_group_hint', {
              min: seriesLabel(lottery.min),
              max: seriesLabel(lottery.max),
              keep: (
                prizeGroupRebatePercent(lottery.own) - prizeGroupRebatePercent(state.lotterySeries)
              ).toFixed(1),
            })}
          </span>
        </label>
        {/* A product the agent itself has no rebate on has nothing to give: left out. */}
        {settings.products
          .filter((p) => p.max > 0)
          .map((p) => (
            <label key={p.product} className={ui.field} data-invalid={invalid === p.product || undefined}>
              <span className={ui.fieldLabel}>
                {t('agent_product_rebate', { product: t(`agent_product_${p.product}`) })}
              </span>
              <input
                id={`${id}-${p.product}`}
                className={ui.input}
                inputMode="decimal"
                placeholder="0.00"
                value={state.rebates[p.product] ?? ''}
                onChange={(e) =>
                  onChange({ ...state, rebates: { ...state.rebates, [p.product]: e.target.value } })
                }
                aria-invalid={invalid === p.product || undefined}
                data-testid={`agent-rebate-${p.product}`}
              />
              <span className={invalid === p.product ? ui.fieldError : ui.fieldHint}>
                {t('agent_rebate_bounds', { min: bpPercent(p.min), max: bpPercent(p.max) })}
              </span>
            </label>
          ))}
      </div>
    </fieldset>
  );
}

function AccountTypeField({ value, onChange }: { value: 0 | 1; onChange: (v: 0 | 1) => void }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  return (
    <div className={ui.field} role="radiogroup" aria-label={t('agent_account_type')}>
      <span className={ui.fieldLabel}>{t('agent_account_type')}</span>
      <div className={styles.radios}>
        {([1, 0] as const).map((v) => (
          <label key={v} className={styles.radio} data-checked={value === v || undefined}>
            <input type="radio" name="accountType" checked={value === v} onChange={() => onChange(v)} />
            {t(v === 1 ? 'agent_type_agent' : 'agent_type_player')}
          </label>
        ))}
      </div>
    </div>
  );
}

/** The new account's details, copied in one go ("Copy and close"). */
function ResultDialog({ result, onClose }: { result: RegisterDownlineResult; onClose: () => void }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  return (
    <Modal onClose={onClose} title={t('agent_register_done_title')} width={440} height="auto">
      <ResultBody result={result} />
    </Modal>
  );
}

function ResultBody({ result }: { result: RegisterDownlineResult }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const close = useModalClose();
  const text = [
    `${t('agent_username')}: ${result.username}`,
    `${t('agent_password')}: ${result.password}`,
    `${t('agent_platform_url')}: ${result.platformUrl}`,
  ].join('\n');
  return (
    <div className={ui.dialogBody} data-testid="agent-register-result">
      <p className={ui.success}>{t('agent_register_done_text')}</p>
      <dl className={ui.facts}>
        <dt>{t('agent_account_type')}</dt>
        <dd>{t(result.accountType === 1 ? 'agent_type_agent' : 'agent_type_player')}</dd>
        <dt>{t('agent_username')}</dt>
        <dd>
          <Isolate>{result.username}</Isolate>
        </dd>
        <dt>{t('agent_password')}</dt>
        <dd>{result.password}</dd>
        <dt>{t('agent_platform_url')}</dt>
        <dd>{result.platformUrl}</dd>
      </dl>
      <div className={ui.actions}>
        <Button onClick={() => void copyText(text).finally(close)} data-testid="agent-copy-close">
          {t('agent_copy_and_close')}
        </Button>
      </div>
    </div>
  );
}

function RegisterDownlineForm({ settings }: { settings: AgentRegisterSettings }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const client = useQueryClient();
  const [accountType, setAccountType] = useState<0 | 1>(0);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState(WEAK_DEFAULT_PASSWORD);
  const [rebates, setRebates] = useState(() => initialRebates(settings));
  const [tried, setTried] = useState(false);
  const [invalid, setInvalid] = useState<RebateProduct | null>(null);
  const [result, setResult] = useState<RegisterDownlineResult | null>(null);
  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof secureCall<typeof registerDownline>>[1]) =>
      secureCall(registerDownline, body),
    onSuccess: (value) => {
      setResult(value);
      setUsername('');
      setPassword(WEAK_DEFAULT_PASSWORD);
      setTried(false);
      void client.invalidateQueries({ queryKey: AGENT_KEY });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const checked = rebatesInput(rebates, settings);
    setInvalid(checked.ok ? null : checked.product);
    if (!username.trim() || !password || !checked.ok) return;
    mutation.mutate({
      body: {
        accountType,
        username: username.trim(),
        password,
        lotterySeries: rebates.lotterySeries,
        rebates: checked.rebates,
      },
    });
  };
  return (
    <form className={ui.form} onSubmit={submit} noValidate data-testid="agent-register-form">
      <AccountTypeField value={accountType} onChange={setAccountType} />
      <div className={ui.formGrid}>
        <label className={ui.field}>
          <span className={ui.fieldLabel}>{t('agent_username')}</span>
          <input
            className={ui.input}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={64}
            aria-invalid={(tried && !username.trim()) || undefined}
            data-testid="agent-register-username"
          />
          {tried && !username.trim() ? <span className={ui.fieldError}>{t('agent_required')}</span> : null}
        </label>
        <label className={ui.field}>
          <span className={ui.fieldLabel}>{t('agent_password')}</span>
          <input
            className={ui.input}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            maxLength={128}
            aria-invalid={(tried && !password) || undefined}
            data-testid="agent-register-password"
          />
          <span className={tried && !password ? ui.fieldError : ui.fieldHint}>
            {tried && !password
              ? t('agent_required')
              : t('agent_password_hint', { password: WEAK_DEFAULT_PASSWORD })}
          </span>
        </label>
      </div>
      <RebateFields settings={settings} state={rebates} onChange={setRebates} invalid={invalid} />
      {mutation.isError ? (
        <p className={ui.alert} role="alert">
          {agentErrorText(mutation.error, t)}
        </p>
      ) : null}
      <div className={ui.actions}>
        <BusyButton
          busy={mutation.isPending}
          type="submit"
          disabled={mutation.isPending}
          data-testid="agent-register-submit"
        >
          {t('agent_register_confirm')}
        </BusyButton>
      </div>
      {result ? <ResultDialog result={result} onClose={() => setResult(null)} /> : null}
    </form>
  );
}

const expiryLabel = (t: TFunction, e: AffiliateExpiry) => t(`agent_expiry_${e}`);
const channelLabel = (t: TFunction, c: AffiliateChannel, text = '') =>
  c === 'CUSTOM' && text ? text : t(`agent_channel_${c}`);

/** The link's summary, asked to be confirmed before it is made (research §7). */
function ConfirmLinkDialog({
  request,
  onConfirm,
  onClose,
  busy,
  failure,
}: {
  request: CreateAffiliateLinkRequest;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
  failure: unknown;
}) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  return (
    <Modal onClose={onClose} title={t('agent_link_confirm_title')} width={420} height="auto">
      <div className={ui.dialogBody} data-testid="agent-link-confirm">
        <dl className={ui.facts}>
          <dt>{t('agent_account_type')}</dt>
          <dd>{t(request.accountType === 1 ? 'agent_type_agent' : 'agent_type_player')}</dd>
          <dt>{t('agent_prize_group')}</dt>
          <dd>{seriesLabel(request.lotterySeries)}</dd>
          <dt>{t('agent_expiry')}</dt>
          <dd>{expiryLabel(t, request.expiry)}</dd>
          <dt>{t('agent_channel')}</dt>
          <dd>{channelLabel(t, request.channel, request.channelText)}</dd>
        </dl>
        {failure ? (
          <p className={ui.alert} role="alert">
            {agentErrorText(failure, t)}
          </p>
        ) : null}
        <ConfirmActions onConfirm={onConfirm} busy={busy} />
      </div>
    </Modal>
  );
}

function ConfirmActions({
  onConfirm,
  busy,
  danger,
}: {
  onConfirm: () => void;
  busy: boolean;
  danger?: boolean;
}) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const close = useModalClose();
  return (
    <div className={ui.actions}>
      <Button variant="ghost" onClick={close} disabled={busy}>
        {t('agent_cancel')}
      </Button>
      <BusyButton
        busy={busy}
        variant={danger ? 'danger' : 'primary'}
        onClick={onConfirm}
        disabled={busy}
        data-testid="agent-confirm"
      >
        {t('in_increase_submit')}
      </BusyButton>
    </div>
  );
}

function CreateLinkForm({ settings, onCreated }: { settings: AgentRegisterSettings; onCreated: () => void }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const client = useQueryClient();
  const [accountType, setAccountType] = useState<0 | 1>(0);
  const [rebates, setRebates] = useState(() => initialRebates(settings));
  const [expiry, setExpiry] = useState<AffiliateExpiry>('PERMANENT');
  const [channel, setChannel] = useState<AffiliateChannel>('FORUM');
  const [channelText, setChannelText] = useState('');
  const [invalid, setInvalid] = useState<RebateProduct | null>(null);
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState<CreateAffiliateLinkRequest | null>(null);
  const [created, setCreated] = useState<AffiliateLink | null>(null);
  const mutation = useMutation({
    mutationFn: (body: CreateAffiliateLinkRequest) => call(createAffiliateLink, { body }),
    onSuccess: (link) => {
      setPending(null);
      setCreated(link);
      void client.invalidateQueries({ queryKey: AGENT_KEY });
    },
  });
  const customMissing = channel === 'CUSTOM' && !channelText.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const checked = rebatesInput(rebates, settings);
    setInvalid(checked.ok ? null : checked.product);
    if (!checked.ok || customMissing) return;
    mutation.reset();
    setPending({
      accountType,
      lotterySeries: rebates.lotterySeries,
      rebates: checked.rebates,
      expiry,
      channel,
      channelText: channel === 'CUSTOM' ? channelText.trim() : '',
    });
  };
  return (
    <form className={ui.form} onSubmit={submit} noValidate data-testid="agent-link-form">
      <AccountTypeField value={accountType} onChange={setAccountType} />
      <RebateFields settings={settings} state={rebates} onChange={setRebates} invalid={invalid} />
      <div className={ui.formGrid}>
        <label className={ui.field}>
          <span className={ui.fieldLabel}>{t('agent_expiry')}</span>
          <select
            className={ui.input}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as AffiliateExpiry)}
            data-testid="agent-link-expiry"
          >
            {AFFILIATE_EXPIRIES.map((x) => (
              <option key={x} value={x}>
                {expiryLabel(t, x)}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.field}>
          <span className={ui.fieldLabel}>{t('agent_channel')}</span>
          <select
            className={ui.input}
            value={channel}
            onChange={(e) => setChannel(e.target.value as AffiliateChannel)}
            data-testid="agent-link-channel"
          >
            {AFFILIATE_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {channelLabel(t, c)}
              </option>
            ))}
          </select>
        </label>
        {channel === 'CUSTOM' ? (
          <label className={ui.field}>
            <span className={ui.fieldLabel}>{t('agent_channel_text')}</span>
            <input
              className={ui.input}
              value={channelText}
              maxLength={AFFILIATE_CHANNEL_TEXT_MAX}
              onChange={(e) => setChannelText(e.target.value)}
              aria-invalid={(tried && customMissing) || undefined}
              data-testid="agent-link-channel-text"
            />
            {tried && customMissing ? <span className={ui.fieldError}>{t('agent_required')}</span> : null}
          </label>
        ) : null}
      </div>
      <div className={ui.actions}>
        <Button type="submit" data-testid="agent-link-submit">
          {t('agent_link_create')}
        </Button>
      </div>
      {created ? (
        <div className={styles.createdLink} data-testid="agent-link-created">
          <QrCode
            kind="LINK"
            code={created.code}
            size={112}
            label={t('agent_link_qr_of', { code: created.code })}
          />
          <div className={ui.stack}>
            <p className={ui.success}>{t('agent_link_created')}</p>
            <span className={styles.linkUrl}>{created.url}</span>
            <span className={ui.toolbarGroup}>
              <CopyButton text={created.url} label={t('agent_copy_link')} />
              <Button variant="ghost" size="sm" onClick={onCreated}>
                {t('agent_link_manage')}
              </Button>
            </span>
          </div>
        </div>
      ) : null}
      {pending ? (
        <ConfirmLinkDialog
          request={pending}
          busy={mutation.isPending}
          failure={mutation.error}
          onConfirm={() => mutation.mutate(pending)}
          onClose={() => setPending(null)}
        />
      ) : null}
    </form>
  );
}

function QrDialog({ link, onClose }: { link: AffiliateLink; onClose: () => void }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  return (
    <Modal onClose={onClose} title={t('agent_link_qr')} width={340} height="auto">
      <div className={`${ui.dialogBody} ${styles.qrBody}`}>
        <QrCode kind="LINK" code={link.code} size={220} label={t('agent_link_qr_of', { code: link.code })} />
        <span className={styles.linkUrl}>{link.url}</span>
        <CopyButton text={link.url} label={t('agent_copy_link')} />
      </div>
    </Modal>
  );
}

function RegistrationsDialog({ link, onClose }: { link: AffiliateLink; onClose: () => void }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [page, setPage] = useState(1);
  const query = useAgentQuery(listLinkRegistrations, { id: link.id, page, size: 10 });
  return (
    <Modal
      onClose={onClose}
      title={t('agent_link_registrations_of', { code: link.code })}
      width={520}
      height="auto"
    >
      <div className={ui.dialogBody} data-testid="agent-link-registrations">
        <QueryBody
          query={query}
          isEmpty={(d) => d.total === 0}
          empty={{
            title: t('agent_link_registrations_empty_title'),
            text: t('agent_link_registrations_empty_text'),
          }}
        >
          {(d) => (
            <>
              <AgentTable
                caption={t('agent_link_registrations')}
                rows={d.list}
                rowKey={(r) => r.memberId}
                columns={[
                  { key: 'user', label: t('agent_username'), render: (r) => r.username },
                  {
                    key: 'type',
                    label: t('agent_account_type'),
                    render: (r) => t(r.accountType === 0 ? 'agent_type_player' : 'agent_type_agent'),
                  },
                  {
                    key: 'at',
                    label: t('agent_col_registered'),
                    render: (r) => <time className={ui.time}>{formatNoticeDate(r.registeredAt)}</time>,
                  },
                ]}
              />
              <Pager page={d.page} size={d.size} total={d.total} onPage={setPage} />
            </>
          )}
        </QueryBody>
      </div>
    </Modal>
  );
}

function DeleteLinkDialog({ link, onClose }: { link: AffiliateLink; onClose: () => void }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => call(deleteAffiliateLink, { body: { id: link.id } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: AGENT_KEY });
      onClose();
    },
  });
  return (
    <Modal onClose={onClose} title={t('agent_link_delete_title')} width={400} height="auto">
      <div className={ui.dialogBody}>
        <p>{t('agent_link_delete_text', { code: link.code })}</p>
        {mutation.isError ? (
          <p className={ui.alert} role="alert">
            {agentErrorText(mutation.error, t)}
          </p>
        ) : null}
        <ConfirmActions danger busy={mutation.isPending} onConfirm={() => mutation.mutate()} />
      </div>
    </Modal>
  );
}

function LinkList({ onCreate }: { onCreate: () => void }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{
    kind: 'qr' | 'registrations' | 'delete';
    link: AffiliateLink;
  } | null>(null);
  const query = useAgentQuery(listAffiliateLinks, { page, size: LINKS_PAGE_SIZE });
  const columns: Column<AffiliateLink>[] = [
    {
      key: 'link',
      label: t('agent_col_link'),
      minWidth: 220,
      render: (l) => (
        <span className={styles.linkCell}>
          <span className={ui.stack}>
            <span className={styles.linkUrl}>{l.url}</span>
            <small>
              {t('agent_col_code')} <code className={styles.code}>{l.code}</code>
            </small>
          </span>
          <CopyButton text={l.url} testId="agent-link-copy" />
        </span>
      ),
    },
    {
      key: 'settings',
      label: t('agent_col_settings'),
      render: (l) => (
        <span className={ui.stack}>
          <span>{t(l.accountType === 0 ? 'agent_type_player' : 'agent_type_agent')}</span>
          <small>
            {seriesLabel(l.lotterySeries)} · {channelLabel(t, l.channel, l.channelText)}
          </small>
        </span>
      ),
    },
    {
      key: 'registrations',
      label: t('agent_col_registrations'),
      numeric: true,
      render: (l) => (
        <button
          type="button"
          className={ui.linkButton}
          onClick={() => setDialog({ kind: 'registrations', link: l })}
          data-testid="agent-link-registrations-open"
        >
          {l.registrations}
        </button>
      ),
    },
    {
      key: 'dates',
      label: t('agent_col_created_expiry'),
      render: (l) => (
        <span className={ui.stack}>
          <time className={ui.time}>{formatNoticeDate(l.createdAt)}</time>
          <small>{l.expiresAt === null ? t('agent_expiry_PERMANENT') : formatNoticeDate(l.expiresAt)}</small>
        </span>
      ),
    },
    {
      key: 'status',
      label: t('agent_col_status'),
      render: (l) => (
        <span className={ui.chip} data-tone={l.status === 'NORMAL' ? 'good' : 'bad'}>
          {t(l.status === 'NORMAL' ? 'agent_link_normal' : 'agent_link_expired')}
        </span>
      ),
    },
    {
      key: 'actions',
      label: t('agent_col_actions'),
      render: (l) => (
        <span className={ui.rowActions}>
          <button
            type="button"
            className={ui.linkButton}
            onClick={() => setDialog({ kind: 'qr', link: l })}
            aria-label={t('agent_link_qr_of', { code: l.code })}
          >
            <QrIcon size={15} />
          </button>
          <button
            type="button"
            className={ui.linkButton}
            data-danger
            onClick={() => setDialog({ kind: 'delete', link: l })}
            aria-label={t('agent_link_delete_of', { code: l.code })}
            data-testid="agent-link-delete"
          >
            <TrashIcon size={15} />
          </button>
        </span>
      ),
    },
  ];
  return (
    <div className={ui.page}>
      <QueryBody
        query={query}
        isEmpty={(d) => d.total === 0}
        empty={{ title: t('agent_links_empty_title'), text: t('agent_links_empty_text') }}
      >
        {(d) => (
          <>
            <AgentTable
              caption={t('agent_tab_links')}
              columns={columns}
              rows={d.list}
              rowKey={(l) => l.id}
              testId="agent-links"
            />
            <Pager page={d.page} size={d.size} total={d.total} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </QueryBody>
      {query.data?.total === 0 ? (
        <div className={ui.actions}>
          <Button onClick={onCreate}>{t('agent_link_create')}</Button>
        </div>
      ) : null}
      {dialog?.kind === 'qr' ? <QrDialog link={dialog.link} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'registrations' ? (
        <RegistrationsDialog link={dialog.link} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteLinkDialog link={dialog.link} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

/**
 * Account (registerCenter, research §7): register a downline, create a registration link, manage
 * the links. Each tab shows only when the operator's switches leave it open.
 */
export function RegisterCentrePage() {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const id = useId();
  const settings = useAgentQuery(getAgentRegisterSettings);
  const [tab, setTab] = useState<Tab | null>(null);
  return (
    <AgentPageFrame testId="agent-register-centre">
      <QueryBody query={settings}>
        {(s) => {
          const open: { key: Tab; label: string }[] = [
            ...(s.switches.registerDownline
              ? [{ key: 'register' as const, label: t('agent_tab_register') }]
              : []),
            ...(s.switches.createLink ? [{ key: 'link' as const, label: t('agent_tab_link') }] : []),
            ...(s.switches.manageLinks ? [{ key: 'links' as const, label: t('agent_tab_links') }] : []),
          ];
          const current = open.find((o) => o.key === tab)?.key ?? open[0]?.key;
          if (!current) return <p className={ui.note}>{t('agent_register_closed')}</p>;
          return (
            <>
              <Tabs
                options={open}
                value={current}
                onChange={setTab}
                label={t('agentCenter_account')}
                panelId={`${id}-panel`}
                idPrefix={id}
              />
              <div
                id={`${id}-panel`}
                role="tabpanel"
                aria-labelledby={`${id}-${current}`}
                className={styles.tabPanel}
              >
                <p className={ui.note}>
                  {t('agent_own_rebate', {
                    series: seriesLabel(s.lottery.own),
                  })}
                </p>
                {current === 'register' ? <RegisterDownlineForm settings={s} /> : null}
                {current === 'link' ? (
                  <CreateLinkForm
                    settings={s}
                    onCreated={() => setTab(s.switches.manageLinks ? 'links' : 'link')}
                  />
                ) : null}
                {current === 'links' ? (
                  <LinkList onCreate={() => setTab(s.switches.createLink ? 'link' : 'links')} />
                ) : null}
              </div>
            </>
          );
        }}
      </QueryBody>
    </AgentPageFrame>
  );
}
