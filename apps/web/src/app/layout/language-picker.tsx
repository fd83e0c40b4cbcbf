import { lazy, Suspense } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useBrand } from '../../shared/brand/brand.ts';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { languageOfLabel, pickerOptions } from '../../shared/i18n/language.ts';
import { ChevronDownIcon, GlobeIcon } from '../../shared/ui/shell-icons.tsx';
import { usePopover } from '../../shared/ui/use-popover.ts';
import styles from './language-picker.module.css';

const LanguageMenu = lazy(() => import('./language-menu.tsx').then((m) => ({ default: m.LanguageMenu })));

/** The header language picker with labels CN, EN, JA, TH, VI, TY, PT (LN-03). */
export function LanguagePicker() {
  const { t, i18n } = useTypedTranslation('translation');
  const brand = useBrand();
  const options = pickerOptions(brand);
  const { open, dismiss, rootRef, popupId, triggerProps } = usePopover({ popup: 'menu' });
  const current = i18n.language;
  const currentLabel =
    options.find((o) => o.language === current)?.label ??
    Object.keys(brand.languageLabels).find((label) => languageOfLabel(brand, label) === current) ??
    current.toUpperCase();

  const choose = (language: string) => {
    dismiss();
    if (language !== current) void changeLanguage(language);
  };

  return (
    <div className={styles.picker} ref={rootRef}>
      <button
        className={styles.button}
        {...triggerProps}
        aria-label={t('language_choose', { language: currentLabel })}
      >
        <GlobeIcon size={15} />
        <span className={styles.current}>{currentLabel}</span>
        <ChevronDownIcon size={14} />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LanguageMenu
            id={popupId}
            options={options}
            current={current}
            onChoose={choose}
            onDismiss={dismiss}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
