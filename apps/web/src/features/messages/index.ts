import type { ComponentType } from 'react';
import { withMessagesStrings } from './strings.ts';

/** The messages page of the member centre (messageV2, RM-05), a lazy chunk with its strings. */
export const messagePages: Record<string, () => Promise<{ default: ComponentType }>> = {
  messageV2: () =>
    withMessagesStrings(import('./messages-page.tsx')).then((m) => ({ default: m.MessagesPage })),
};
