import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useQuery } from '../http/use-query.ts';
import { useTypedTranslation } from '../i18n/react.tsx';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import {
  type CallBody,
  type Challenge,
  type ChallengePurpose,
  Errors,
  FeatureSwitch,
  type verifyChallenge,
} from '@app/contract';
import { call } from '../http/client.ts';
import { ApiError, ClientErrorCodes, isApiError } from '../http/api-error.ts';
import { Modal } from '../ui/modal.tsx';
import { ChevronLeftIcon, ChevronRightIcon, RefreshIcon } from '../ui/icons.tsx';
import { Spinner } from '../ui/states.tsx';
import { useSwitch } from '../system/system-status.ts';
import { errorText } from './error-text.ts';
import styles from './slider-challenge.module.css';
import { getCaptchaCheckRef, getChallengeRef, verifyChallengeRef } from '../http/call-refs/verification.ts';
import { solveCheck } from './captcha-field.tsx';
import formStyles from './form.module.css';

export { getChallengeRef as challengeCall };
export { verifyChallengeRef as verifyChallengeCall };

/** The slider pass that rides in the next login, register or SMS call. */
export interface ChallengePass {
  challengeId: string;
  challengeToken: string;
}

type Phase = 'loading' | 'ready' | 'checking' | 'passed' | 'failed' | 'error';

/** How long "verification succeeded" stays on screen before the form goes on. */
const PASSED_PAUSE_MS = 600;
const KEY_STEP = 4;

/**
 * The self-hosted slider challenge (GEETEST3 before login and register, GEETESTVCODE3 before an
 * SMS): the server draws the picture and keeps the answer; the player drags the piece into its
 * hole. Without dragging (WCAG 2.5.7, 2.1.1; decision 050): the handle is a slider (arrows, Home,
 * End, Enter checks), a click on the track places the piece, the step buttons move it and "Check"
 * drops it; and "No picture: check me another way" passes by a proof of work, nothing to see.
 */
