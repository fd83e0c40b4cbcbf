import { useMemo, useState } from 'react';
import { useForm } from '../../shared/forms/use-form.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import {
  COUNTRY_CODES,
  type MemberProfile,
  NICKNAME_PATTERN,
  normalizeProfileValue,
  PROFILE_FIELDS,
  PROFILE_MIN_AGE,
  type ProfileField,
  profileValueOk,
  latestBirthdayOfAge,
  SOURCES_OF_INCOME,
} from '@app/contract';
import { useBrand } from '../../shared/brand/brand.ts';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { FormAlert, TextField } from '../../shared/forms/text-field.tsx';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { ArrowLeftIcon, LockIcon } from '../../shared/ui/icons.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useMemberInfo } from '../session/index.ts';
import { useMemberProfile, useUpdateNickname, useUpdateProfile } from './api.ts';
import { AvatarButton } from './avatar.tsx';
import { BankAccountsButton } from './bank-accounts.tsx';
import { profileErrorText } from './errors.ts';
import { PROFILE_NS } from './strings.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './profile.module.css';
import { Isolate, Ltr } from '../../shared/ui/ltr.tsx';

type Values = Record<ProfileField | 'nickname', string>;

/** Country names in the page's language, sorted as its readers sort them. */
function useCountryOptions(language: string) {
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    return COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, language),
    );
  }, [language]);
}

/** The member page `profile` (MC-09): avatar, nickname and the fields of MC-10. */
export default function ProfilePage() {
  const { t } = useTypedTranslation(PROFILE_NS);
  const setPage = useUiStore((s) => s.setMemberPage);
  const profile = useMemberProfile();
  const info = useMemberInfo();
  // Kept here: a save replaces the profile, and the form starts again from the saved values.
  const [saved, setSaved] = useState<Saved>(null);
  return (
    <div className={styles.page} data-testid="profile-page">
      <button type="button" className={styles.back} onClick={() => setPage('securityCenter')}>
        <ArrowLeftIcon size={16} /> {t('pf_back')}
      </button>
      {profile.isError ? (
        <ErrorState message={t('pf_load_failed')} onRetry={() => void profile.refetch()} minHeight={300} />
      ) : !profile.data || !info.data ? (
        <LoadingState minHeight={300} />
      ) : (
        <ProfileForm
          profile={profile.data}
          key={JSON.stringify({ ...profile.data, bankAccount: null })}
          saved={saved}
          setSaved={setSaved}
        />
      )}
    </div>
  );
}

type Saved = 'saved' | 'unchanged' | null;

