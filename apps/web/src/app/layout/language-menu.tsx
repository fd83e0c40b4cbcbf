import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerOption } from '../../shared/i18n/language.ts';
import { CheckIcon } from '../../shared/ui/shell-icons.tsx';
import styles from './language-picker.module.css';

/** Each language in its own words, so a reader finds theirs whatever the page language. */
const nativeNames: Record<string, string> = {
  'zh-CN': '简体中文',
  en: 'English',
  ja: '日本語',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  'zh-TW': '繁體中文',
  pt: 'Português',
  my: 'မြန်မာ',
};

/** The picker's menu (a chunk of its own: most visitors never open it). Arrow keys, Home, End, Escape. */
export function LanguageMenu({
  id,
  options,
  current,
  onChoose,
  onDismiss,
}: {
  id: string;
  options: PickerOption[];
  current: string;
  onChoose: (language: string) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const items = ref.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]');
    const active = [...(items ?? [])].find((el) => el.getAttribute('aria-checked') === 'true') ?? items?.[0];
    active?.focus();
  }, []);

  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      onDismiss();
    }
  };

  return (
    <ul ref={ref} className={styles.menu} role="menu" id={id} aria-label={t('language')} onKeyDown={onKey}>
      {options.map((o) => (
        <li key={o.label} role="none">
          <button
            type="button"
            role="menuitemradio"
            aria-checked={o.language === current}
            className={styles.item}
            tabIndex={-1}
            lang={o.language}
            onClick={() => onChoose(o.language)}
          >
            <span className={styles.label}>{o.label}</span>
            <span className={styles.native}>{nativeNames[o.language] ?? o.language}</span>
            {o.language === current ? <CheckIcon size={14} className={styles.check} /> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
