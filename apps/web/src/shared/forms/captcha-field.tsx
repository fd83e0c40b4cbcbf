import { useCallback, useEffect, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../http/use-query.ts';
import { useTypedTranslation } from '../i18n/react.tsx';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { leadingZeroBits, Limits, type CaptchaCheck } from '@app/contract';
import { call } from '../http/client.ts';
import { ShieldIcon } from '../ui/icons.tsx';
import { TextField } from './text-field.tsx';
import { useThrottle } from './use-countdown.ts';
import styles from './form.module.css';
import { getCaptchaCheckRef, getCaptchaRef } from '../http/call-refs/verification.ts';

export { getCaptchaRef as captchaCall };

export interface CaptchaImage {
  src: string | null;
  loading: boolean;
  failed: boolean;
  /**
   * The accessible alternative (WCAG 3.3.8, decision 050): no picture, the browser proves work.
   * `checked` is the answer once found (the field is filled with it), null while working.
   */
  alternative: { checked: string | null } | null;
  useAlternative: () => void;
  /** Fetches a new image (after a tab switch or a used captcha: each image is single use). */
  reload: () => void;
  /** A click on the image: a new one at most once per second (LG-26). */
  refreshByClick: () => void;
}

/**
 * The image of GET /wps/captcha (a base64 PNG, LG-27). The server binds it to this browser with a
 * cookie, so the answer typed here is checked against the image shown here. Only the newest image
 * counts, so nothing refetches it behind the player's back (focus, retries).
 */
export function useCaptchaImage(active: boolean): CaptchaImage {
  const [nonce, setNonce] = useState(0);
  const [alternative, setAlternative] = useState(false);
  const mayRefresh = useThrottle(Limits.captchaRefreshMinMs);
  const { data, isFetching, isError } = useQuery({
    queryKey: ['captcha', nonce],
    queryFn: ({ signal }) => call(getCaptchaRef, { signal }),
    enabled: active && !alternative,
    // The old picture stays until the new one is in, so the field does not jump.
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  // The alternative: a new salt for each try (single use, as an image), its answer worked out here.
  const check = useQuery({
    queryKey: ['captcha-check', nonce],
    queryFn: async ({ signal }) => solveCheck(await call(getCaptchaCheckRef, { signal }), signal),
    enabled: active && alternative,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const refreshByClick = useCallback(() => {
    if (mayRefresh()) reload();
  }, [mayRefresh, reload]);
  return {
    src: data ? `data:image/png;base64,${data}` : null,
    loading: alternative ? check.isFetching : isFetching,
    failed: alternative ? check.isError : isError,
    alternative: alternative ? { checked: check.isFetching ? null : (check.data ?? null) } : null,
    useAlternative: () => setAlternative(true),
    reload,
    refreshByClick,
  };
}

/**
 * Finds the alternative's answer: the first n whose SHA-256 of `salt:n` begins with `bits` zero
 * bits, hashing in batches so the page stays responsive (about 16,000 hashes for 14 bits).
 */
export async function solveCheck(check: CaptchaCheck, signal?: AbortSignal): Promise<string> {
  const encoder = new TextEncoder();
  const batch = 512;
  for (let start = 0; start < 1e12; start += batch) {
    if (signal?.aborted) throw new DOMException('The check was cancelled', 'AbortError');
    const digests = await Promise.all(
      Array.from({ length: batch }, (_, i) =>
        crypto.subtle.digest('SHA-256', encoder.encode(`${check.salt}:${start + i}`)),
      ),
    );
    const found = digests.findIndex((d) => leadingZeroBits(new Uint8Array(d)) >= check.bits);
    if (found >= 0) return String(start + found);
  }
  throw new Error('no answer');
}

/** The captcha input with its image; a click on the image asks for a new one. */
export function CaptchaField({
  image,
  error,
  ref,
  ...input
}: {
  image: CaptchaImage;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const own = useRef<HTMLInputElement | null>(null);
  const checked = image.alternative?.checked ?? null;
  // The alternative's answer goes into the field as if typed, so the form sends it as any answer.
  useEffect(() => {
    const el = own.current;
    if (!el || checked === null) return;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, checked);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, [checked]);
  const setRef = (el: HTMLInputElement | null) => {
    own.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };
  if (image.alternative) {
    return (
      <TextField
        ref={setRef}
        label={t('captcha_label')}
        icon={<ShieldIcon size={18} />}
        readOnly
        error={error}
        hint={checked === null ? (image.failed ? t('captcha_failed') : t('loading')) : t('captcha_checked')}
        {...input}
        data-testid="captcha-checked"
        trailing={
          image.failed ? (
            <button type="button" className={styles.captchaAlternative} onClick={image.reload}>
              {t('captcha_failed')}
            </button>
          ) : null
        }
      />
    );
  }
  return (
    <>
      <TextField
        ref={setRef}
        label={t('captcha_label')}
        placeholder={t('captcha_placeholder')}
        icon={<ShieldIcon size={18} />}
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        error={error}
        {...input}
        trailing={
          <button
            type="button"
            className={styles.captchaButton}
            onClick={image.refreshByClick}
            aria-label={t('captcha_refresh')}
            title={t('captcha_refresh')}
            data-testid="captcha-image"
          >
            {image.src ? (
              <img src={image.src} alt={t('captcha_image_alt')} width={112} height={36} />
            ) : (
              <span>{image.failed ? t('captcha_failed') : t('loading')}</span>
            )}
          </button>
        }
      />
      {/* The accessible alternative (WCAG 3.3.8): no picture to read. */}
      <button
        type="button"
        className={styles.captchaAlternative}
        onClick={image.useAlternative}
        data-testid="captcha-alternative"
      >
        {t('captcha_alternative')}
      </button>
    </>
  );
}