function SliderChallengeDialog({
  purpose,
  onPass,
  onCancel,
}: {
  purpose: ChallengePurpose;
  onPass: (pass: ChallengePass) => void;
  onCancel: () => void;
}) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const [nonce, setNonce] = useState(0);
  const [x, setX] = useState(0);
  // The piece's place as the last move left it, for a drop whose handler a render has not caught up.
  const latestX = useRef(0);
  const drag = useRef<{ startX: number; from: number; startedAt: number; trail: number[] } | null>(null);
  const keys = useRef<{ startedAt: number; trail: number[] } | null>(null);
  const passed = useRef(false);
  // Each picture is checked once and only the newest counts: never refetched behind the player's back.
  const query = useQuery({
    queryKey: ['challenge', purpose, nonce],
    queryFn: ({ signal }) => call(getChallengeRef, { query: { purpose }, signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const challenge: Challenge | null = query.data ?? null;
  const verify = useMutation({
    mutationFn: (body: CallBody<typeof verifyChallenge>) => call(verifyChallengeRef, { body }),
  });
  const missText = (e: unknown) =>
    isApiError(e) && e.errorCode === Errors.challengeFailed.code
      ? t('error_challenge_failed')
      : errorText(e, t);
  // The check of the picture shown; a new picture starts unchecked.
  const own = challenge && verify.variables?.challengeId === challenge.challengeId ? verify : null;
  const checked: Phase | null = own?.isPending
    ? 'checking'
    : own?.isSuccess
      ? 'passed'
      : own?.isError
        ? 'failed'
        : null;
  const phase: Phase = query.isFetching ? 'loading' : query.isError ? 'error' : (checked ?? 'ready');
  const message = query.isError
    ? errorText(query.error, t)
    : checked === 'passed'
      ? t('error_challenge_passed')
      : checked === 'failed'
        ? missText(own?.error)
        : '';
  // A miss stays said on the next picture until the player moves again.
  const [lastMiss, setLastMiss] = useState('');
  const load = useCallback(() => {
    setX(0);
    latestX.current = 0;
    keys.current = null;
    setNonce((n) => n + 1);
  }, []);
  // The proof of work in progress (the alternative): its answer goes to the check as the drop would.
  const [working, setWorking] = useState(false);

  const maxX = challenge ? challenge.width - challenge.pieceSize : 0;

  const submit = (dropX: number, durationMs: number, trail: number[] | undefined, proof?: string) => {
    if (!challenge) return;
    verify.mutate(
      {
        challengeId: challenge.challengeId,
        x: Math.round(dropX),
        durationMs: Math.round(durationMs),
        ...(trail ? { trail } : {}),
        ...(proof ? { proof } : {}),
      },
      {
        onSuccess: (pass) => {
          passed.current = true;
          window.setTimeout(
            () => onPass({ challengeId: pass.challengeId, challengeToken: pass.challengeToken }),
            PASSED_PAUSE_MS,
          );
        },
        onError: (e) => {
          setLastMiss(missText(e));
          // Each picture is checked once; a miss gets a new one.
          window.setTimeout(load, 900);
        },
      },
    );
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (phase !== 'ready') return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setLastMiss('');
    drag.current = { startX: e.clientX, from: x, startedAt: performance.now(), trail: [x] };
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    const next = Math.min(maxX, Math.max(0, d.from + e.clientX - d.startX));
    setX(next);
    latestX.current = next;
    if (d.trail.length < 400) d.trail.push(Math.round(next));
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (!d || phase !== 'ready') return;
    // Where the last move put the piece: this handler may belong to a render from before it.
    const at = latestX.current;
    if (at === d.from) return;
    submit(at, performance.now() - d.startedAt, d.trail);
  };

  // Without a drag (keys, step buttons, a click on the track): each move is noted, "Check" or Enter
  // drops the piece; the trail and time come from the moves (the trail only once it is one).
  const moveTo = (next: number) => {
    if (phase !== 'ready' || !challenge) return;
    const clamped = Math.min(maxX, Math.max(0, Math.round(next)));
    setLastMiss('');
    keys.current ??= { startedAt: performance.now(), trail: [x] };
    if (keys.current.trail.length < 400) keys.current.trail.push(clamped);
    setX(clamped);
    latestX.current = clamped;
  };
  const drop = () => {
    const k = keys.current;
    if (phase !== 'ready' || !k) return;
    keys.current = null;
    const at = latestX.current;
    submit(at, performance.now() - k.startedAt, new Set(k.trail).size >= 3 ? k.trail : undefined);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (phase !== 'ready') return;
    const step = e.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? x + step
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? x - step
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? maxX
              : null;
    if (next !== null) {
      e.preventDefault();
      moveTo(next);
    } else if (e.key === 'Enter' && keys.current) {
      e.preventDefault();
      drop();
    }
  };
  // A click on the track (not on the handle) puts the piece's middle where it was clicked.
  const onTrackPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!challenge || e.target !== e.currentTarget) return;
    const left = e.currentTarget.getBoundingClientRect().left;
    moveTo(e.clientX - left - challenge.pieceSize / 2);
  };
  // The alternative: a proof of work on a check of the server's, sent instead of a drop.
  const proveWork = async () => {
    if (phase !== 'ready' || working) return;
    setWorking(true);
    setLastMiss('');
    try {
      const proof = await solveCheck(await call(getCaptchaCheckRef, {}));
      submit(0, 0, undefined, proof);
    } catch (e) {
      setLastMiss(errorText(e, t));
    } finally {
      setWorking(false);
    }
  };

  let body: ReactNode;
  if (!challenge && phase === 'error') {
    body = (
      <div className={styles.placeholder} role="alert">
        <p>{message}</p>
        <button type="button" className={styles.retry} onClick={load}>
          <RefreshIcon size={16} /> {t('retry')}
        </button>
      </div>
    );
  } else if (!challenge) {
    body = (
      <div className={styles.placeholder}>
        <Spinner label={t('loading')} />
      </div>
    );
  } else {
    body = (
      <>
        <div
          className={styles.picture}
          style={{ width: challenge.width, height: challenge.height }}
          data-phase={phase}
        >
          <img
            src={`data:image/png;base64,${challenge.background}`}
            alt=""
            width={challenge.width}
            height={challenge.height}
            draggable={false}
          />
          <img
            className={styles.piece}
            src={`data:image/png;base64,${challenge.piece}`}
            alt=""
            width={challenge.pieceSize}
            height={challenge.pieceSize}
            style={{ transform: `translate(${x}px, ${challenge.y}px)` }}
            draggable={false}
          />
          {phase === 'loading' ? (
            <div className={styles.veil}>
              <Spinner label={t('loading')} />
            </div>
          ) : null}
          <button
            type="button"
            className={styles.reload}
            onClick={load}
            aria-label={t('challenge_new')}
            title={t('challenge_new')}
            disabled={phase === 'checking'}
          >
            <RefreshIcon size={16} />
          </button>
        </div>
        {/* The puzzle is drawn left to right in every language (its piece moves by x from the
            left edge of the picture), so its track, handle and arrow are too (decision 044). */}
        <div
          className={styles.track}
          style={{ width: challenge.width }}
          data-phase={phase}
          dir="ltr"
          onPointerDown={onTrackPointerDown}
          data-testid="challenge-track"
        >
          <div className={styles.fill} style={{ width: x + challenge.pieceSize / 2 }} />
          <span className={styles.trackText} aria-hidden="true">
            {t('challenge_drag')}
          </span>
          <button
            type="button"
            role="slider"
            aria-label={t('challenge_slider')}
            aria-valuemin={0}
            aria-valuemax={maxX}
            aria-valuenow={Math.round(x)}
            className={styles.handle}
            style={{ transform: `translateX(${x}px)` }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
            data-testid="challenge-handle"
          >
            <ChevronRightIcon size={20} />
          </button>
        </div>
        {/* One pointer, no drag (WCAG 2.5.7): step the piece, then check; left to right as the track. */}
        <div className={styles.steps} dir="ltr">
          <button
            type="button"
            className={styles.step}
            onClick={() => moveTo(x - KEY_STEP)}
            disabled={phase !== 'ready' || working}
            aria-label={t('challenge_left')}
            title={t('challenge_left')}
            data-testid="challenge-left"
          >
            <ChevronLeftIcon size={18} />
          </button>
          <button
            type="button"
            className={styles.step}
            onClick={() => moveTo(x + KEY_STEP)}
            disabled={phase !== 'ready' || working}
            aria-label={t('challenge_right')}
            title={t('challenge_right')}
            data-testid="challenge-right"
          >
            <ChevronRightIcon size={18} />
          </button>
          <button
            type="button"
            className={styles.check}
            onClick={drop}
            disabled={phase !== 'ready' || working || x === 0}
            data-testid="challenge-check"
          >
            {t('challenge_check')}
          </button>
        </div>
        <p
          className={styles.message}
          data-phase={phase === 'ready' && lastMiss ? 'failed' : phase}
          role={phase === 'failed' || lastMiss ? 'alert' : 'status'}
        >
          {phase === 'passed' || phase === 'failed' || phase === 'error'
            ? message
            : working
              ? t('loading')
              : lastMiss || t('challenge_hint')}
        </p>
        {/* The accessible alternative (WCAG 3.3.8), as under the picture captcha: nothing to see. */}
        <button
          type="button"
          className={`${formStyles.captchaAlternative} ${styles.alternative}`}
          onClick={() => void proveWork()}
          disabled={phase !== 'ready' || working}
          data-testid="challenge-alternative"
        >
          {t('captcha_alternative')}
        </button>
      </>
    );
  }

  return (
    <Modal
      onClose={() => {
        if (!passed.current) onCancel();
      }}
      title={t('challenge_title')}
      width={348}
      height="auto"
      bodyClassName={styles.body}
      closeOnBackdrop={false}
    >
      <div data-testid="slider-challenge">{body}</div>
    </Modal>
  );
}

/**
 * Runs the slider challenge when a form needs it: `run(purpose)` shows it and resolves with the
 * pass, or with null when the player closes it. `demand(purpose, closedText)` is `run` for an
 * action that cannot go on without the pass: closing the slider fails the action with
 * `closedText`, so its mutation shows that like any refusal. Render `element` inside the form's
 * component.
 */
export function useSliderChallenge(): {
  run: (purpose: ChallengePurpose) => Promise<ChallengePass | null>;
  demand: (purpose: ChallengePurpose, closedText: string) => Promise<ChallengePass>;
  element: ReactNode;
} {
  const [open, setOpen] = useState<{
    purpose: ChallengePurpose;
    resolve: (pass: ChallengePass | null) => void;
  } | null>(null);
  const run = useCallback(
    (purpose: ChallengePurpose) =>
      new Promise<ChallengePass | null>((resolve) => setOpen({ purpose, resolve })),
    [],
  );
  const demand = useCallback(
    async (purpose: ChallengePurpose, closedText: string) => {
      const pass = await run(purpose);
      if (pass) return pass;
      throw new ApiError({ status: 0, errorCode: ClientErrorCodes.challengeClosed, message: closedText });
    },
    [run],
  );
  const element = open ? (
    <SliderChallengeDialog
      key={open.purpose}
      purpose={open.purpose}
      onPass={(pass) => {
        setOpen(null);
        open.resolve(pass);
      }}
      onCancel={() => {
        setOpen(null);
        open.resolve(null);
      }}
    />
  ) : null;
  return { run, demand, element };
}

/**
 * The slider before a login or a registration (GEETEST3, LG-13): `ask()` shows it when the switch
 * is on and answers null when it is off; `demand()` shows it whatever the switch said (the server
 * asked for it since). Closing it fails the action with error_challenge_required.
 */
export function useSubmitChallenge(purpose: 'login' | 'register'): {
  ask: () => Promise<ChallengePass | null>;
  demand: () => Promise<ChallengePass>;
  element: ReactNode;
} {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const on = useSwitch(FeatureSwitch.challengeLogin);
  const { demand: show, element } = useSliderChallenge();
  const demand = useCallback(() => show(purpose, t('error_challenge_required')), [show, purpose, t]);
  const ask = useCallback(async () => (on ? demand() : null), [on, demand]);
  return { ask, demand, element };
}