function ProfileForm({
  profile,
  saved,
  setSaved,
}: {
  profile: MemberProfile;
  saved: Saved;
  setSaved: (s: Saved) => void;
}) {
  const { t, i18n } = useTypedTranslation(PROFILE_NS);
  const { t: tAccounts } = useTypedTranslation(ACCOUNTS_NS);
  // The brand's minimum age (RG-34, RG-35): the birthday's rule, its sentence and its picker.
  const minimumAge = useBrand().minimumAge ?? PROFILE_MIN_AGE;
  const update = useUpdateProfile();
  const nickname = useUpdateNickname();
  const countries = useCountryOptions(i18n.language);
  const locked = (f: ProfileField) => profile.locked.includes(f);
  const defaults = Object.fromEntries(
    PROFILE_FIELDS.map((f) => [f, profile[f] ?? '']).concat([['nickname', profile.nickname]]),
  ) as Values;
  const form = useForm<Values>({ defaultValues: defaults });
  const { errors } = form.formState;
  const failure = update.error ?? nickname.error;

  const rule = (field: ProfileField) => ({
    validate: (raw: string) => {
      const v = normalizeProfileValue(field, raw);
      return (
        !v || profileValueOk(field, v, new Date(), minimumAge) || t(`hint_${field}`, { age: minimumAge })
      );
    },
  });

  const submit = async (v: Values) => {
    setSaved(null);
    const changes: Partial<Record<ProfileField, string>> = {};
    for (const f of PROFILE_FIELDS) {
      if (locked(f)) continue;
      if (normalizeProfileValue(f, v[f]) !== normalizeProfileValue(f, defaults[f])) changes[f] = v[f];
    }
    const newNickname = v.nickname.trim().replace(/\s+/g, ' ');
    const nicknameChanged = newNickname !== profile.nickname;
    if (!nicknameChanged && Object.keys(changes).length === 0) {
      setSaved('unchanged');
      return;
    }
    try {
      if (nicknameChanged) await nickname.mutateAsync(newNickname);
      if (Object.keys(changes).length) await update.mutateAsync(changes);
      setSaved('saved');
    } catch {
      // Shown from the mutations' errors.
    }
  };

  const text = (field: ProfileField, extra: Record<string, unknown> = {}) =>
    locked(field) ? (
      <LockedField field={field} value={profile[field] ?? ''} />
    ) : (
      <TextField
        label={t(`field_${field}`)}
        hint={t(`hint_${field}`, { age: minimumAge })}
        error={errors[field]?.message}
        data-testid={`profile-${field}`}
        {...extra}
        {...form.register(field, rule(field))}
      />
    );
  const select = (field: 'nationality' | 'sourceOfIncome', options: { value: string; label: string }[]) =>
    locked(field) ? (
      <LockedField
        field={field}
        value={options.find((o) => o.value === profile[field])?.label ?? profile[field] ?? ''}
      />
    ) : (
      <SelectField
        field={field}
        label={t(`field_${field}`)}
        error={errors[field]?.message}
        options={options}
        placeholder={t('pf_choose')}
        {...form.register(field, rule(field))}
      />
    );

  return (
    <form
      className={styles.profileForm}
      noValidate
      onSubmit={form.handleSubmit(submit)}
      onChange={() => setSaved(null)}
      data-testid="profile-form"
    >
      <section className={styles.hero}>
        <AvatarButton size={72} />
        <div className={styles.heroText}>
          <TextField
            label={t('field_nickname')}
            hint={t('nickname_hint')}
            maxLength={20}
            autoComplete="nickname"
            error={errors.nickname?.message}
            data-testid="profile-nickname"
            {...form.register('nickname', {
              validate: (v) => {
                const value = v.trim().replace(/\s+/g, ' ');
                if (!value) return t('nickname_required');
                return NICKNAME_PATTERN.test(value) || t('nickname_hint');
              },
            })}
          />
        </div>
      </section>

      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{t('pf_section_identity')}</legend>
        <p className={styles.sectionNote}>
          <LockIcon size={14} /> {t('pf_locked_note')}
        </p>
        <div className={styles.grid}>
          {text('fullName', { autoComplete: 'name', maxLength: 64 })}
          {text('birthday', { type: 'date', max: latestBirthdayOfAge(minimumAge), min: '1900-01-01' })}
          {select(
            'nationality',
            countries.map((c) => ({ value: c.code, label: c.name })),
          )}
          {text('placeOfBirth', { maxLength: 100 })}
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{t('pf_section_contact')}</legend>
        <div className={styles.grid}>
          {text('telegram', {
            placeholder: '@username',
            autoCapitalize: 'off',
            spellCheck: false,
            maxLength: 33,
          })}
          {text('zalo', { placeholder: '0912345678', inputMode: 'tel', maxLength: 16 })}
          <div className={styles.wide}>
            {text('address', { autoComplete: 'street-address', maxLength: 200 })}
          </div>
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{t('pf_section_work')}</legend>
        <div className={styles.grid}>
          {text('occupation', { autoComplete: 'organization-title', maxLength: 60 })}
          {select(
            'sourceOfIncome',
            SOURCES_OF_INCOME.map((s) => ({ value: s, label: t(`income_${s}`) })),
          )}
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{t('field_bankAccount')}</legend>
        <BankLine />
      </fieldset>

      <div className={styles.actions}>
        {failure ? <FormAlert>{profileErrorText(failure, t, tAccounts)}</FormAlert> : null}
        {saved === 'saved' ? <FormAlert tone="success">{t('pf_saved')}</FormAlert> : null}
        {saved === 'unchanged' ? <FormAlert tone="info">{t('pf_no_changes')}</FormAlert> : null}
        <BusyButton
          busy={update.isPending || nickname.isPending}
          type="submit"
          size="lg"
          data-testid="profile-save"
        >
          {t('pf_save')}
        </BusyButton>
      </div>
    </form>
  );
}

/**
 * The default bank account, read from the profile query itself: adding or removing an account
 * refreshes this line without starting the form again (its dialog stays open).
 */
function BankLine() {
  const { t } = useTypedTranslation(PROFILE_NS);
  const account = useMemberProfile().data?.bankAccount ?? null;
  return (
    <div className={styles.bankLine} data-testid="profile-bank">
      {account ? (
        <span>
          <strong>
            <Isolate>{account.bankName}</Isolate>
          </strong>{' '}
          <Ltr className={styles.mono}>{account.accountNumber}</Ltr>
          <span className={styles.muted}>
            {' · '}
            <Isolate>{account.payeeName}</Isolate>
          </span>
        </span>
      ) : (
        <span className={styles.muted}>{t('pf_bank_none')}</span>
      )}
      <BankAccountsButton label={account ? t('pf_bank_manage') : t('bank_add')} />
    </div>
  );
}

/** A field set once: its value with a lock, and who changes it now. */
function LockedField({ field, value }: { field: ProfileField; value: string }) {
  const { t } = useTypedTranslation(PROFILE_NS);
  return (
    <div className={formStyles.field} data-testid={`profile-${field}-locked`}>
      <span className={formStyles.label}>{t(`field_${field}`)}</span>
      <div className={`${formStyles.control} ${styles.lockedControl}`}>
        <span className={styles.lockedValue}>{value}</span>
        <LockIcon size={16} aria-label={t('pf_locked')} />
      </div>
      <p className={formStyles.hint}>{t('pf_locked_hint')}</p>
    </div>
  );
}

/** A labelled native select in the form's look (keyboard and screen readers work as everywhere). */
function SelectField({
  field,
  label,
  error,
  options,
  placeholder,
  ref,
  ...select
}: {
  field: string;
  label: string;
  error?: string | undefined;
  options: { value: string; label: string }[];
  placeholder: string;
  ref?: React.Ref<HTMLSelectElement>;
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const id = `profile-select-${field}`;
  return (
    <div className={formStyles.field} data-invalid={error ? true : undefined}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <div className={formStyles.control}>
        <select
          id={id}
          ref={ref}
          className={`${formStyles.input} ${styles.select}`}
          aria-invalid={error ? true : undefined}
          data-testid={`profile-${field}`}
          {...select}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className={formStyles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
