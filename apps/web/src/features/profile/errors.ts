import type { TFunction } from '../../shared/i18n/translator.ts';
import { Errors } from '@app/contract';
import { errorText } from '../../shared/forms/error-text.ts';
import { isApiError } from '../../shared/http/api-error.ts';

/**
 * What to tell the member about a refused profile call: the profile's own refusals in the profile
 * namespace (`t`), naming the field; everything else as the accounts catalogue says it (`tAccounts`).
 */
export function profileErrorText(error: unknown, t: TFunction, tAccounts: TFunction): string {
  if (isApiError(error)) {
    const field =
      typeof error.value === 'object' && error.value !== null
        ? (error.value as { field?: unknown }).field
        : undefined;
    const label = typeof field === 'string' ? t(`field_${field}`) : '';
    switch (error.errorCode) {
      case Errors.profileFieldLocked.code:
        return t('err_locked', { field: label });
      case Errors.profileFieldInvalid.code:
        if (error.message.includes('payee name')) return t('err_name_banks');
        return label ? `${label}: ${t(`hint_${String(field)}`)}` : error.message;
      case Errors.avatarInvalid.code:
        return t('av_err_type');
      case Errors.avatarTooLarge.code:
        return t('av_err_size');
      case Errors.emailExists.code:
        return t('err_email_exists');
      case Errors.alreadyBound.code:
        return t('err_already_bound');
      case Errors.oldPasswordWrong.code:
        return t('err_login_password');
    }
  }
  return errorText(error, tAccounts);
}
