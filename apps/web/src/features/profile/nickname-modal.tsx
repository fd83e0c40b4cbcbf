import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NICKNAME_PATTERN } from '@app/contract';
import { FormSubmit } from '../../shared/forms/busy-button.tsx';
import { TextField } from '../../shared/forms/text-field.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useUpdateNickname } from './api.ts';
import { PROFILE_NS } from './strings.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './profile.module.css';

/** Changes the nickname; the same rule as the server's, so a refusal there is rare. */
export function NicknameModal({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation(PROFILE_NS);
  const update = useUpdateNickname();
  const form = useForm<{ nickname: string }>({ defaultValues: { nickname: current } });
  const { errors } = form.formState;
  return (
    <Modal onClose={onClose} title={t('nickname_title')} width={420} height="auto">
      <form
        className={`${formStyles.form} ${styles.content}`}
        noValidate
        data-testid="nickname-form"
        onSubmit={form.handleSubmit((v) => update.mutate(v.nickname, { onSuccess: onClose }))}
      >
        <TextField
          label={t('nickname_label')}
          hint={t('nickname_hint')}
          maxLength={20}
          autoComplete="nickname"
          error={errors.nickname?.message}
          {...form.register('nickname', {
            validate: (v) => {
              const value = v.trim().replace(/\s+/g, ' ');
              if (!value) return t('nickname_required');
              return NICKNAME_PATTERN.test(value) || t('nickname_hint');
            },
          })}
        />
        <FormSubmit busy={update.isPending} failure={update.error} testId="nickname-submit">
          {t('nickname_submit')}
        </FormSubmit>
      </form>
    </Modal>
  );
}
