import { useState, type FormEvent, type ReactNode } from 'react';
import { crashChainPrevious, crashPoint, crashText, withBlocks } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { Button } from '../../shared/ui/button.tsx';
import styles from './house.module.css';

/**
 * The verifier's Crash form (decision 055). A Crash round is no bet on the player's own seeds: it
 * plays the round hash h_i of a published hash chain, with the chain's salt as client seed and the
 * round number i as nonce. From what the round page reveals (the round's hash, the salt, the round
 * number and the chain's commitment) this recomputes, in the browser with Web Crypto and the
 * contract's `crashPoint` (the code the server plays with), the crash point, and walks the hash
 * back to the commitment: SHA-256 of a round's hash is the previous round's, and the commitment
 * h_0 is reached after exactly i steps. The Crash page's verifier link fills the form (`game=crash`,
 * `hash`, `salt`, `round`, `commitment`, `point`: the crash point it showed, in hundredths).
 */
export interface CrashVerifyInputs {
  hash: string;
  salt: string;
  round: string;
  commitment: string;
  /** The crash point the round page showed, as text (2.47), to compare with. */
  shown: string;
}

export function crashInputsOf(params: URLSearchParams): CrashVerifyInputs {
  const point = Number(params.get('point'));
  return {
    hash: params.get('hash') ?? '',
    salt: params.get('salt') ?? '',
    round: params.get('round') ?? '',
    commitment: params.get('commitment') ?? '',
    shown: Number.isInteger(point) && point > 0 ? crashText(point) : '',
  };
}

/** The address of the verifier filled with a crashed round (the Crash page's link). */
export function crashVerifyHref(r: {
  hash: string;
  salt: string;
  roundNo: number;
  commitment?: string;
  crashPoint?: number | null;
}): string {
  const q = new URLSearchParams({ game: 'crash', hash: r.hash, salt: r.salt, round: String(r.roundNo) });
  if (r.commitment) q.set('commitment', r.commitment);
  if (r.crashPoint) q.set('point', String(r.crashPoint));
  return `/sandbox/verify?${q.toString()}`;
}

const HEX64 = /^[0-9a-f]{64}$/;
/** The chain's hash steps walked between two repaints of the progress. */
const STEPS_PER_PAINT = 2_000;

interface Result {
  point: number;
  /** Steps back to the commitment: null when none was given, -1 when not reached in `round` steps. */
  steps: number | null;
  round: number;
}

/** Hundredths from "2.47" or "2.47×"; NaN for anything else. */
function hundredthsOf(text: string): number {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?\s*[×x]?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : NaN;
}

