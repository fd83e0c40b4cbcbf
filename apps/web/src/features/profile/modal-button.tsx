import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '../../shared/ui/button.tsx';

/** A button that opens a dialog: `modal` draws it, with the close that puts the button back alone. */
export function ModalButton({
  modal,
  ...props
}: Omit<ButtonProps, 'onClick'> & { modal: (onClose: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...props} onClick={() => setOpen(true)} />
      {open ? modal(() => setOpen(false)) : null}
    </>
  );
}
