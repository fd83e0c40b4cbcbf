import type { Ref } from 'react';
import { useTypedTranslation } from '../i18n/react.tsx';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { imagePaths, type Country } from '@app/contract';
import { imageHost } from '../cdn/image-host.ts';
import { useSystemStatus } from '../system/system-status.ts';
import { ChevronDownIcon, PhoneIcon } from '../ui/icons.tsx';
import { usePopover } from '../ui/use-popover.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';
import styles from './country-picker.module.css';

/** A country's flag at the spec's path, `{imgUrl}/TCG_PROD_IMAGES/COUNTRY_FLAG/{countryCode}.png` (SV-03). */
export function flagUrl(countryCode: string): string {
  return imagePaths.countryFlag(imageHost(), countryCode);
}

/** The countries the site serves (system status info.countries) and the caller's own as the default. */
export function useCountries(): { countries: Country[]; defaultCountry: Country | undefined } {
  const status = useSystemStatus().data;
  const countries = status?.info.countries ?? [];
  const own = countries.find((c) => c.countryCode === status?.location.country);
  return { countries, defaultCountry: own ?? countries[0] };
}

/** The country by dialing code, or the default one. */
export function useCountry(dialingCode: string | undefined): Country | undefined {
  const { countries, defaultCountry } = useCountries();
  return countries.find((c) => c.countryDialingCode === dialingCode) ?? defaultCountry;
}

function Flag({ code }: { code: string }) {
  return <img src={flagUrl(code)} alt="" width={24} height={16} className={styles.flag} loading="lazy" />;
}

/** The country-code picker beside a phone field (SV-02): flag and +code, a list to choose from. */
export function CountryPicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (dialingCode: string) => void;
}) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const { countries } = useCountries();
  const current = useCountry(value);
  // The list sits in the login and register dialogs: its Escape must not close them.
  const { open, dismiss, rootRef, popupId, onListKeyDown, triggerProps } = usePopover({
    popup: 'listbox',
    contained: true,
  });

  const choose = (c: Country) => {
    onChange(c.countryDialingCode);
    dismiss();
  };

  return (
    <div className={styles.picker} ref={rootRef}>
      <button
        className={styles.button}
        {...triggerProps}
        aria-label={t('country_choose', {
          country: current ? `${current.name} +${current.countryDialingCode}` : '',
        })}
        disabled={countries.length === 0}
        data-testid="country-picker"
      >
        {current ? <Flag code={current.countryCode} /> : null}
        <span className={styles.code} dir="ltr">
          +{current?.countryDialingCode ?? '—'}
        </span>
        <ChevronDownIcon size={14} />
      </button>
      {open ? (
        <ul
          className={styles.list}
          role="listbox"
          id={popupId}
          aria-label={t('country_list')}
          onKeyDown={onListKeyDown}
        >
          {countries.map((c) => (
            <li
              key={c.countryCode}
              role="option"
              tabIndex={-1}
              aria-selected={c.countryDialingCode === current?.countryDialingCode}
              className={styles.option}
              onClick={() => choose(c)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  choose(c);
                }
              }}
            >
              <Flag code={c.countryCode} />
              <span className={styles.name}>{c.name}</span>
              <span className={styles.dial} dir="ltr">
                +{c.countryDialingCode}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A mobile number field with the country-code picker in front of it. */
export function PhoneField({
  dialingCode,
  onDialingCodeChange,
  ref,
  ...field
}: {
  dialingCode: string | undefined;
  onDialingCodeChange: (dialingCode: string) => void;
  ref?: Ref<HTMLInputElement>;
} & Omit<TextFieldProps, 'leading' | 'ref'>) {
  return (
    <TextField
      ref={ref}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      icon={dialingCode === undefined ? <PhoneIcon size={18} /> : undefined}
      {...field}
      leading={<CountryPicker value={dialingCode} onChange={onDialingCodeChange} />}
    />
  );
}
