import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import {
  formatMinor,
  type OriginalKind,
  playHouseRound,
  sha256Hex,
  SlotSymbols,
  withBlocks,
  type DtBets,
  type DtOutcome,
  type HouseGameKind,
  type HouseOutcome,
  type HouseRound,
  type HouseWager,
  type SlotOutcome,
  type DiceOutcome,
  type LimboOutcome,
  type MinesOutcome,
  type PlinkoOutcome,
  type KenoOutcome,
  type WheelOutcome,
  type RouletteOutcome,
  type SicBoOutcome,
  type HiLoOutcome,
  type BaccaratOutcome,
  type BlackjackOutcome,
  cardText,
  ORIGINAL_KINDS,
} from '@app/contract';
import { peekBrand } from '../../shared/brand/brand.ts';
import { ApiError } from '../../shared/http/api-error.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ShieldIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader } from '../../shared/ui/page.tsx';
import { fetchRound } from './api.ts';
import { CrashVerify, crashInputsOf } from './crash-verify.tsx';
import { SymbolArt } from './symbols.tsx';
import { PlayingCard } from './table-game.tsx';
import styles from './house.module.css';

interface Inputs {
  kind: HouseGameKind;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  bet: string;
  bets: Record<keyof DtBets, string>;
  /** An original's wager as JSON, minor units (as recorded): {"kind":"dice","bet":100,...}. */
  original: string;
}

/**
 * Each original's name, in the catalogue that holds its strings: originals, originals-tables,
 * originals-cards, Baccarat's (decision 056) and Blackjack's (decision 057).
 */
const ORIGINAL_NAMES = {
  dice: 'originals:game_dice',
  limbo: 'originals:game_limbo',
  mines: 'originals:game_mines',
  plinko: 'originals:game_plinko',
  keno: 'originals-tables:game_keno',
  wheel: 'originals-tables:game_wheel',
  roulette: 'originals-tables:game_roulette',
  sicbo: 'originals-tables:game_sicbo',
  hilo: 'originals-cards:game_hilo',
  baccarat: 'originals-baccarat:game_baccarat',
  blackjack: 'originals-blackjack:game_blackjack',
} as const satisfies Record<OriginalKind, string>;

const isOriginal = (kind: HouseGameKind) => (ORIGINAL_KINDS as readonly string[]).includes(kind);

/*
 * The player reads and types money in the brand's currency ("1.00"); the engines count the
 * currency's smallest units (100), as the server records them. A slot bet is a multiple of 20
 * units (0.20 in a 2-decimal currency), a Dragon or Tiger bet of 2.
 */
const currency = () => peekBrand()?.currency ?? { symbol: '', precision: 2 };

/** Smallest units as money text to type into a field: "1.00", ungrouped. */
const amountText = (minor: number) => formatMinor(minor, currency().precision, false);

/** Smallest units as the player reads money: "$1,234.50". */
const moneyText = (minor: number) => `${currency().symbol}${formatMinor(minor, currency().precision)}`;

/** Money typed in the brand's currency as exact smallest units; NaN for anything else. */
function minorOf(text: string): number {
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(text.trim());
  const p = currency().precision;
  return m && (m[2] ?? '').length <= p ? Number(m[1] + (m[2] ?? '').padEnd(p, '0')) : NaN;
}

const emptyInputs: Inputs = {
  kind: 'slot',
  serverSeed: '',
  clientSeed: '',
  nonce: '0',
  bet: '',
  bets: { DRAGON: '0', TIGER: '0', TIE: '0' },
  original: '',
};

function wagerOf(i: Inputs): HouseWager | null {
  if (isOriginal(i.kind)) {
    try {
      const w = JSON.parse(i.original) as HouseWager;
      return w && w.kind === i.kind && Number.isSafeInteger((w as { bet?: number }).bet) ? w : null;
    } catch {
      return null;
    }
  }
  if (i.kind === 'slot') {
    const bet = minorOf(i.bet);
    return bet > 0 && bet % 20 === 0 ? { kind: 'slot', bet } : null;
  }
  const bets = { DRAGON: minorOf(i.bets.DRAGON), TIGER: minorOf(i.bets.TIGER), TIE: minorOf(i.bets.TIE) };
  return Object.values(bets).every(Number.isFinite) ? { kind: 'table', bets } : null;
}

