import { Button, type ButtonProps } from '../ui/button.tsx';
import formStyles from './form.module.css';

/** A button that shows a small spinner before its label while its action runs. */
export function BusyButton({ busy, children, ...props }: ButtonProps & { busy: boolean }) {
  return (
    <Button {...props}>
      {busy ? <span className={formStyles.spinnerInline} aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}
