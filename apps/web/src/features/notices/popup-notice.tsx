import { useState } from 'react';
import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { Notice } from '@app/contract';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { htmlToParagraphs } from '../../shared/format/text.ts';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { Isolate } from '../../shared/ui/ltr.tsx';
import { GiftIcon } from '../../shared/ui/shell-icons.tsx';
import { Modal, useModalClose } from '../../shared/ui/modal.tsx';
import { markPopupsSeen } from './popup-seen.ts';
import styles from './popup-notice.module.css';

function Actions({
  hasNext,
  onNext,
  detailsTo,
}: {
  hasNext: boolean;
  onNext: () => void;
  detailsTo: string;
}) {
  const { t } = useTypedTranslation('translation');
  const close = useModalClose();
  return (
    <div className={styles.actions}>
      <Link to={detailsTo} className={buttonClass('secondary', 'md')} onClick={close}>
        {t('popup_details')}
      </Link>
      {hasNext ? (
        <Button variant="ghost" onClick={onNext}>
          {t('popup_next')}
        </Button>
      ) : null}
      <Button onClick={close}>{t('popup_ok')}</Button>
    </div>
  );
}

/**
 * The popup notices (type PU) of the home page, one after another, once per session. The popup
 * shows the notice as text and links to its full page: it opens on every first visit, so it
 * stays light (the sanitiser loads with the pages that render HTML).
 */
export function PopupNotice({ notices, onClose }: { notices: readonly Notice[]; onClose: () => void }) {
  const { t } = useTypedTranslation('translation');
  const [at, setAt] = useState(0);
  const notice = notices[at];
  if (!notice) return null;
  const close = () => {
    markPopupsSeen(notices.map((n) => n.id));
    onClose();
  };
  return (
    <Modal onClose={close} ariaLabel={notice.title} width={520} height="auto">
      <div className={styles.art} aria-hidden="true">
        <GiftIcon size={44} />
      </div>
      <div className={styles.body} data-testid="popup-notice">
        <h2 className={styles.title}>
          <Isolate>{notice.title}</Isolate>
        </h2>
        <p className={`${styles.date} tabular`}>{formatNoticeDate(notice.date)}</p>
        {htmlToParagraphs(notice.content).map((text, i) => (
          <p key={i} className={styles.text} dir="auto">
            {text}
          </p>
        ))}
        <p className={styles.count}>
          {notices.length > 1 ? t('popup_count', { at: at + 1, total: notices.length }) : null}
        </p>
        <Actions
          hasNext={at < notices.length - 1}
          onNext={() => setAt((i) => i + 1)}
          detailsTo={`/promoDetail?id=${notice.id}`}
        />
      </div>
    </Modal>
  );
}
