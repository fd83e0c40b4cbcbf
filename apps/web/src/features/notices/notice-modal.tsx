import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useAnnouncements } from './api.ts';
import { NoticeReader } from './notice-reader.tsx';
import styles from './notice-modal.module.css';

export interface NoticeModalParams {
  /** Index of the notice to open at, in the player notices list. */
  index?: number;
}

/** The notice modal of spec A §2, opened from the notice bar at a title's index. */
export function NoticeModal({
  params,
  onClose,
}: {
  params: NoticeModalParams | undefined;
  onClose: () => void;
}) {
  const { t } = useTypedTranslation('translation');
  const { data, isPending, error, refetch } = useAnnouncements();
  return (
    <Modal
      onClose={onClose}
      title={t('notice_modal_title')}
      width={980}
      height={620}
      bodyClassName={styles.body}
    >
      {data ? (
        <NoticeReader notices={data.player} initialIndex={params?.index ?? 0} />
      ) : isPending ? (
        <LoadingState minHeight={400} />
      ) : (
        <ErrorState
          message={error?.message ?? t('error_system')}
          onRetry={() => void refetch()}
          minHeight={400}
        />
      )}
    </Modal>
  );
}
