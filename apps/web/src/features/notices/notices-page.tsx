import { useSearchParams } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { Card, Page, PageHeader } from '../../shared/ui/page.tsx';
import { MegaphoneIcon } from '../../shared/ui/shell-icons.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useAnnouncements } from './api.ts';
import { NoticeReader } from './notice-reader.tsx';
import styles from './notices-page.module.css';

/** /noticePage (SH-04): every player notice in the reader; `?index=` opens one. */
export function NoticesPage() {
  const { t } = useTypedTranslation('pages');
  const [params] = useSearchParams();
  const { data, isPending, error, refetch } = useAnnouncements();
  const index = Number(params.get('index'));
  return (
    <Page>
      <PageHeader
        icon={<MegaphoneIcon size={26} />}
        title={t('notices_title')}
        subtitle={t('notices_subtitle')}
      />
      <Card padded={false} className={styles.card}>
        {data ? (
          <NoticeReader
            notices={data.player}
            initialIndex={Number.isInteger(index) && params.has('index') ? index : 0}
          />
        ) : isPending ? (
          <LoadingState minHeight={420} />
        ) : (
          <ErrorState
            message={error?.message ?? t('error_system')}
            onRetry={() => void refetch()}
            minHeight={420}
          />
        )}
      </Card>
    </Page>
  );
}
