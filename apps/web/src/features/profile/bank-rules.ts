import type { TFunction } from '../../shared/i18n/translator.ts';
import { normalizePayeeName, payeeNameOk, type Bank } from '@app/contract';

/**
 * A new bank account's fields checked as the server checks them: the chosen bank, the call's body
 * (the payee name normalized, the number's digits) and what is wrong with each field (null when
 * nothing), in `t`'s words (the profile and the wallet both have these keys); `payeeInvalid` is what
 * a payee name that breaks the real name's rule is told.
 */
export function checkBankAccount(
  fields: { payeeName: string; bankCode: string; number: string },
  banks: Bank[] | undefined,
  t: TFunction,
  payeeInvalid: string,
) {
  const { bankCode } = fields;
  const bank = banks?.find((b) => b.bankCode === bankCode);
  const payee = normalizePayeeName(fields.payeeName);
  const digits = fields.number.replace(/[\s-]/g, '');
  const errors = {
    // The real name's rule the server applies too (the profile's full name follows it as well).
    payee: !payee ? t('bank_payee_required') : payeeNameOk(payee) ? null : payeeInvalid,
    bank: bankCode ? null : t('bank_required'),
    number: !digits
      ? t('bank_number_required')
      : !/^[0-9]+$/.test(digits)
        ? t('bank_number_digits')
        : bank && (digits.length < bank.accountNumberMinLength || digits.length > bank.accountNumberMaxLength)
          ? t('bank_number_length', { min: bank.accountNumberMinLength, max: bank.accountNumberMaxLength })
          : null,
  };
  return {
    bank,
    errors,
    ok: !errors.payee && !errors.bank && !errors.number,
    body: { bankCode, payeeName: payee, accountNumber: digits, branch: '' },
  };
}
