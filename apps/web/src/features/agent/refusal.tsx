import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { isApiError } from '../../shared/http/api-error.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ShieldIcon } from '../../shared/ui/icons.tsx';
import { Modal, useModalClose } from '../../shared/ui/modal.tsx';
import { AGENT_STRINGS } from './strings.ts';
import styles from './agent-centre.module.css';

/** The server's refusal of an agent call to a member that is not an agent (ER-28, ER-29). */
export const AGENT_ONLY_CODE = 'agent.only';

export function isAgentOnly(error: unknown): boolean {
  return isApiError(error) && error.errorCode === AGENT_ONLY_CODE;
}

/**
 * What a non-agent meets instead of the agent centre (ER-28, ER-29): "Non-agents cannot log in",
 * "Please contact your agent", and a way out.
 */
export function AgentRefusal({ onClose }: { onClose?: () => void }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  return (
    <div className={styles.refusal} role="alert" data-testid="agent-refusal">
      <span className={styles.refusalIcon}>
        <ShieldIcon size={28} />
      </span>
      <p className={styles.refusalTitle}>{t('agent_refused_title')}</p>
      <p className={styles.refusalText}>{t('agent_refused_text')}</p>
      {onClose ? (
        <Button onClick={onClose} className={styles.refusalButton}>
          {t('in_increase_submit')}
        </Button>
      ) : null}
    </div>
  );
}

/** The refusal as a dialog of its own: a logged-in member that is not an agent opened the centre. */
export function AgentRefusalModal({ onClose }: { onClose: () => void }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  return (
    <Modal onClose={onClose} ariaLabel={t('agent_refused_title')} width={380} height="auto">
      <AgentRefusalClosing />
    </Modal>
  );
}

function AgentRefusalClosing() {
  // The confirm button closes through the modal, with its close delay and focus return.
  const close = useModalClose();
  return <AgentRefusal onClose={close} />;
}
