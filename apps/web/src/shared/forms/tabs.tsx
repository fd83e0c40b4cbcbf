import { useRef, type KeyboardEvent } from 'react';
import styles from './form.module.css';

export interface TabOption<K extends string> {
  key: K;
  label: string;
}

/**
 * A tab list (ARIA tabs pattern): arrow keys move between tabs and select them, Home and End
 * jump to the ends. The panel it controls carries `id={panelId}` and `role="tabpanel"`. With
 * fewer than two options offered there is nothing to choose, and no tab list. A page with a look
 * of its own passes its classes for the list and the tabs (they replace the form's).
 */
export function Tabs<K extends string>({
  options,
  value,
  onChange,
  label,
  panelId,
  idPrefix,
  className = styles.tabs,
  tabClassName = styles.tab,
  tabTestId,
  disabled = false,
}: {
  options: TabOption<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  panelId: string;
  idPrefix: string;
  className?: string | undefined;
  tabClassName?: string | undefined;
  tabTestId?: ((key: K) => string) | undefined;
  /** While something runs that the choice would change (a round in play): shown, not chosen. */
  disabled?: boolean;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  if (options.length < 2) return null;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const at = options.findIndex((o) => o.key === value);
    let next = -1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = (at + 1) % options.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = (at - 1 + options.length) % options.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = options.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onChange(options[next]!.key);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div ref={listRef} role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          role="tab"
          id={`${idPrefix}-${o.key}`}
          aria-selected={o.key === value}
          aria-controls={panelId}
          tabIndex={o.key === value ? 0 : -1}
          className={tabClassName}
          disabled={disabled}
          onClick={() => onChange(o.key)}
          data-testid={tabTestId?.(o.key)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
