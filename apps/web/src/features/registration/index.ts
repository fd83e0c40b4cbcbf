import { withAccountStrings } from '../session/index.ts';

/** The registration feature: the register dialog (modal key `register`), a lazy chunk. */
export const loadRegisterDialog = () =>
  withAccountStrings(import('./register-dialog.tsx')).then((m) => ({ default: m.RegisterDialog }));
