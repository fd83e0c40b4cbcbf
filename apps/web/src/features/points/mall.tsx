import { useId, useState, type FormEvent } from 'react';
import { pointsTypes, type PointGoods, type PointsType, type RedeemRecord } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { lower } from '../../shared/i18n/keys.ts';
import { formatMoney } from '../../shared/i18n/money.ts';
import { errorText } from '../../shared/forms/error-text.ts';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { TextField } from '../../shared/forms/text-field.tsx';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { GiftIcon, StarIcon } from '../../shared/ui/icons.tsx';
import { Modal, useModalClose } from '../../shared/ui/modal.tsx';
import { Pager } from '../../shared/ui/pager.tsx';
import { EmptyState, ErrorState, LoadingState, Skeleton } from '../../shared/ui/states.tsx';
import {
  PAGE_SIZE,
  useConvert,
  usePointBalance,
  usePointConfig,
  usePointDetails,
  usePointGoods,
  useRedeem,
  useRedeemList,
} from './api.ts';
import styles from './mall.module.css';

const NS = 'pages';
type Tab = 'goods' | 'history' | 'details';

/** Points with 2 decimals, written as money is in the page's language (grouping and digits). */
function usePoints() {
  const { i18n } = useTypedTranslation(NS);
  return (n: number, signed = false) => formatMoney(n, { precision: 2, language: i18n.language, signed });
}

