import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { commitOf, verifyDraw, type DrawVerification } from '@app/contract';
import { errorText } from '../../shared/forms/error-text.ts';
import { Button } from '../../shared/ui/button.tsx';
import { AlertIcon, CheckIcon, ShieldIcon } from '../../shared/ui/icons.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useDrawVerify, useLobby } from './api.ts';
import { Balls } from './balls.tsx';
import { familyOfGroup } from './families.ts';
import { LOTTERY_NS } from './strings.ts';
import type { Variant } from './variants.ts';
import styles from './verifier.module.css';
import { ltrMessage } from '../../shared/ui/ltr.tsx';

type Outcome = DrawVerification & { computedHash: string };

/**
 * Whether this page can recompute a draw: Web Crypto exists only in a secure context (https, or
 * localhost). The build leaves out the contract's fallback for pages without it (vite.config.ts,
 * verifierWithoutHashLibrary), so such a page shows the seed and its hash and says why it cannot
 * check them, rather than an error.
 */
const canRecompute = () => Boolean(globalThis.crypto?.subtle);

/**
 * The draw verifier: the published seed hash, the seed revealed at the draw, and in this browser
 * (Web Crypto) SHA-256 of the seed against the hash and the result recomputed from the seed with
 * the rules' own derivation (HMAC-SHA256 byte stream, resultFromBytes) against the published one.
 */
export function Verifier({ variant }: { variant: Variant }) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const [params, setParams] = useSearchParams();
  const lobby = useLobby(variant);
  const games = useMemo(() => (lobby.data ?? []).flatMap((g) => g.games), [lobby.data]);
  const gameId = Number(params.get('gameId')) || undefined;
  const numero = params.get('numero') ?? undefined;
  const [gameInput, setGameInput] = useState(gameId ? String(gameId) : '');
  const [numeroInput, setNumeroInput] = useState(numero ?? '');
  const data = useDrawVerify(gameId, numero);
  const [computed, setComputed] = useState<{
    of: unknown;
    outcome: Outcome | null;
    failure: string | null;
  } | null>(null);
  const outcome = computed && computed.of === data.data ? computed.outcome : null;
  const failure = computed && computed.of === data.data ? computed.failure : null;

  useEffect(() => {
    const d = data.data;
    if (!d || d.resultSource !== 'RNG' || !d.seed || !canRecompute()) return;
    let live = true;
    Promise.all([
      verifyDraw({
        family: d.family,
        seed: d.seed,
        seedHash: d.seedHash,
        numeroId: d.numeroId,
        winNo: d.winNo,
      }),
      commitOf(d.seed),
    ]).then(
      ([v, computedHash]) => {
        if (live) setComputed({ of: d, outcome: { ...v, computedHash }, failure: null });
      },
      (e: unknown) => {
        if (live) setComputed({ of: d, outcome: null, failure: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [data.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!gameInput || !numeroInput.trim()) return;
    setParams(new URLSearchParams({ view: 'verify', gameId: gameInput, numero: numeroInput.trim() }));
  };

  const d = data.data;
  const secure = canRecompute();
  return (
    <div className={styles.verifier}>
      <section className={styles.intro}>
        <ShieldIcon size={28} className={styles.introIcon} />
        <div>
          <h2 className={styles.title}>{t('verifier_title')}</h2>
          <p className={styles.muted}>{t('verifier_intro')}</p>
        </div>
      </section>
      <form className={styles.form} onSubmit={submit}>
        <label className={styles.field}>
          <span>{t('game')}</span>
          <select value={gameInput} onChange={(e) => setGameInput(e.target.value)} required>
            <option value="">{t('choose_game')}</option>
            {games.map((g) => (
              <option key={g.gameId} value={g.gameId}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('col_numero')}</span>
          <input
            value={numeroInput}
            onChange={(e) => setNumeroInput(e.target.value)}
            placeholder="20261123-0421"
            required
            pattern="[0-9A-Za-z\-]+"
          />
        </label>
        <Button type="submit">{t('verify')}</Button>
      </form>
      {!gameId || !numero ? null : data.isPending ? (
        <LoadingState />
      ) : data.isError ? (
        <ErrorState message={errorText(data.error, t)} onRetry={() => void data.refetch()} />
      ) : d ? (
        <section className={styles.report} data-testid="verification" aria-live="polite">
          <div className={styles.reportHead}>
            <div>
              <p className={styles.muted}>{games.find((g) => g.gameId === d.gameId)?.name ?? d.gameCode}</p>
              <h3 className={styles.numero}>{ltrMessage(t, 'numero_no', { numero: d.numero })}</h3>
            </div>
            {d.winNo ? <Balls winNo={d.winNo} family={familyOfGroup(d.gameGroupCode)} max={27} /> : null}
          </div>
          {d.resultSource === 'OFFICIAL' ? (
            <p className={styles.note}>{t('verify_official')}</p>
          ) : !d.seed ? (
            <p className={styles.note}>{t('verify_not_drawn', { hash: d.seedHash })}</p>
          ) : (
            <>
              <ol className={styles.steps}>
                <li>
                  <span className={styles.stepLabel}>{t('verify_step_hash')}</span>
                  <code className={styles.code} data-testid="seed-hash">
                    {d.seedHash}
                  </code>
                </li>
                <li>
                  <span className={styles.stepLabel}>{t('verify_step_seed')}</span>
                  <code className={styles.code}>{d.seed}</code>
                </li>
                {secure ? (
                  <>
                    <li>
                      <span className={styles.stepLabel}>{t('verify_step_sha')}</span>
                      {outcome ? (
                        <>
                          <code className={styles.code}>{outcome.computedHash}</code>
                          <Verdict
                            ok={outcome.commitOk}
                            yes={t('verify_hash_ok')}
                            no={t('verify_hash_bad')}
                          />
                        </>
                      ) : (
                        <span className={styles.muted}>{failure ?? t('verifying')}</span>
                      )}
                    </li>
                    <li>
                      <span className={styles.stepLabel}>
                        {t('verify_step_result', { algorithm: d.algorithm })}
                      </span>
                      {outcome ? (
                        <>
                          <code className={styles.code} data-testid="recomputed">
                            {outcome.expected}
                          </code>
                          <Verdict
                            ok={outcome.resultOk}
                            yes={t('verify_result_ok')}
                            no={t('verify_result_bad')}
                          />
                        </>
                      ) : (
                        <span className={styles.muted}>{failure ?? t('verifying')}</span>
                      )}
                    </li>
                  </>
                ) : null}
              </ol>
              {secure ? null : (
                <p className={styles.note} role="status" data-testid="verify-needs-https">
                  {t('verify_needs_https')}
                </p>
              )}
            </>
          )}
          {d.revisions.length > 1 ? (
            <div className={styles.revisions}>
              <h4>{t('verify_revisions')}</h4>
              <ul>
                {d.revisions.map((r) => (
                  <li key={r.revision}>
                    #{r.revision} <span className={styles.mono}>{r.winNo}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function Verdict({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <span className={styles.verdict} data-ok={ok ? '' : undefined} data-testid="verdict">
      {ok ? <CheckIcon size={16} /> : <AlertIcon size={16} />} {ok ? yes : no}
    </span>
  );
}
