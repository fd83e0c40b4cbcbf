import { useState } from 'react';
import type { SocialProvider } from '@app/contract';
import { socialProvidersRef } from '../http/call-refs/social-sign-in.ts';
import { useTypedTranslation } from '../i18n/react.tsx';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { call } from '../http/client.ts';
import { useQuery } from '../http/use-query.ts';
import styles from './social-buttons.module.css';

/** The providers the server is configured for (none: no buttons, RG-06). */
export const socialProvidersQuery = {
  queryKey: ['social', 'providers'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(socialProvidersRef, { signal }),
  staleTime: 5 * 60_000,
};

function ProviderIcon({ provider }: { provider: SocialProvider }) {
  if (provider === 'facebook')
    return (
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
        />
      </svg>
    );
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9H1.4v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.9l4-3.1z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.7 0 3.3.6 4.5 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1c.9-2.8 3.5-4.9 6.6-4.9z"
      />
    </svg>
  );
}

/**
 * The Facebook and Google sign-in buttons (RG-06), shown only for the providers the server is
 * configured for: a button leaves for the server's start of the flow (decision 045), which sends
 * the browser on to the provider. `prepare` runs first: it answers the start's extra query (the
 * register dialog's invitation codes and age confirmation), or null to stay (a box unchecked).
 */
export function SocialButtons({
  intent,
  prepare,
}: {
  intent: 'login' | 'register';
  prepare?: () => Record<string, string> | null;
}) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const { data } = useQuery(socialProvidersQuery);
  const [leaving, setLeaving] = useState<SocialProvider | null>(null);
  const providers = data?.providers ?? [];
  if (!providers.length) return null;
  const go = (provider: SocialProvider) => {
    const extra = prepare ? prepare() : {};
    if (!extra) return;
    setLeaving(provider);
    const query = new URLSearchParams({ intent, ...extra });
    // The contract's socialStartPath, written out: this chunk takes no schema code.
    window.location.assign(`/wps/oauth/${provider}/start?${query}`);
  };
  return (
    <div className={styles.social} data-testid={`social-${intent}`}>
      <p className={styles.divider}>{t('social_or')}</p>
      <div className={styles.buttons}>
        {providers.map((p) => (
          <button
            key={p}
            type="button"
            className={`${styles.button} ${styles[p]}`}
            onClick={() => go(p)}
            disabled={leaving !== null}
            aria-busy={leaving === p || undefined}
            data-testid={`social-${p}`}
          >
            <ProviderIcon provider={p} />
            {t(p === 'google' ? 'social_google' : 'social_facebook')}
          </button>
        ))}
      </div>
    </div>
  );
}