function useTime() {
  const { i18n } = useTypedTranslation(NS);
  return (ms: number) =>
    new Date(ms).toLocaleString(i18n.language, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
}

/** A fresh id for one redeem or conversion: a retry of the same submit answers the first. */
const newRequestId = () => `pm-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The logged-in mall (PM-01…PM-06): balance and ratio, goods, redeem history and points details. */
export function PointMall() {
  const { t } = useTypedTranslation(NS);
  const fmt = usePoints();
  const balance = usePointBalance();
  const config = usePointConfig();
  const [tab, setTab] = useState<Tab>('goods');
  const [redeeming, setRedeeming] = useState<PointGoods | null>(null);
  const [converting, setConverting] = useState(false);
  const panelId = useId();
  const points = balance.data?.points ?? 0;

  return (
    <div className={styles.mall} data-testid="point-mall">
      <section className={styles.summary} aria-label={t('points_my')}>
        <div className={styles.figure}>
          <span className={styles.figureLabel}>{t('points_current')}</span>
          {balance.isPending ? (
            <Skeleton width={160} height={40} />
          ) : balance.error ? (
            <button type="button" className={styles.retry} onClick={() => void balance.refetch()}>
              {t('points_balance_failed')}
            </button>
          ) : (
            <span className={`${styles.figureValue} tabular`} data-testid="points-balance">
              {fmt(points)}
            </span>
          )}
        </div>
        <div className={styles.figure}>
          <span className={styles.figureLabel}>{t('points_ratio')}</span>
          {config.isPending ? (
            <Skeleton width={140} height={28} />
          ) : config.data ? (
            <span className={`${styles.ratio} tabular`} data-testid="points-ratio">
              {t('points_ratio_value', { points: fmt(config.data.ratio), currency: config.data.currency })}
            </span>
          ) : (
            <span className={styles.ratio}>—</span>
          )}
        </div>
        <Button
          variant="secondary"
          onClick={() => setConverting(true)}
          disabled={!config.data?.enabled || points < (config.data?.minConvert ?? Infinity)}
          data-testid="points-convert-open"
        >
          {t('points_convert')}
        </Button>
      </section>

      <Tabs
        options={[
          { key: 'goods', label: t('points_tab_goods') },
          { key: 'history', label: t('points_tab_history') },
          { key: 'details', label: t('points_tab_details') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('points_title')}
        panelId={panelId}
        idPrefix="points-tab"
      />
      <div id={panelId} role="tabpanel" className={styles.panel}>
        {tab === 'goods' ? <GoodsGrid points={points} onRedeem={setRedeeming} /> : null}
        {tab === 'history' ? <RedeemHistory /> : null}
        {tab === 'details' ? <PointDetailsList /> : null}
      </div>

      {redeeming ? (
        <RedeemDialog
          goods={redeeming}
          points={points}
          onClose={() => setRedeeming(null)}
          onDone={() => setTab('history')}
        />
      ) : null}
      {converting && config.data ? (
        <ConvertDialog
          points={points}
          ratio={config.data.ratio}
          minConvert={config.data.minConvert}
          currency={config.data.currency}
          onClose={() => setConverting(false)}
          onDone={() => setTab('history')}
        />
      ) : null}
    </div>
  );
}

function GoodsGrid({ points, onRedeem }: { points: number; onRedeem: (g: PointGoods) => void }) {
  const { t } = useTypedTranslation(NS);
  const fmt = usePoints();
  const goods = usePointGoods();
  if (goods.isPending) return <LoadingState minHeight={280} />;
  if (goods.error)
    return (
      <ErrorState message={errorText(goods.error, t)} onRetry={() => void goods.refetch()} minHeight={280} />
    );
  if (!goods.data.list.length)
    return (
      <EmptyState icon={<GiftIcon size={28} />} title={t('points_goods_empty')} minHeight={280}>
        {t('points_goods_empty_text')}
      </EmptyState>
    );
  return (
    <ul className={styles.grid} data-testid="points-goods">
      {goods.data.list.map((g) => {
        const soldOut = g.available <= 0;
        const short = points < g.points;
        return (
          <li key={g.id} className={styles.card} data-testid="points-goods-item">
            <div className={styles.image}>
              {g.image ? <img src={g.image} alt="" loading="lazy" /> : <GiftIcon size={44} />}
              {soldOut ? <span className={styles.soldOut}>{t('points_sold_out')}</span> : null}
            </div>
            <div className={styles.cardBody}>
              <h3 className={styles.name}>{g.name}</h3>
              <p className={`${styles.cost} tabular`}>
                <StarIcon size={16} /> {fmt(g.points)} <span>{t('points_unit')}</span>
              </p>
              <dl className={styles.facts}>
                <dt>{t('points_amount_req')}</dt>
                <dd className="tabular">{g.amount > 0 ? fmt(g.amount) : t('points_none')}</dd>
                <dt>{t('points_quantity')}</dt>
                <dd className="tabular">{g.quantity}</dd>
                <dt>{t('points_available')}</dt>
                <dd className="tabular" data-testid="points-goods-available">
                  {g.available}
                </dd>
              </dl>
              <Button
                size="sm"
                disabled={soldOut || short}
                onClick={() => onRedeem(g)}
                title={short ? t('points_short') : undefined}
                data-testid="points-redeem-open"
              >
                {soldOut ? t('points_sold_out') : short ? t('points_short') : t('points_redeem')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function PasswordField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTypedTranslation(NS);
  return (
    <TextField
      label={t('points_password')}
      type="password"
      autoComplete="off"
      inputMode="numeric"
      value={value}
      maxLength={64}
      onChange={(e) => onChange(e.target.value)}
      data-testid="points-password"
      required
    />
  );
}

function Failure({ error }: { error: unknown }) {
  const { t } = useTypedTranslation(NS);
  if (!error) return null;
  return (
    <p className={styles.error} role="alert" data-testid="points-error">
      {errorText(error, t)}
    </p>
  );
}

function RedeemDialog({
  goods,
  points,
  onClose,
  onDone,
}: {
  goods: PointGoods;
  points: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTypedTranslation(NS);
  return (
    <Modal onClose={onClose} title={t('points_redeem_title')} width="min(440px, 94vw)" height="auto">
      <RedeemForm goods={goods} points={points} onDone={onDone} />
    </Modal>
  );
}

function RedeemForm({ goods, points, onDone }: { goods: PointGoods; points: number; onDone: () => void }) {
  const { t } = useTypedTranslation(NS);
  const fmt = usePoints();
  const close = useModalClose();
  const redeem = useRedeem();
  const [quantity, setQuantity] = useState(1);
  const [password, setPassword] = useState('');
  const [requestId] = useState(newRequestId);
  const max = Math.max(1, Math.min(goods.available, Math.floor(points / goods.points), 100));
  const cost = goods.points * quantity;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return;
    redeem.mutate(
      { goodsId: goods.id, quantity, paymentPassword: password, requestId },
      {
        onSuccess: () => {
          onDone();
          close();
        },
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="points-redeem-form">
      <p className={styles.formItem}>{goods.name}</p>
      <TextField
        label={t('points_quantity')}
        type="number"
        min={1}
        max={max}
        value={quantity}
        onChange={(e) => setQuantity(Math.max(1, Math.min(max, Math.floor(Number(e.target.value) || 1))))}
        data-testid="points-quantity"
      />
      <p className={`${styles.formTotal} tabular`}>
        {t('points_cost')}: <strong>{fmt(cost)}</strong> / {fmt(points)}
      </p>
      <PasswordField value={password} onChange={setPassword} />
      <Failure error={redeem.error} />
      <BusyButton
        busy={redeem.isPending}
        disabled={!password}
        type="submit"
        size="lg"
        data-testid="points-redeem-submit"
      >
        {t('points_redeem_confirm')}
      </BusyButton>
    </form>
  );
}

function ConvertDialog(props: {
  points: number;
  ratio: number;
  minConvert: number;
  currency: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTypedTranslation(NS);
  return (
    <Modal onClose={props.onClose} title={t('points_convert_title')} width="min(440px, 94vw)" height="auto">
      <ConvertForm {...props} />
    </Modal>
  );
}

function ConvertForm({
  points,
  ratio,
  minConvert,
  currency,
  onDone,
}: {
  points: number;
  ratio: number;
  minConvert: number;
  currency: string;
  onDone: () => void;
}) {
  const { t } = useTypedTranslation(NS);
  const fmt = usePoints();
  const close = useModalClose();
  const convert = useConvert();
  const [text, setText] = useState(String(minConvert));
  const [password, setPassword] = useState('');
  const [requestId] = useState(newRequestId);
  const value = Number(text);
  const valid = /^\d+(\.\d{1,2})?$/.test(text.trim()) && value >= minConvert && value <= points;
  const worth = valid ? Math.floor((value / ratio) * 100 + 1e-9) / 100 : 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || !password) return;
    convert.mutate(
      { points: value, paymentPassword: password, requestId },
      {
        onSuccess: () => {
          onDone();
          close();
        },
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="points-convert-form">
      <TextField
        label={t('points_convert_points')}
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        hint={t('points_convert_hint', { min: fmt(minConvert), max: fmt(points) })}
        error={
          text && !valid ? t('points_convert_invalid', { min: fmt(minConvert), max: fmt(points) }) : undefined
        }
        data-testid="points-convert-points"
      />
      <p className={`${styles.formTotal} tabular`} data-testid="points-convert-worth">
        {t('points_convert_worth')}: <strong>{fmt(worth)}</strong> {currency}
      </p>
      <PasswordField value={password} onChange={setPassword} />
      <Failure error={convert.error} />
      <BusyButton
        busy={convert.isPending}
        disabled={!valid || !password}
        type="submit"
        size="lg"
        data-testid="points-convert-submit"
      >
        {t('points_convert_confirm')}
      </BusyButton>
    </form>
  );
}

/** The mall's lists page by PAGE_SIZE: the shared pager, centred under the grid. */
function MallPager({ page, total, onPage }: { page: number; total: number; onPage: (p: number) => void }) {
  return (
    <div className={styles.pager}>
      <Pager page={page} pages={Math.max(1, Math.ceil(total / PAGE_SIZE))} onPage={onPage} align="center" />
    </div>
  );
}

const statusTone: Record<RedeemRecord['status'], string> = {
  PROCESS: 'wait',
  APPROVED: 'ok',
  REJECTED: 'bad',
};

/** PM-03, PM-04: reference, apply time, type, status, changed points, points balance, remark. */
function RedeemHistory() {
  const { t } = useTypedTranslation(NS);
  const fmt = usePoints();
  const time = useTime();
  const [page, setPage] = useState(1);
  const list = useRedeemList(page);
  if (list.isPending) return <LoadingState minHeight={240} />;
  if (list.error)
    return (
      <ErrorState message={errorText(list.error, t)} onRetry={() => void list.refetch()} minHeight={240} />
    );
  if (!list.data.content.length)
    return <EmptyState icon={<GiftIcon size={28} />} title={t('points_history_empty')} minHeight={240} />;
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="points-history">
          <thead>
            <tr>
              <th>{t('points_col_ref')}</th>
              <th>{t('points_col_time')}</th>
              <th>{t('points_col_type')}</th>
              <th>{t('points_col_status')}</th>
              <th className={styles.num}>{t('points_col_changed')}</th>
              <th className={styles.num}>{t('points_col_balance')}</th>
              <th>{t('points_col_remark')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.content.map((r) => (
              <tr key={r.id} data-testid="points-history-row">
                <td data-label={t('points_col_ref')} className="tabular">
                  {r.referenceNo}
                </td>
                <td data-label={t('points_col_time')} className="tabular">
                  {time(r.applyTime)}
                </td>
                <td data-label={t('points_col_type')}>
                  {r.type === 'GOODS' ? `${r.goodsName} ×${r.quantity}` : t('points_type_convert')}
                </td>
                <td data-label={t('points_col_status')}>
                  <span
                    className={styles.badge}
                    data-tone={statusTone[r.status]}
                    data-testid="points-history-status"
                  >
                    {t(`points_status_${lower(r.status)}`)}
                  </span>
                </td>
                <td data-label={t('points_col_changed')} className={`${styles.num} tabular`}>
                  {fmt(r.changedPoints)}
                </td>
                <td data-label={t('points_col_balance')} className={`${styles.num} tabular`}>
                  {fmt(r.pointsBalance)}
                </td>
                <td data-label={t('points_col_remark')}>{r.remark || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MallPager page={page} total={list.data.totalElements} onPage={setPage} />
    </>
  );
}

/** PM-05, PM-06: the points movements, by type. */
function PointDetailsList() {
  const { t } = useTypedTranslation(NS);
  const fmt = usePoints();
  const time = useTime();
  const [type, setType] = useState<PointsType | undefined>(undefined);
  const [page, setPage] = useState(1);
  const details = usePointDetails(type, page);
  return (
    <>
      <div className={styles.chips} role="group" aria-label={t('points_col_type')}>
        {[undefined, ...pointsTypes].map((k) => (
          <button
            key={k ?? 'ALL'}
            type="button"
            className={styles.chip}
            aria-pressed={type === k}
            onClick={() => {
              setType(k);
              setPage(1);
            }}
            data-testid={`points-type-${k ?? 'ALL'}`}
          >
            {k ? t(`points_type_${lower(k)}`) : t('points_type_all')}
          </button>
        ))}
      </div>
      {details.isPending ? (
        <LoadingState minHeight={240} />
      ) : details.error ? (
        <ErrorState
          message={errorText(details.error, t)}
          onRetry={() => void details.refetch()}
          minHeight={240}
        />
      ) : !details.data.content.length ? (
        <EmptyState icon={<StarIcon size={28} />} title={t('points_details_empty')} minHeight={240}>
          {t('points_details_empty_text')}
        </EmptyState>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="points-details">
              <thead>
                <tr>
                  <th>{t('points_col_time')}</th>
                  <th>{t('points_col_type')}</th>
                  <th className={styles.num}>{t('points_col_changed')}</th>
                  <th className={styles.num}>{t('points_col_balance')}</th>
                </tr>
              </thead>
              <tbody>
                {details.data.content.map((d) => (
                  <tr key={d.id}>
                    <td data-label={t('points_col_time')} className="tabular">
                      {time(d.time)}
                    </td>
                    <td data-label={t('points_col_type')}>{t(`points_type_${lower(d.type)}`)}</td>
                    <td
                      data-label={t('points_col_changed')}
                      className={`${styles.num} tabular`}
                      data-tone={d.changedPoints >= 0 ? 'ok' : 'bad'}
                    >
                      {fmt(d.changedPoints, true)}
                    </td>
                    <td data-label={t('points_col_balance')} className={`${styles.num} tabular`}>
                      {fmt(d.pointsBalance)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <MallPager page={page} total={details.data.totalElements} onPage={setPage} />
        </>
      )}
    </>
  );
}
