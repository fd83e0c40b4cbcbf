import { useQuery } from '../../shared/http/use-query.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { ModalProps } from '../../shared/shell/modal-registry.ts';
import { call } from '../../shared/http/client.ts';
import { Modal } from '../../shared/ui/modal.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { gameListCall } from './calls.ts';
import { GameButtonList } from './game-buttons.tsx';

function GameButtons({ vassalage, gameType }: { vassalage: string; gameType: string }) {
  const { t, i18n } = useTypedTranslation('games');
  const list = useQuery({
    queryKey: ['games', 'popup', vassalage, gameType, i18n.language],
    queryFn: () =>
      call(gameListCall, {
        query: {
          vassalage,
          gameType: gameType as never,
          pageNo: 1,
          pageSize: 60,
          language: i18n.language || 'en',
        },
      }),
  });
  if (list.isPending) return <LoadingState />;
  if (list.isError) return <ErrorState message={t('list_error')} onRetry={() => void list.refetch()} />;
  if (list.data.games.length === 0) return <EmptyState title={t('list_empty')} />;
  return <GameButtonList games={list.data.games} testId="vendor-games-list" />;
}

/** GL-10: an item whose isGame is VASSALAGE opens this list of its provider's games. */
export function VendorGamesModal({ params, onClose }: ModalProps<{ vassalage: string; gameType: string }>) {
  const { t } = useTypedTranslation('games');
  return (
    <Modal
      onClose={onClose}
      title={t('vendor_games_title', { vendor: params.vassalage })}
      width={720}
      height="auto"
    >
      <GameButtons vassalage={params.vassalage} gameType={params.gameType} />
    </Modal>
  );
}
