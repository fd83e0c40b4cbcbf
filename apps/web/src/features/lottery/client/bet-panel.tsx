import { useMemo, useRef, useState } from 'react';
import { useTypedTranslation } from '../../../shared/i18n/react.tsx';
import { lotteryPrizeModeIds, type Family } from '@app/contract';
import { errorText } from '../../../shared/forms/error-text.ts';
import { useGate } from '../../../shared/shell/use-gate.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorState, Skeleton } from '../../../shared/ui/states.tsx';
import { Tabs } from '../../../shared/forms/tabs.tsx';
import { useBefore } from '../clock.ts';
import { usePlaceOrder, usePlayMenu, useSeries, useSetting } from '../api.ts';
import type { LobbyGame, OpenNumero } from '../model.ts';
import {
  lineAmount,
  notesOf,
  playDef,
  playGroupKey,
  playNameKey,
  playRuleKey,
  rowLabelKey,
  slipString,
  sumAmounts,
  winPerNote,
} from '../rules.ts';
import { dataKey, LOTTERY_NS, LOTTERY_RULES_NS } from '../strings.ts';
import type { Variant } from '../variants.ts';
import { LotteryBalance } from '../balance.tsx';
import { ChasePlanner, chaseTotal, type ChasePlan } from './chase-planner.tsx';
import { contentOf, NumberPicker, type Picks } from './number-picker.tsx';
import { BetSlip, type SlipLine } from './bet-slip.tsx';
import styles from './client.module.css';
import { formatMoney } from '../../../shared/i18n/money.ts';
import { ltrText } from '../../../shared/ui/ltr.tsx';

const newRequestId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Betting on one game: play groups and plays as tabs, the picker of the chosen play with its quick
 * picks, unit, multiple and series, the notes and amount as the player picks (the rules' own
 * countNotes), a slip of several lines, an optional chase, and the order.
 */
