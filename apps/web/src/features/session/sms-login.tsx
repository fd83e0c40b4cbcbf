import { useMemo, useState } from 'react';
import { useForm } from '../../shared/forms/use-form.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { useCountry } from '../../shared/forms/country-picker.tsx';
import { checksResolver, nationalDigits, phoneCodeChecks } from '../../shared/forms/field-rules.ts';
import { PhoneCodeFields } from '../../shared/forms/phone-code-fields.tsx';
import { useRegisterRules } from '../../shared/system/system-status.ts';
import { useLoginPhoneCode } from './api.ts';
import { LoginTabForm, useKeepDraft, type LoginDraft, type LoginTabProps } from './login-tab-form.tsx';

type SmsValues = Pick<LoginDraft, 'mobileNum' | 'smsCode' | 'rememberMe'>;

/**
 * The mobile tab of the login form (LG-11, LG-22): the number with its country and the SMS code
 * it is sent, plain or through the phone-code provider (decision 012).
 */
export function SmsLogin({ draft, keepDraft, remembered, login, clearError, frame }: LoginTabProps) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const { data: rules } = useRegisterRules();
  const [picked, setPicked] = useState(draft.countryDialingCode);
  const country = useCountry(picked);
  const dialingCode = country?.countryDialingCode ?? '';
  const phoneCode = useLoginPhoneCode();
  const resolver = useMemo(() => {
    const { mobileNum, code } = phoneCodeChecks(country, t, rules?.mobileNum);
    return checksResolver<SmsValues>({ mobileNum, smsCode: code, rememberMe: null });
  }, [country, rules, t]);
  const form = useForm<SmsValues>({
    defaultValues: { mobileNum: draft.mobileNum, smsCode: draft.smsCode, rememberMe: draft.rememberMe },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useKeepDraft(form, keepDraft);
  const { errors } = form.formState;

  const submit = (values: SmsValues) =>
    login({
      request: {
        username: nationalDigits(values.mobileNum),
        password: values.smsCode.trim(),
        captcha: '',
        type: 'sms',
        rememberMe: values.rememberMe,
        countryDialingCode: dialingCode,
      },
      remember: values.rememberMe
        ? {
            username: remembered?.username ?? null,
            countryDialingCode: dialingCode,
            mobileNum: values.mobileNum.trim(),
          }
        : null,
      idToken: phoneCode.idToken,
    });

  return (
    <LoginTabForm frame={frame} remember={form.register('rememberMe')} onSubmit={form.handleSubmit(submit)}>
      <PhoneCodeFields
        phoneCode={phoneCode}
        dialingCode={dialingCode}
        onDialingCodeChange={(code) => {
          setPicked(code);
          keepDraft({ countryDialingCode: code });
        }}
        number={() => form.getValues('mobileNum')}
        mobile={{ error: errors.mobileNum?.message, ...form.register('mobileNum') }}
        code={{ error: errors.smsCode?.message, ...form.register('smsCode') }}
        validate={() => {
          clearError();
          return form.trigger('mobileNum');
        }}
        sendTestId="login-send-code"
      />
    </LoginTabForm>
  );
}
