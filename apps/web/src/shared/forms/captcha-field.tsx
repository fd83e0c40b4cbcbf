import { useCallback, useState, type InputHTMLAttributes, type Ref } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../http/use-query.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { Limits } from '@app/contract';
import { call } from '../http/client.ts';
import { ShieldIcon } from '../ui/icons.tsx';
import { TextField } from './text-field.tsx';
import { useThrottle } from './use-countdown.ts';
import styles from './form.module.css';
import { getCaptchaRef } from '../http/call-refs/verification.ts';

export { getCaptchaRef as captchaCall };

export interface CaptchaImage {
  src: string | null;
  loading: boolean;
  failed: boolean;
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
  const mayRefresh = useThrottle(Limits.captchaRefreshMinMs);
  const { data, isFetching, isError } = useQuery({
    queryKey: ['captcha', nonce],
    queryFn: ({ signal }) => call(getCaptchaRef, { signal }),
    enabled: active,
    // The old picture stays until the new one is in, so the field does not jump.
    placeholderData: keepPreviousData,
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
    loading: isFetching,
    failed: isError,
    reload,
    refreshByClick,
  };
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
  const { t } = useTranslation(ACCOUNTS_NS);
  return (
    <TextField
      ref={ref}
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
  );
}