export function BetPanel({
  game,
  family,
  variant,
  current,
}: {
  game: LobbyGame;
  family: Family;
  variant: Variant;
  current?: OpenNumero;
}) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const gate = useGate();
  const plays = usePlayMenu(game.gameId, variant.prizeMode);
  const setting = useSetting(game.gameId);
  const series = useSeries(game.gameId, variant.prizeMode);
  const place = usePlaceOrder();

  const mode = plays.data?.find((m) => m.prizeMode === variant.prizeMode) ?? plays.data?.[0];
  const groups = useMemo(
    () =>
      (mode?.playMenuGroups ?? [])
        .filter((g) => g.groupSwitch)
        .map((g) => ({
          ...g,
          playMenus: g.playMenus.filter((p) => p.playSwitch && playDef(family, p.playId)),
        }))
        .filter((g) => g.playMenus.length > 0)
        .sort((a, b) => a.sorting - b.sorting),
    [mode, family],
  );
  const [groupCode, setGroupCode] = useState<string | null>(null);
  const [playId, setPlayId] = useState<number | null>(null);
  const group = groups.find((g) => g.playCode === groupCode) ?? groups[0];
  const menu = group?.playMenus.find((p) => p.playId === playId) ?? group?.playMenus[0];
  const def = menu ? playDef(family, menu.playId) : undefined;

  const [picked, setPicked] = useState<{ playId: number; picks: Picks } | null>(null);
  const units = setting.data?.bettingModes ?? [];
  const [unitId, setUnitId] = useState<number | null>(null);
  const unit = units.find((u) => u.bettingModeId === unitId) ?? units[0];
  const [multiple, setMultiple] = useState(1);
  const band = series.data?.find((s) => s.prizeMode === variant.prizeMode) ?? series.data?.[0];
  const [seriesValue, setSeriesValue] = useState<number | null>(null);
  const chosenSeries = seriesValue ?? band?.defaultSeries ?? band?.maxBetSeries ?? 0;
  const [lines, setLines] = useState<SlipLine[]>([]);
  const [chase, setChase] = useState<ChasePlan>({ enabled: false, winStop: true, multiples: [] });
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  // A chase waits for the player's confirmation (its draws, amounts and total) before it is placed.
  const [confirming, setConfirming] = useState(false);
  const requestId = useRef(newRequestId());
  const open = useBefore(current?.closeAt);
  const sale = !!current && current.isSale && open;

  // A new play starts with an empty picker.
  const picks: Picks = picked && picked.playId === def?.playId ? picked.picks : [];
  const setPicks = (next: Picks) => def && setPicked({ playId: def.playId, picks: next });
  const lineKey = useRef(0);

  if (plays.isPending || setting.isPending || series.isPending)
    return (
      <div className={styles.betGrid}>
        <Skeleton height={360} />
        <Skeleton height={360} />
      </div>
    );
  const failed = plays.error ?? setting.error ?? series.error;
  if (failed)
    return (
      <ErrorState
        message={errorText(failed, t)}
        onRetry={() => {
          void plays.refetch();
          void setting.refetch();
          void series.refetch();
        }}
      />
    );
  if (!group || !menu || !def || !unit || !band) return <ErrorState message={t('no_plays')} />;

  const groupName = (g: (typeof groups)[number]) => {
    const first = playDef(family, g.playMenus[0]!.playId);
    return first ? t(playGroupKey(first), { defaultValue: g.playName }) : g.playName;
  };
  const content = contentOf(
    def.rows.map((_, i) => picks[i] ?? []),
    def.rows,
  );
  const notes = notesOf(
    def,
    def.rows.map((_, i) => picks[i] ?? []),
  );
  const maxMultiple = unit.betMultipleMax || 99_999;
  const exact = lineAmount(notes, menu.singleBetPrice, unit.unit, multiple);
  const amount = exact ?? 0;
  const win = winPerNote(def, chosenSeries, band.base, unit.unit, multiple);
  const tooMuch = exact === null || (unit.betAmountMax > 0 && amount > unit.betAmountMax);
  const cartAmount = sumAmounts(lines.map((l) => l.amount));
  const chaseSum = chase.enabled ? chaseTotal(cartAmount, chase.multiples) : cartAmount;

  const lineOfPicks = (): SlipLine => ({
    key: `line-${++lineKey.current}`,
    playId: menu.playId,
    playName: t(playNameKey(def), { defaultValue: menu.playName }),
    groupName: groupName(group),
    content,
    notes,
    bettingModeId: unit.bettingModeId,
    unitCode: unit.code,
    multiple,
    series: chosenSeries,
    amount,
  });

  const submit = (slip: SlipLine[], asChase: boolean) => {
    if (!current) return;
    gate(() => {
      setMessage(null);
      const total = sumAmounts(slip.map((l) => l.amount));
      place.mutate(
        {
          gameId: game.gameId,
          currentNumero: current.numero,
          prizeModeId: lotteryPrizeModeIds[variant.prizeMode],
          bettingSlipString: slipString(slip),
          betCartAmountSum: asChase ? chaseTotal(total, chase.multiples) : total,
          chase: asChase,
          winningStop: asChase ? chase.winStop : true,
          ...(asChase ? { chaseSlip: { numero: current.numero, multiples: chase.multiples } } : {}),
          device: 'WEB',
          orderType: 1,
          requestId: requestId.current,
        },
        {
          onSuccess: (order) => {
            requestId.current = newRequestId();
            setMessage({
              tone: 'ok',
              text: order.chase
                ? t('chase_placed', { order: ltrText(order.orderNumber), count: order.totalChase })
                : t('bet_placed', { order: ltrText(order.orderNumber), numero: ltrText(order.numero) }),
            });
            setLines([]);
            setPicks([]);
            setChase((c) => ({ ...c, enabled: false }));
          },
          onError: (e) => {
            requestId.current = newRequestId();
            setMessage({ tone: 'error', text: errorText(e, t) });
          },
        },
      );
    });
  };

  return (
    <div className={styles.betGrid}>
      <div className={styles.betMain}>
        <Tabs
          options={groups.map((g) => ({ key: g.playCode, label: groupName(g) }))}
          value={group.playCode}
          onChange={(code) => {
            setGroupCode(code);
            setPlayId(null);
          }}
          label={t('play_groups')}
          panelId="play-group-panel"
          idPrefix="play-group"
          className={styles.playGroups}
          tabClassName={styles.playGroup}
        />
        {/* The chosen group's plays, its rule and the numbers: the tab list's panel (a game of one
            group, 4D, has no tab list: nothing to choose). */}
        <div
          className={styles.groupPanel}
          id="play-group-panel"
          {...(groups.length > 1
            ? { role: 'tabpanel', 'aria-labelledby': `play-group-${group.playCode}` }
            : {})}
        >
          {group.playMenus.length > 1 ? (
            <div className={styles.plays} role="group" aria-label={t('plays')}>
              {group.playMenus.map((p) => (
                <button
                  key={p.playId}
                  type="button"
                  className={styles.play}
                  aria-pressed={p.playId === menu.playId}
                  onClick={() => setPlayId(p.playId)}
                >
                  {t(playNameKey(playDef(family, p.playId)!), { defaultValue: p.playName })}
                </button>
              ))}
            </div>
          ) : null}
          <p className={styles.ruleLine}>
            <strong>{t(playNameKey(def), { defaultValue: menu.playName })}</strong>{' '}
            {t(playRuleKey(def), { ns: LOTTERY_RULES_NS, defaultValue: def.rule })}
          </p>
          <NumberPicker
            rows={def.rows}
            picks={picks}
            onChange={setPicks}
            rowLabel={(row) => t(rowLabelKey(row), { defaultValue: row.label })}
          />
        </div>
        <div className={styles.controls}>
          <div className={styles.control}>
            <span className={styles.controlLabel} id="unit-label">
              {t('unit')}
            </span>
            <div className={styles.segmented} role="group" aria-labelledby="unit-label">
              {units.map((u) => (
                <button
                  key={u.bettingModeId}
                  type="button"
                  aria-pressed={u.bettingModeId === unit.bettingModeId}
                  onClick={() => setUnitId(u.bettingModeId)}
                >
                  {t(dataKey(`unit_${u.code.toLowerCase()}`), { defaultValue: u.code })}
                </button>
              ))}
            </div>
          </div>
          <div className={styles.control}>
            <label className={styles.controlLabel} htmlFor="bet-multiple">
              {t('multiple')}
            </label>
            <div className={styles.stepper}>
              <button
                type="button"
                aria-label={t('multiple_less')}
                disabled={multiple <= 1}
                onClick={() => setMultiple(multiple - 1)}
              >
                −
              </button>
              <input
                id="bet-multiple"
                inputMode="numeric"
                value={multiple}
                onChange={(e) => {
                  const n = Number(e.target.value.replace(/\D/g, '')) || 1;
                  setMultiple(Math.min(maxMultiple, Math.max(1, n)));
                }}
              />
              <button
                type="button"
                aria-label={t('multiple_more')}
                disabled={multiple >= maxMultiple}
                onClick={() => setMultiple(multiple + 1)}
              >
                +
              </button>
            </div>
          </div>
          {band.options.length > 1 ? (
            <div className={styles.control}>
              <label className={styles.controlLabel} htmlFor="bet-series">
                {t('series')}
              </label>
              <select
                id="bet-series"
                className={styles.select}
                value={chosenSeries}
                onChange={(e) => setSeriesValue(Number(e.target.value))}
              >
                {band.options.map((o) => (
                  <option key={o.series} value={o.series}>
                    {o.series} / {o.rebate.toFixed(1)}%
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        <div className={styles.summary} data-testid="bet-summary">
          <div className={styles.summaryFigures}>
            <span>
              <span className={styles.muted}>{t('notes')}</span> <strong data-testid="notes">{notes}</strong>
            </span>
            <span>
              <span className={styles.muted}>{t('amount')}</span>{' '}
              <strong data-testid="amount" className={styles.money}>
                {formatMoney(amount)}
              </strong>
            </span>
            {lines.length ? (
              <a href="#lottery-slip" className={styles.slipJump}>
                {t('bet_slip')} <span className={styles.count}>{lines.length}</span>
              </a>
            ) : null}
            <span className={styles.hideNarrow}>
              <span className={styles.muted}>{t('win_per_note')}</span>{' '}
              <strong className={styles.money}>{formatMoney(win)}</strong>
            </span>
            {/* On a phone the page's top, with its balance, gives way to the picker. */}
            <LotteryBalance className={styles.phoneOnly} />
          </div>
          {tooMuch ? (
            <p className={styles.warn} role="alert">
              {exact === null
                ? t('unit_too_small')
                : t('amount_over_max', { max: formatMoney(unit.betAmountMax) })}
            </p>
          ) : null}
          <div className={styles.summaryActions}>
            <Button
              variant="secondary"
              disabled={!notes || tooMuch}
              onClick={() => {
                setLines([...lines, lineOfPicks()]);
                setPicks([]);
              }}
            >
              {t('add_to_slip')}
            </Button>
            <Button
              disabled={!notes || tooMuch || !sale || place.isPending}
              onClick={() => submit([lineOfPicks()], false)}
            >
              {t('bet_now')}
            </Button>
          </div>
        </div>
      </div>
      <aside className={styles.betSide} aria-label={t('bet_slip')} id="lottery-slip">
        <BetSlip
          lines={lines}
          onRemove={(key) => setLines(lines.filter((l) => l.key !== key))}
          onClear={() => setLines([])}
        />
        <ChasePlanner
          gameId={game.gameId}
          cartAmount={cartAmount}
          maxCount={setting.data?.chaseMax ?? 0}
          plan={chase}
          onChange={setChase}
          confirming={confirming}
          onConfirm={() => {
            setConfirming(false);
            submit(lines, true);
          }}
          onCancel={() => setConfirming(false)}
        />
        {message ? (
          <p
            className={styles.message}
            data-tone={message.tone}
            role={message.tone === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        ) : null}
        <div className={styles.slipTotal}>
          <span className={styles.muted}>{chase.enabled ? t('chase_total') : t('slip_total')}</span>
          <strong className={styles.money} data-testid="slip-total">
            {formatMoney(chaseSum)}
          </strong>
        </div>
        <Button
          size="lg"
          className={styles.placeButton}
          disabled={!lines.length || !sale || place.isPending || (chase.enabled && !chase.multiples.length)}
          onClick={() => (chase.enabled ? gate(() => setConfirming(true)) : submit(lines, false))}
        >
          {!sale
            ? t('sales_closed')
            : chase.enabled
              ? t('place_chase', { count: chase.multiples.length })
              : t('place_bet')}
        </Button>
      </aside>
    </div>
  );
}
