import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useTypedTranslation } from '../i18n/react.tsx';
import { Limits } from '@app/contract';
import { focusableIn, trapTab } from './focus.ts';
import { lockScroll } from './scroll-lock.ts';
import { CloseIcon } from './shell-icons.tsx';
import styles from './modal.module.css';

export interface ModalProps {
  /** Called once the close delay has passed; the owner then unmounts the modal. */
  onClose: () => void;
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  /** Optional background of the dialog (any CSS background: a colour, a gradient, an image). */
  background?: string;
  width?: number | string;
  height?: number | string;
  /** Closes on a click outside the dialog; on by default. */
  closeOnBackdrop?: boolean;
  className?: string;
  bodyClassName?: string;
  children?: ReactNode;
}

const CloseContext = createContext<() => void>(() => {});

/** Closes the surrounding modal with its close delay (for OK / Cancel buttons inside it). */
export function useModalClose(): () => void {
  return useContext(CloseContext);
}

const size = (v: number | string) => (typeof v === 'number' ? `${v}px` : v);

/**
 * The generic modal (NM-14..NM-18): close button, optional title and background, default size
 * 200 x 200, the page scroll fixed while open and restored after, a 100 ms close delay (the
 * fade-out), focus trapped inside, Escape to close and focus returned to the opener.
 */
export function Modal({
  onClose,
  title,
  ariaLabel,
  background,
  width = Limits.modalDefaultSize.width,
  height = Limits.modalDefaultSize.height,
  closeOnBackdrop = true,
  className,
  bodyClassName,
  children,
}: ModalProps) {
  const { t } = useTypedTranslation('translation');
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [closing, setClosing] = useState(false);
  const closingRef = useRef(false);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  const requestClose = useCallback(() => {
    if (closingRef.current) return;
    closingRef.current = true;
    setClosing(true);
    window.setTimeout(() => onCloseRef.current(), Limits.modalCloseDelayMs);
  }, []);

  useLayoutEffect(() => lockScroll(), []);

  // The focus moves in the commit that draws or removes the dialog (a layout effect), never in a
  // passive effect after it: those run in a later task, and a key pressed in between (Escape, Tab)
  // went to the page behind. The loading dialog's swap for the loaded one (app/modal-host.tsx) is
  // one commit too, so the focus never rests outside while a dialog shows.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      const first = focusableIn(dialog).find((el) => !el.dataset.modalClose) ?? dialog;
      first.focus({ preventScroll: true });
    }
    return () => {
      if (opener && opener.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  const style: CSSProperties = { width: size(width), height: size(height) };
  if (background) style.background = background;

  return createPortal(
    <div
      className={styles.backdrop}
      data-state={closing ? 'closing' : 'open'}
      onMouseDown={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) requestClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        tabIndex={-1}
        className={[styles.dialog, className].filter(Boolean).join(' ')}
        data-state={closing ? 'closing' : 'open'}
        style={style}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            requestClose();
          } else if (dialogRef.current) trapTab(e, dialogRef.current);
        }}
      >
        {title ? (
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
          </div>
        ) : null}
        <button
          type="button"
          className={styles.close}
          aria-label={t('close')}
          data-modal-close="1"
          onClick={requestClose}
        >
          <CloseIcon />
        </button>
        <div className={[styles.body, bodyClassName].filter(Boolean).join(' ')}>
          <CloseContext.Provider value={requestClose}>{children}</CloseContext.Provider>
        </div>
      </div>
    </div>,
    document.body,
  );
}
