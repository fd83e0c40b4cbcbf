import { useEffect, useRef } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { PickerOption } from '../../shared/i18n/language.ts';
import { CheckIcon } from '../../shared/ui/shell-icons.tsx';
import { focusCurrentItem, onPopupListKeyDown } from '../../shared/ui/use-popover.ts';
import { catalogueLanguages } from '../../locales/languages.ts';
import styles from './language-picker.module.css';

/** Each language in its own words, so a reader finds theirs whatever the page language. */
const nativeNames: Record<string, string> = Object.fromEntries(
  catalogueLanguages.map((l) => [l.code, l.native]),
);

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
  const { t } = useTypedTranslation('translation');
  const ref = useRef<HTMLUListElement>(null);

  // The picker focuses the chosen item when it opens, but the first time this chunk is not there yet.
  useEffect(() => focusCurrentItem(ref.current), []);

  return (
    <ul
      ref={ref}
      className={styles.menu}
      role="menu"
      id={id}
      aria-label={t('language')}
      onKeyDown={(e) => onPopupListKeyDown(e, onDismiss)}
    >
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