export function CrashVerify({ switcher, initial }: { switcher: ReactNode; initial: CrashVerifyInputs }) {
  const { t } = useTypedTranslation(['originals-crash', 'house']);
  const [inputs, setInputs] = useState(initial);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [walking, setWalking] = useState<{ done: number; total: number } | null>(null);
  const set = (patch: Partial<CrashVerifyInputs>) => setInputs((i) => ({ ...i, ...patch }));

  const onVerify = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setResult(null);
    const hash = inputs.hash.trim().toLowerCase();
    const salt = inputs.salt.trim();
    const commitment = inputs.commitment.trim().toLowerCase();
    const round = /^\d{1,9}$/.test(inputs.round.trim()) ? Number(inputs.round) : NaN;
    if (!HEX64.test(hash) || !salt || !(round >= 1) || (commitment && !HEX64.test(commitment)))
      return setError(t('v_rule'));
    try {
      const point = await withBlocks({ serverSeed: hash, clientSeed: salt, nonce: round }, crashPoint);
      let steps: number | null = null;
      if (commitment) {
        // h_{i-1} = SHA-256(h_i): the commitment h_0 after exactly `round` steps back.
        let h = hash;
        steps = -1;
        for (let n = 1; n <= round; n++) {
          h = await crashChainPrevious(h);
          if (h === commitment) {
            steps = n;
            break;
          }
          if (n % STEPS_PER_PAINT === 0) {
            setWalking({ done: n, total: round });
            await new Promise((r) => setTimeout(r, 0));
          }
        }
      }
      setResult({ point, steps, round });
    } catch (err) {
      setError(String(err));
    } finally {
      setWalking(null);
    }
  };

  const shown = hundredthsOf(inputs.shown);
  // Below 1.00x a point shows as 1.00x (an instant crash): compare as the page shows it.
  const shownMatches = result && Number.isFinite(shown) ? Math.max(100, result.point) === shown : null;
  const chainOk = result?.steps === null ? null : result?.steps === result?.round;
  const command = `node scripts/verify-original.mjs '${JSON.stringify({
    kind: 'crash',
    hash: inputs.hash.trim(),
    salt: inputs.salt.trim(),
    roundNo: Number(inputs.round) || 0,
    ...(inputs.commitment.trim() ? { commitment: inputs.commitment.trim() } : {}),
  })}'`;

  return (
    <>
      <form className={styles.verifyCard} onSubmit={(e) => void onVerify(e)} data-testid="crash-verify">
        <h2 className={styles.cardTitle}>{t('house:inputs')}</h2>
        {switcher}
        <label className={styles.field}>
          <span>{t('v_hash')}</span>
          <input
            className={`${styles.input} ${styles.mono}`}
            value={inputs.hash}
            onChange={(e) => set({ hash: e.target.value })}
            spellCheck={false}
            data-testid="crash-verify-hash"
          />
        </label>
        <label className={styles.field}>
          <span>{t('salt')}</span>
          <input
            className={styles.input}
            value={inputs.salt}
            onChange={(e) => set({ salt: e.target.value })}
            spellCheck={false}
            data-testid="crash-verify-salt"
          />
        </label>
        <label className={styles.field}>
          <span>{t('v_round')}</span>
          <input
            className={styles.input}
            inputMode="numeric"
            value={inputs.round}
            onChange={(e) => set({ round: e.target.value })}
            data-testid="crash-verify-round"
          />
        </label>
        <label className={styles.field}>
          <span>{t('commitment')}</span>
          <input
            className={`${styles.input} ${styles.mono}`}
            value={inputs.commitment}
            onChange={(e) => set({ commitment: e.target.value })}
            spellCheck={false}
            data-testid="crash-verify-commitment"
          />
        </label>
        <label className={styles.field}>
          <span>{t('v_shown')}</span>
          <input
            className={styles.input}
            inputMode="decimal"
            value={inputs.shown}
            placeholder="2.47"
            onChange={(e) => set({ shown: e.target.value })}
            data-testid="crash-verify-shown"
          />
        </label>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        {walking ? (
          <p className={styles.muted} role="status">
            {t('v_walking', { done: walking.done.toLocaleString(), total: walking.total.toLocaleString() })}
          </p>
        ) : null}
        <Button
          type="submit"
          className={styles.verifyButton}
          disabled={walking !== null}
          data-testid="crash-verify-button"
        >
          {t('house:verify')}
        </Button>
      </form>

      {result ? (
        <section className={styles.compare} data-testid="crash-verify-result">
          {shownMatches !== null ? (
            <p
              className={shownMatches && chainOk !== false ? styles.matchOk : styles.matchBad}
              data-testid="crash-verify-verdict"
            >
              {shownMatches ? t('v_match') : t('v_mismatch', { shown: crashText(shown) })}
            </p>
          ) : null}
          <div className={styles.verifyCard}>
            <h2 className={styles.cardTitle}>{t('house:recomputed')}</h2>
            <p className={styles.totalLine} data-testid="crash-verify-point">
              {t('v_point', { multiplier: crashText(result.point), round: result.round })}
            </p>
            {result.steps !== null ? (
              <p className={chainOk ? styles.ok : styles.error} data-testid="crash-verify-chain">
                {chainOk ? '✓ ' : '✗ '}
                {chainOk
                  ? t('v_chain_ok', { steps: result.round })
                  : t('v_chain_bad', { steps: result.round })}
              </p>
            ) : null}
          </div>
        </section>
      ) : null}

      <section className={styles.verifyCard}>
        <h2 className={styles.cardTitle}>{t('house:how_title')}</h2>
        <p className={styles.muted}>{t('v_how')}</p>
        <pre className={styles.mono} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {command}
        </pre>
      </section>
    </>
  );
}
