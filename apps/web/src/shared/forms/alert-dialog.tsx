import type { ReactNode } from 'react';
import { useTypedTranslation } from '../i18n/react.tsx';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { Button } from '../ui/button.tsx';
import { AlertIcon } from '../ui/icons.tsx';
import { Modal, useModalClose } from '../ui/modal.tsx';
import formStyles from './form.module.css';
import styles from './alert-dialog.module.css';

function Actions({
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy,
}: {
  confirmLabel: string;
  cancelLabel?: string | undefined;
  onConfirm?: (() => void) | undefined;
  busy?: boolean | undefined;
}) {
  const close = useModalClose();
  return (
    <div className={styles.actions}>
      {cancelLabel ? (
        <Button variant="ghost" onClick={close} disabled={busy}>
          {cancelLabel}
        </Button>
      ) : null}
      <Button onClick={onConfirm ?? close} disabled={busy} data-testid="alert-confirm">
        {busy ? (
          <span className={`${formStyles.spinnerInline} ${styles.spinner}`} aria-hidden="true" />
        ) : null}
        {confirmLabel}
      </Button>
    </div>
  );
}

/**
 * A small warning over the current dialog with its confirm button (the "invitation code error"
 * of ER-03, a failed SMS send of ER-04, the logout confirmation). Without `onConfirm` the
 * confirm button just closes it.
 */
export function AlertDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  busy,
  icon,
  testId,
}: {
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm?: () => void;
  onClose: () => void;
  busy?: boolean;
  icon?: ReactNode;
  testId?: string;
}) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  return (
    <Modal onClose={onClose} ariaLabel={title} width={380} height="auto" closeOnBackdrop={!busy}>
      <div className={styles.body} role="alertdialog" aria-label={title} data-testid={testId}>
        <span className={styles.icon}>{icon ?? <AlertIcon size={26} />}</span>
        <h2 className={styles.title}>{title}</h2>
        <div className={styles.message}>{children}</div>
        <Actions
          confirmLabel={confirmLabel ?? t('in_increase_submit')}
          cancelLabel={cancelLabel}
          onConfirm={onConfirm}
          busy={busy}
        />
      </div>
    </Modal>
  );
}
