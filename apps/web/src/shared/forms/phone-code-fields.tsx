import { useTypedTranslation } from '../i18n/react.tsx';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { AlertDialog } from './alert-dialog.tsx';
import { PhoneField } from './country-picker.tsx';
import { errorText } from './error-text.ts';
import { nationalDigits } from './field-rules.ts';
import type { PhoneCode } from './phone-code.ts';
import { CodeField } from './send-code-button.tsx';
import type { TextFieldProps } from './text-field.tsx';

/** A box of the group: the form's registered field with its error, and a label when not the default. */
type GroupField = Omit<TextFieldProps, 'label' | 'icon' | 'leading' | 'trailing'> & { label?: string };

/**
 * The phone-and-code field group of every form that texts a code (SMS login, mobile register,
 * forgot password by phone): the country picker and mobile number, the code box with its send
 * button and countdown, the slider before a send (GEETESTVCODE3) and the "SMS failed" dialog.
 * Without `code` it is the number alone (the username register tab without REGMOBVERF3).
 */
export function PhoneCodeFields({
  phoneCode,
  dialingCode,
  onDialingCodeChange,
  number,
  mobile,
  code,
  validate,
  sendKey,
  sendTestId,
}: {
  phoneCode: PhoneCode;
  dialingCode: string;
  onDialingCodeChange: (dialingCode: string) => void;
  /** The number as typed, read when the player presses send. */
  number: () => string;
  mobile: GroupField;
  code?: GroupField | undefined;
  /** Checks the number before a send; a press it stops sends nothing. */
  validate: () => Promise<boolean>;
  /** A new key (the form's tab) gives a fresh send button, so a countdown never carries over. */
  sendKey?: string | undefined;
  sendTestId: string;
}) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const { label: mobileLabel, ...mobileField } = mobile;
  const { label: codeLabel, ...codeField } = code ?? {};
  return (
    <>
      <PhoneField
        label={mobileLabel ?? t('login_mobile')}
        placeholder={t('login_mobile_placeholder')}
        dialingCode={dialingCode}
        onDialingCodeChange={onDialingCodeChange}
        maxLength={20}
        {...mobileField}
      />
      {code ? (
        <CodeField
          label={codeLabel ?? t('login_sms_code')}
          placeholder={t('login_sms_code_placeholder')}
          onSend={() =>
            phoneCode.send({ mobileNum: nationalDigits(number()), countryDialingCode: dialingCode })
          }
          validate={validate}
          sendKey={sendKey}
          sendTestId={sendTestId}
          {...codeField}
        />
      ) : null}
      {phoneCode.challenge}
      {phoneCode.failure ? (
        <AlertDialog title={t('sms_failed_title')} onClose={phoneCode.dismiss} testId="sms-failure">
          {errorText(phoneCode.failure, t)}
        </AlertDialog>
      ) : null}
    </>
  );
}