/** Equal as data: the recorded outcome comes back from jsonb, whose key order is its own. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/**
 * /sandbox/verify: recomputes a round in the browser (Web Crypto HMAC-SHA256 and the contract's
 * pure engines, the very code the server plays with) from server seed, client seed and nonce, and
 * shows it next to the round the server recorded.
 */
export function VerifyPage() {
  const { t } = useTypedTranslation('house');
  const [params, setParams] = useSearchParams();
  const [roundId, setRoundId] = useState(params.get('roundId') ?? '');
  const [recorded, setRecorded] = useState<HouseRound | null>(null);
  const [inputs, setInputs] = useState<Inputs>(() => ({ ...emptyInputs, bet: amountText(100) }));
  const { symbol } = currency();
  const steps = { currency: symbol, step: amountText(20), unit: amountText(1), pair: amountText(2) };
  const [loadError, setLoadError] = useState<string | null>(null);
  const [result, setResult] = useState<{ outcome: HouseOutcome; hash: string } | null>(null);
  const [computeError, setComputeError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // Crash's form (decision 055): a round of the shared hash chain, not of the player's seeds.
  const [crashMode, setCrashMode] = useState(params.get('game') === 'crash');

  const load = async (id: string) => {
    setLoading(true);
    setLoadError(null);
    setResult(null);
    try {
      const round = await fetchRound(id.trim());
      setRecorded(round);
      setCrashMode(false);
      setInputs(inputsOf(round));
      setParams({ roundId: id.trim() }, { replace: true });
      if (round.serverSeed) await compute(inputsOf(round));
    } catch (err) {
      setRecorded(null);
      setLoadError(
        err instanceof ApiError && err.status === 404
          ? t('round_not_found')
          : err instanceof ApiError
            ? err.message
            : t('load_failed'),
      );
    } finally {
      setLoading(false);
    }
  };

  const compute = async (i: Inputs) => {
    setComputeError(null);
    setResult(null);
    const wager = wagerOf(i);
    const nonce = /^\d{1,12}$/.test(i.nonce.trim()) ? Number(i.nonce) : NaN;
    if (!/^[0-9a-f]{64}$/.test(i.serverSeed.trim())) return setComputeError(t('server_seed_rule'));
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(i.clientSeed.trim())) return setComputeError(t('client_seed_rule'));
    if (!Number.isFinite(nonce)) return setComputeError(t('nonce_rule'));
    if (!wager)
      return setComputeError(
        isOriginal(i.kind)
          ? t('originals:wager_rule')
          : t(i.kind === 'slot' ? 'bet_rule' : 'bets_rule', steps),
      );
    try {
      const seeds = { serverSeed: i.serverSeed.trim(), clientSeed: i.clientSeed.trim(), nonce };
      const [outcome, hash] = await Promise.all([
        withBlocks(seeds, (source) => playHouseRound(i.kind, source, wager)),
        sha256Hex(seeds.serverSeed),
      ]);
      setResult({ outcome, hash });
    } catch (err) {
      setComputeError(err instanceof RangeError ? t('bets_rule', steps) : String(err));
    }
  };

  useEffect(() => {
    const id = params.get('roundId');
    // After the first paint: the load shows its own progress.
    if (id) void Promise.resolve().then(() => load(id));
    // Loaded once from the address; later loads come from the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onLoad = (e: FormEvent) => {
    e.preventDefault();
    if (roundId.trim()) void load(roundId);
  };
  const onVerify = (e: FormEvent) => {
    e.preventDefault();
    void compute(inputs);
  };
  const set = (patch: Partial<Inputs>) => setInputs((i) => ({ ...i, ...patch }));

  const hashMatches = result && recorded ? result.hash === recorded.serverSeedHash : null;
  const outcomeMatches = result && recorded ? sameData(result.outcome, recorded.outcome) : null;
  const kindSwitch = (
    <div className={styles.kindSwitch} role="radiogroup" aria-label={t('game')}>
      {(['slot', 'table', ...ORIGINAL_KINDS] as const).map((k) => (
        <button
          key={k}
          type="button"
          role="radio"
          aria-checked={!crashMode && inputs.kind === k}
          className={styles.tab}
          onClick={() => {
            setCrashMode(false);
            set({ kind: k });
          }}
        >
          {k === 'slot' ? t('game_slot') : k === 'table' ? t('game_table') : t(ORIGINAL_NAMES[k])}
        </button>
      ))}
      <button
        type="button"
        role="radio"
        aria-checked={crashMode}
        className={styles.tab}
        onClick={() => setCrashMode(true)}
        data-testid="verify-kind-crash"
      >
        {t('originals-crash:title')}
      </button>
    </div>
  );

  return (
    <Page>
      <PageHeader icon={<ShieldIcon />} title={t('verify_title')} subtitle={t('verify_subtitle')} />
      <div className={styles.verify}>
        <form className={styles.verifyCard} onSubmit={onLoad}>
          <h2 className={styles.cardTitle}>{t('load_round')}</h2>
          <label className={styles.field}>
            <span>{t('round_id')}</span>
            <span className={styles.inline}>
              <input
                className={styles.input}
                value={roundId}
                onChange={(e) => setRoundId(e.target.value)}
                placeholder="H…"
                data-testid="round-id"
              />
              <Button type="submit" size="sm" disabled={loading || !roundId.trim()}>
                {t('load')}
              </Button>
            </span>
          </label>
          {loadError ? (
            <p className={styles.error} role="alert">
              {loadError}
            </p>
          ) : null}
          {recorded && !recorded.serverSeed ? (
            <p className={styles.notice}>{t('seed_not_revealed')}</p>
          ) : null}
        </form>

        {crashMode ? <CrashVerify switcher={kindSwitch} initial={crashInputsOf(params)} /> : null}
        <form className={styles.verifyCard} onSubmit={onVerify} hidden={crashMode}>
          <h2 className={styles.cardTitle}>{t('inputs')}</h2>
          {crashMode ? null : kindSwitch}
          <label className={styles.field}>
            <span>{t('server_seed')}</span>
            <input
              className={`${styles.input} ${styles.mono}`}
              value={inputs.serverSeed}
              onChange={(e) => set({ serverSeed: e.target.value })}
              data-testid="verify-server-seed"
            />
          </label>
          <div className={styles.fieldRow}>
            <label className={styles.field}>
              <span>{t('client_seed')}</span>
              <input
                className={styles.input}
                value={inputs.clientSeed}
                onChange={(e) => set({ clientSeed: e.target.value })}
              />
            </label>
            <label className={styles.field}>
              <span>{t('nonce')}</span>
              <input
                className={styles.input}
                inputMode="numeric"
                value={inputs.nonce}
                onChange={(e) => set({ nonce: e.target.value })}
              />
            </label>
          </div>
          {isOriginal(inputs.kind) ? (
            <label className={styles.field}>
              <span>{t('originals:wager_json')}</span>
              <textarea
                className={`${styles.input} ${styles.mono}`}
                rows={3}
                value={inputs.original}
                onChange={(e) => set({ original: e.target.value })}
                data-testid="verify-wager"
              />
            </label>
          ) : inputs.kind === 'slot' ? (
            <label className={styles.field}>
              <span>{t('bet_amount', steps)}</span>
              <input
                className={styles.input}
                inputMode="decimal"
                value={inputs.bet}
                onChange={(e) => set({ bet: e.target.value })}
              />
            </label>
          ) : (
            <div className={styles.fieldRow}>
              {(['DRAGON', 'TIE', 'TIGER'] as const).map((s) => (
                <label key={s} className={styles.field}>
                  <span>{t('side_amount', { side: t(`side_${s}`), currency: symbol })}</span>
                  <input
                    className={styles.input}
                    inputMode="decimal"
                    value={inputs.bets[s]}
                    onChange={(e) => set({ bets: { ...inputs.bets, [s]: e.target.value } })}
                  />
                </label>
              ))}
            </div>
          )}
          {computeError ? (
            <p className={styles.error} role="alert">
              {computeError}
            </p>
          ) : null}
          <Button type="submit" className={styles.verifyButton} data-testid="verify-button">
            {t('verify')}
          </Button>
        </form>

        {result && !crashMode ? (
          <section className={styles.compare} data-testid="verify-result">
            {recorded ? (
              <p
                className={outcomeMatches && hashMatches ? styles.matchOk : styles.matchBad}
                data-testid="verify-verdict"
              >
                {outcomeMatches && hashMatches ? t('verdict_match') : t('verdict_mismatch')}
              </p>
            ) : null}
            <div className={styles.compareCols}>
              <div className={styles.verifyCard}>
                <h2 className={styles.cardTitle}>{t('recomputed')}</h2>
                <Facts hash={result.hash} hashOk={hashMatches} />
                <OutcomeView outcome={result.outcome} />
              </div>
              {recorded ? (
                <div className={styles.verifyCard}>
                  <h2 className={styles.cardTitle}>{t('recorded')}</h2>
                  <Facts hash={recorded.serverSeedHash} hashOk={null} />
                  <OutcomeView outcome={recorded.outcome as unknown as HouseOutcome} />
                </div>
              ) : null}
            </div>
          </section>
        ) : null}
        <section className={styles.verifyCard} hidden={crashMode}>
          <h2 className={styles.cardTitle}>{t('how_title')}</h2>
          <p className={styles.muted}>{t('how_1')}</p>
          <p className={styles.muted}>{t('how_2')}</p>
          <p className={styles.muted}>{t('how_3')}</p>
          <p className={styles.muted}>{t('originals:how_script')}</p>
          {isOriginal(inputs.kind) && inputs.serverSeed ? (
            <pre className={styles.mono} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {`node scripts/verify-original.mjs '${JSON.stringify({
                serverSeed: inputs.serverSeed.trim(),
                clientSeed: inputs.clientSeed.trim(),
                nonce: Number(inputs.nonce),
                wager: (() => {
                  try {
                    return JSON.parse(inputs.original) as unknown;
                  } catch {
                    return null;
                  }
                })(),
              })}'`}
            </pre>
          ) : null}
        </section>
      </div>
    </Page>
  );
}

function inputsOf(round: HouseRound): Inputs {
  const w = round.wager as unknown as HouseWager;
  return {
    kind: round.kind,
    serverSeed: round.serverSeed ?? '',
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    bet: amountText(w.kind === 'slot' ? w.bet : 100),
    bets:
      w.kind === 'table'
        ? { DRAGON: amountText(w.bets.DRAGON), TIGER: amountText(w.bets.TIGER), TIE: amountText(w.bets.TIE) }
        : emptyInputs.bets,
    original: isOriginal(round.kind) ? JSON.stringify(w) : '',
  };
}

function Facts({ hash, hashOk }: { hash: string; hashOk: boolean | null }) {
  const { t } = useTypedTranslation('house');
  return (
    <dl className={styles.facts}>
      <dt>{t('server_seed_hash')}</dt>
      <dd className={styles.mono}>
        {hash} {hashOk === true ? <span className={styles.ok}>✓ {t('hash_matches')}</span> : null}
        {hashOk === false ? <span className={styles.error}>✗ {t('hash_differs')}</span> : null}
      </dd>
    </dl>
  );
}

function OriginalOutcomeView({ outcome }: { outcome: HouseOutcome }) {
  const { t } = useTypedTranslation([
    'originals',
    'originals-tables',
    'originals-cards',
    'originals-baccarat',
    'originals-blackjack',
    'house',
  ]);
  let line: string;
  if (outcome.game === 'dice') {
    const o = outcome as DiceOutcome;
    line = t('v_dice', {
      roll: (o.roll / 100).toFixed(2),
      side: o.over ? '≥' : '<',
      target: (o.target / 100).toFixed(2),
    });
  } else if (outcome.game === 'limbo') {
    const o = outcome as LimboOutcome;
    line = t('v_limbo', { result: (o.result / 100).toFixed(2), target: (o.target / 100).toFixed(2) });
  } else if (outcome.game === 'mines') {
    const o = outcome as MinesOutcome;
    line = t('v_mines', {
      layout: o.layout.map((x) => x + 1).join(', '),
      picks: o.picks.map((x) => x + 1).join(', ') || '—',
    });
  } else if (outcome.game === 'keno') {
    const o = outcome as KenoOutcome;
    line = t('v_keno', {
      drawn: o.drawn.join(', '),
      hits: o.hits.join(', ') || '—',
      m: (o.multiplier / 100).toFixed(2),
    });
  } else if (outcome.game === 'wheel') {
    const o = outcome as WheelOutcome;
    line = t('v_wheel', { segment: o.segment + 1, segments: o.segments, m: (o.multiplier / 100).toFixed(2) });
  } else if (outcome.game === 'roulette') {
    const o = outcome as RouletteOutcome;
    line = t('v_roulette', { number: o.number, winning: o.winning.join(', ') || '—' });
  } else if (outcome.game === 'sicbo') {
    const o = outcome as SicBoOutcome;
    line = t('v_sicbo', { dice: o.dice.join(' '), total: o.total, winning: o.winning.join(', ') || '—' });
  } else if (outcome.game === 'hilo') {
    const o = outcome as HiLoOutcome;
    line = t('originals-cards:v_hilo', {
      cards: o.cards.map(cardText).join(' '),
      actions: o.steps.map((s) => s.action).join(', ') || '—',
      guesses: o.guesses,
      end: t(o.lost ? 'originals-cards:v_hilo_lost' : 'originals-cards:v_hilo_cashed'),
    });
  } else if (outcome.game === 'baccarat') {
    const o = outcome as BaccaratOutcome;
    line = t('originals-baccarat:v_baccarat', {
      player: o.player.map(cardText).join(' '),
      playerTotal: o.playerTotal,
      banker: o.banker.map(cardText).join(' '),
      bankerTotal: o.bankerTotal,
      result: t(`originals-baccarat:result_${o.result}`),
      winning: o.winning.join(', ') || '—',
    });
  } else if (outcome.game === 'blackjack') {
    const o = outcome as BlackjackOutcome;
    line = t('originals-blackjack:v_blackjack', {
      hands: o.hands
        .map(
          (h) =>
            `${h.cards.map(cardText).join(' ')} (${h.total}${h.doubled ? ', 2×' : ''}) ${t(`originals-blackjack:result_${h.result}`)}`,
        )
        .join(' | '),
      dealer: o.dealer.map(cardText).join(' '),
      dealerTotal: o.dealerTotal,
      actions: o.actions.join(', ') || t('originals-blackjack:v_blackjack_none'),
    });
  } else {
    const o = outcome as PlinkoOutcome;
    line = t('v_plinko', {
      path: o.path.map((d) => (d ? 'R' : 'L')).join(''),
      bucket: o.bucket,
      m: (o.multiplier / 100).toString(),
    });
  }
  return (
    <div>
      <p className={styles.mono} data-testid="outcome-detail">
        {line}
      </p>
      <p className={styles.totalLine} data-testid="outcome-win">
        {t('house:total_win', { win: moneyText(outcome.totalWin) })}
      </p>
    </div>
  );
}

function OutcomeView({ outcome }: { outcome: HouseOutcome }) {
  const { t } = useTypedTranslation('house');
  if ((ORIGINAL_KINDS as readonly string[]).includes(outcome.game))
    return <OriginalOutcomeView outcome={outcome} />;
  if (outcome.game === 'slot') {
    const o = outcome as SlotOutcome;
    return (
      <div>
        <div className={styles.miniGrid}>
          {o.base.grid.map((col, r) => (
            <div key={r} className={styles.miniReel}>
              {col.map((s, row) => (
                <SymbolArt key={row} symbol={s} className={styles.miniSymbol} />
              ))}
            </div>
          ))}
        </div>
        <p className={styles.mono}>
          {t('stops')}: {o.base.stops.join(', ')}
        </p>
        <p>
          {o.base.lineWins.length
            ? o.base.lineWins
                .map((w) => `${t('line')} ${w.line + 1}: ${w.count}× ${t(`sym_${SlotSymbols[w.symbol]!}`)}`)
                .join(' · ')
            : t('no_line_wins')}
        </p>
        {o.freeSpins.length ? <p>{t('free_spins_played', { count: o.freeSpins.length })}</p> : null}
        <p className={styles.totalLine} data-testid="outcome-win">
          {t('total_win', { win: moneyText(o.totalWin) })}
        </p>
      </div>
    );
  }
  const d = outcome as DtOutcome;
  return (
    <div>
      <div className={styles.miniCards}>
        <PlayingCard card={d.dragon} side="DRAGON" />
        <PlayingCard card={d.tiger} side="TIGER" />
      </div>
      <p>{d.result === 'TIE' ? t('result_tie') : t('result_wins', { side: t(`side_${d.result}`) })}</p>
      <p className={styles.totalLine} data-testid="outcome-win">
        {t('total_win', { win: moneyText(d.totalWin) })}
      </p>
    </div>
  );
}
