import { useQuery } from '../../shared/http/use-query.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { Game } from '@app/contract';
import type { ModalProps } from '../../shared/shell/modal-registry.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { AlertIcon, WalletIcon, WrenchIcon } from '../../shared/ui/icons.tsx';
import { Modal, useModalClose } from '../../shared/ui/modal.tsx';
import { formatWindow } from './format-window.ts';
import { GameButtonList } from './game-buttons.tsx';
import { fetchHotGames } from './game-queries.ts';
import type { LaunchProblem } from './launch-third-party.ts';
import styles from './modals.module.css';

/**
 * Other games to try while a vendor is under maintenance (ER-30): the ones the server suggested,
 * else hot games of other vendors, the same category first.
 */
function Suggestions({
  vassalage,
  gameType,
  given,
}: {
  vassalage: string;
  gameType: string;
  given: Game[] | undefined;
}) {
  const { t, i18n } = useTypedTranslation('games');
  const hot = useQuery({
    enabled: !given?.length,
    queryKey: ['games', 'hot-suggest', i18n.language],
    queryFn: () => fetchHotGames(i18n.language || 'en'),
  });
  const others = (given?.length ? given : (hot.data?.list ?? []))
    .filter((g) => g.vassalage !== vassalage)
    .sort((a, b) => Number(b.gameType === gameType) - Number(a.gameType === gameType))
    .slice(0, 6);
  if (others.length === 0) return null;
  return (
    <>
      <p className={styles.suggestTitle}>{t('maintenance_suggest')}</p>
      <GameButtonList games={others} testId="maintenance-suggestions" />
    </>
  );
}

function DepositButton() {
  const { t } = useTypedTranslation('games');
  const close = useModalClose();
  const openMemberCentre = useUiStore((s) => s.openMemberCentre);
  return (
    <Button
      onClick={() => {
        close();
        openMemberCentre('depositv2');
      }}
    >
      <WalletIcon size={16} /> {t('deposit_now')}
    </Button>
  );
}

function CloseButton() {
  const { t } = useTypedTranslation('games');
  const close = useModalClose();
  return (
    <Button variant="ghost" onClick={close}>
      {t('close')}
    </Button>
  );
}

/**
 * What a launch answered instead of a game: a vendor under maintenance shows its window and other
 * games (ER-30); a balance too small for the game offers a deposit; anything else says so.
 */
export function LaunchProblemModal({ params, onClose }: ModalProps<LaunchProblem>) {
  const { t, i18n } = useTypedTranslation('games');
  const window = formatWindow(params.from ?? null, params.until ?? null, i18n.language);
  return (
    <Modal onClose={onClose} ariaLabel={params.title} width={560} height="auto">
      <div className={styles.problem} data-testid={`launch-problem-${params.kind}`}>
        <span className={styles.problemIcon}>
          {params.kind === 'maintenance' ? (
            <WrenchIcon size={28} />
          ) : params.kind === 'balance' ? (
            <WalletIcon size={28} />
          ) : (
            <AlertIcon size={28} />
          )}
        </span>
        <h2 className={styles.problemTitle}>
          {params.kind === 'maintenance'
            ? t('maintenance_title', { game: params.title })
            : params.kind === 'balance'
              ? t('balance_title')
              : t('launch_failed')}
        </h2>
        <p className={styles.problemText} role="alert">
          {params.kind === 'maintenance'
            ? window
              ? t('maintenance_window', { window })
              : t('maintenance_body')
            : params.kind === 'balance'
              ? t('balance_body', { game: params.title })
              : (params.message ?? t('launch_failed_body'))}
        </p>
        {params.kind === 'maintenance' ? (
          <Suggestions vassalage={params.vassalage} gameType={params.gameType} given={params.suggestions} />
        ) : null}
        <div className={styles.actions}>
          {params.kind === 'balance' && params.canDeposit !== false ? <DepositButton /> : null}
          <CloseButton />
        </div>
      </div>
    </Modal>
  );
}
