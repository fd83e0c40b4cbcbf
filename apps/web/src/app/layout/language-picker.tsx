import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/brand/brand.ts';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { languageOfLabel, pickerOptions } from '../../shared/i18n/language.ts';
import { ChevronDownIcon, GlobeIcon } from '../../shared/ui/shell-icons.tsx';
import styles from './language-picker.module.css';

const LanguageMenu = lazy(() => import('./language-menu.tsx').then((m) => ({ default: m.LanguageMenu })));

/** The header language picker with labels CN, EN, JA, TH, VI, TY, PT (LN-03). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const options = pickerOptions(brand);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const current = i18n.language;
  const currentLabel =
    options.find((o) => o.language === current)?.label ??
    Object.keys(brand.languageLabels).find((label) => languageOfLabel(brand, label) === current) ??
    current.toUpperCase();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const dismiss = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (language: string) => {
    dismiss();
    if (language !== current) void changeLanguage(language);
  };

  return (
    <div className={styles.picker} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('language_choose', { language: currentLabel })}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <GlobeIcon size={15} />
        <span className={styles.current}>{currentLabel}</span>
        <ChevronDownIcon size={14} />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LanguageMenu id={menuId} options={options} current={current} onChoose={choose} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </div>
  );
}
