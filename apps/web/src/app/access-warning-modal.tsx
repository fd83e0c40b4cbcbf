import { useTypedTranslation } from '../shared/i18n/react.tsx';
import type { Key } from '../shared/i18n/keys.ts';
import { Modal, useModalClose } from '../shared/ui/modal.tsx';
import { Button } from '../shared/ui/button.tsx';
import { ShieldIcon } from '../shared/ui/icons.tsx';
import type { ModalProps } from '../shared/shell/modal-registry.ts';
import styles from './access-warning-modal.module.css';

function ConfirmButton() {
  const { t } = useTypedTranslation('translation');
  const close = useModalClose();
  return (
    <Button onClick={close} className={styles.confirm}>
      {t('in_increase_submit')}
    </Button>
  );
}

/** The refusal warning of spec A §5: text `in_need_true_account`, button `in_increase_submit`. */
export function AccessWarningModal({
  params,
  onClose,
}: ModalProps<{ messageKey?: Key<'translation'> } | undefined>) {
  const { t } = useTypedTranslation('translation');
  return (
    <Modal onClose={onClose} ariaLabel={t('notice_title_warning')} width={360} height="auto">
      <div className={styles.body}>
        <span className={styles.icon}>
          <ShieldIcon size={28} />
        </span>
        <p role="alert">{t(params?.messageKey ?? 'in_need_true_account')}</p>
        <ConfirmButton />
      </div>
    </Modal>
  );
}
