import { lazy } from 'react';
import { withProfileStrings } from './strings.ts';

/** The security centre's actions, loaded with their strings when the page first shows. */
export const PaymentPasswordAction = lazy(() =>
  withProfileStrings(import('./security-actions.tsx')).then((m) => ({ default: m.PaymentPasswordAction })),
);

export const SessionsRow = lazy(() =>
  withProfileStrings(import('./security-actions.tsx')).then((m) => ({ default: m.SessionsRow })),
);

export const NicknameAction = lazy(() =>
  withProfileStrings(import('./security-actions.tsx')).then((m) => ({ default: m.NicknameAction })),
);
