import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/** The items of a popup list, whichever kind it is (menu, radio menu, listbox). */
const ITEMS = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"], [role="option"]';

/** Focuses the chosen item of a popup list (checked or selected), else its first item. */
export function focusCurrentItem(list: HTMLElement | null | undefined): void {
  const items = [...(list?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
  const current = items.find(
    (el) => el.getAttribute('aria-checked') === 'true' || el.getAttribute('aria-selected') === 'true',
  );
  (current ?? items[0])?.focus();
}

/**
 * The keys of an open popup list: arrows, Home and End move the focus round its items; Escape
 * and Tab leave it through `leave`. A list inside a dialog is `contained`: neither key may reach
 * the dialog, whose own Escape would close it and whose Tab trap would move the focus again.
 */
export function onPopupListKeyDown(
  e: KeyboardEvent<HTMLElement>,
  leave: () => void,
  { contained = false } = {},
): void {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(ITEMS)];
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
    if (e.key === 'Escape' || contained) e.preventDefault();
    if (contained) e.stopPropagation();
    leave();
  }
}

/**
 * A button that opens a popup list (a menu or a listbox), on a click or the down arrow. A press
 * outside the root closes it; when it opens, the focus goes to its chosen item; `dismiss` closes
 * it and gives the focus back to the button. Spread `triggerProps` on the button and put
 * `rootRef` on the element that holds both.
 */
export function usePopover({ popup, contained = false }: { popup: 'menu' | 'listbox'; contained?: boolean }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    focusCurrentItem(rootRef.current);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const dismiss = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return {
    open,
    setOpen,
    dismiss,
    rootRef,
    popupId,
    onListKeyDown: (e: KeyboardEvent<HTMLElement>) => onPopupListKeyDown(e, dismiss, { contained }),
    triggerProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-haspopup': popup,
      'aria-expanded': open,
      'aria-controls': open ? popupId : undefined,
      onClick: () => setOpen((o) => !o),
      // A menu button opens with the down arrow too (WAI-ARIA menu button pattern).
      onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => {
        if (e.key === 'ArrowDown' && !open) {
          e.preventDefault();
          setOpen(true);
        }
      },
    },
  };
}
