import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { launchHosts } from '../../shared/cdn/image-host.ts';
import { gameTypes } from '../../shared/navigation/game-types.ts';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import {
  AlertIcon,
  ArrowLeftIcon,
  ExpandIcon,
  GamepadIcon,
  HeadsetIcon,
  RefreshIcon,
} from '../../shared/ui/icons.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { EmptyState } from '../../shared/ui/states.tsx';
import { checkGameUrl } from './game-url.ts';
import styles from './game-frame-page.module.css';
import { useCustomerService } from '../session/index.ts';

function ChooseGame() {
  const { t } = useTypedTranslation('pages');
  return (
    <Page>
      <EmptyState icon={<GamepadIcon />} title={t('game_choose_title')} minHeight={420}>
        <p>{t('game_choose_body')}</p>
        <div className={styles.choices}>
          {gameTypes.map((g) => (
            <Link key={g.type} to={g.path} className={buttonClass('ghost', 'sm')}>
              {t(g.labelKey)}
            </Link>
          ))}
        </div>
      </EmptyState>
    </Page>
  );
}

/**
 * /game (SH-20) and /seamless (SH-15): a launched game in an embedded frame, from the `url` query.
 * Only our origin or a configured launch CDN is framed; any other address gets the invalid-URL
 * message (ER-21).
 */
export function GameFramePage() {
  const { t } = useTypedTranslation('pages');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openService = useCustomerService();
  const [reloads, setReloads] = useState(0);
  const frameRef = useRef<HTMLDivElement>(null);
  const raw = params.get('url');
  const title = params.get('title') ?? t('game_frame_title');
  if (!raw) return <ChooseGame />;
  const check = checkGameUrl(raw, window.location.origin, launchHosts());
  if (!check.ok) {
    return (
      <Page>
        <EmptyState icon={<AlertIcon />} title={t('error_invalid_url')} minHeight={420}>
          <div className={styles.choices}>
            <Button size="sm" onClick={openService}>
              <HeadsetIcon size={16} /> {t('contact_us')}
            </Button>
            <Link to="/" className={buttonClass('ghost', 'sm')}>
              {t('nav_home')}
            </Link>
          </div>
        </EmptyState>
      </Page>
    );
  }
  return (
    <div className={styles.stage} ref={frameRef}>
      <div className={styles.toolbar}>
        <button type="button" className={styles.tool} onClick={() => navigate(-1)} aria-label={t('back')}>
          <ArrowLeftIcon size={18} />
        </button>
        <p className={styles.title}>{title}</p>
        <button
          type="button"
          className={styles.tool}
          onClick={() => setReloads((n) => n + 1)}
          aria-label={t('game_reload')}
        >
          <RefreshIcon size={18} />
        </button>
        <button
          type="button"
          className={styles.tool}
          onClick={() => void frameRef.current?.requestFullscreen?.()}
          aria-label={t('game_fullscreen')}
        >
          <ExpandIcon size={18} />
        </button>
      </div>
      <iframe
        key={reloads}
        className={styles.frame}
        src={check.url}
        title={title}
        allow="autoplay; fullscreen; clipboard-write"
        allowFullScreen
        data-testid="game-frame"
      />
    </div>
  );
}
