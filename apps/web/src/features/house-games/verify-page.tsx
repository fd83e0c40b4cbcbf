import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n/react.tsx';
import {
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
} from '@app/contract';
import { ApiError } from '../../shared/http/api-error.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ShieldIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader } from '../../shared/ui/page.tsx';
import { fetchRound } from './api.ts';
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
}

const emptyInputs: Inputs = {
  kind: 'slot',
  serverSeed: '',
  clientSeed: '',
  nonce: '0',
  bet: '100',
  bets: { DRAGON: '0', TIGER: '0', TIE: '0' },
};

function wagerOf(i: Inputs): HouseWager | null {
  const whole = (v: string) => (/^\d{1,12}$/.test(v.trim()) ? Number(v) : NaN);
  if (i.kind === 'slot') {
    const bet = whole(i.bet);
    return Number.isFinite(bet) && bet > 0 && bet % 20 === 0 ? { kind: 'slot', bet } : null;
  }
  const bets = { DRAGON: whole(i.bets.DRAGON), TIGER: whole(i.bets.TIGER), TIE: whole(i.bets.TIE) };
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
  const { t } = useTranslation('house');
  const [params, setParams] = useSearchParams();
  const [roundId, setRoundId] = useState(params.get('roundId') ?? '');
  const [recorded, setRecorded] = useState<HouseRound | null>(null);
  const [inputs, setInputs] = useState<Inputs>(emptyInputs);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [result, setResult] = useState<{ outcome: HouseOutcome; hash: string } | null>(null);
  const [computeError, setComputeError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = async (id: string) => {
    setLoading(true);
    setLoadError(null);
    setResult(null);
    try {
      const round = await fetchRound(id.trim());
      setRecorded(round);
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
    if (!wager) return setComputeError(i.kind === 'slot' ? t('bet_rule') : t('bets_rule'));
    try {
      const seeds = { serverSeed: i.serverSeed.trim(), clientSeed: i.clientSeed.trim(), nonce };
      const [outcome, hash] = await Promise.all([
        withBlocks(seeds, (source) => playHouseRound(i.kind, source, wager)),
        sha256Hex(seeds.serverSeed),
      ]);
      setResult({ outcome, hash });
    } catch (err) {
      setComputeError(err instanceof RangeError ? t('bets_rule') : String(err));
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

        <form className={styles.verifyCard} onSubmit={onVerify}>
          <h2 className={styles.cardTitle}>{t('inputs')}</h2>
          <div className={styles.kindSwitch} role="radiogroup" aria-label={t('game')}>
            {(['slot', 'table'] as const).map((k) => (
              <button
                key={k}
                type="button"
                role="radio"
                aria-checked={inputs.kind === k}
                className={styles.tab}
                onClick={() => set({ kind: k })}
              >
                {k === 'slot' ? t('game_slot') : t('game_table')}
              </button>
            ))}
          </div>
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
          {inputs.kind === 'slot' ? (
            <label className={styles.field}>
              <span>{t('bet_minor')}</span>
              <input
                className={styles.input}
                inputMode="numeric"
                value={inputs.bet}
                onChange={(e) => set({ bet: e.target.value })}
              />
            </label>
          ) : (
            <div className={styles.fieldRow}>
              {(['DRAGON', 'TIE', 'TIGER'] as const).map((s) => (
                <label key={s} className={styles.field}>
                  <span>
                    {t(`side_${s}`)} ({t('minor_units')})
                  </span>
                  <input
                    className={styles.input}
                    inputMode="numeric"
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

        {result ? (
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
        <section className={styles.verifyCard}>
          <h2 className={styles.cardTitle}>{t('how_title')}</h2>
          <p className={styles.muted}>{t('how_1')}</p>
          <p className={styles.muted}>{t('how_2')}</p>
          <p className={styles.muted}>{t('how_3')}</p>
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
    bet: w.kind === 'slot' ? String(w.bet) : '100',
    bets:
      w.kind === 'table'
        ? { DRAGON: String(w.bets.DRAGON), TIGER: String(w.bets.TIGER), TIE: String(w.bets.TIE) }
        : emptyInputs.bets,
  };
}

function Facts({ hash, hashOk }: { hash: string; hashOk: boolean | null }) {
  const { t } = useTranslation('house');
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

function OutcomeView({ outcome }: { outcome: HouseOutcome }) {
  const { t } = useTranslation('house');
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
                .map((w) => `${t('line')} ${w.line + 1}: ${w.count}× ${t(`sym_${SlotSymbols[w.symbol]}`)}`)
                .join(' · ')
            : t('no_line_wins')}
        </p>
        {o.freeSpins.length ? <p>{t('free_spins_played', { count: o.freeSpins.length })}</p> : null}
        <p className={styles.totalLine} data-testid="outcome-win">
          {t('total_win_minor', { win: o.totalWin })}
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
        {t('total_win_minor', { win: d.totalWin })}
      </p>
    </div>
  );
}
