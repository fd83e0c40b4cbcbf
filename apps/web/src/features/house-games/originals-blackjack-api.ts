import { actHouseBlackjack, startHouseBlackjack, type BlackjackAction, type CallValue } from '@app/contract';
import { storedTicket } from './api.ts';
import { call } from '../../shared/http/client.ts';

/** Blackjack's calls (decision 057), with the page's play ticket when it has one. */
function ticketHeaders(gameCode: string) {
  const ticket = storedTicket(gameCode);
  return ticket ? { headers: { 'X-House-Ticket': ticket } } : {};
}

export const blackjackStart = (gameCode: string, bet: number) =>
  call(startHouseBlackjack, { body: { gameCode, bet }, ...ticketHeaders(gameCode) } as never) as Promise<
    CallValue<typeof startHouseBlackjack>
  >;
/** `step`: the actions the page has shown, so a repeated tap is refused rather than played twice. */
export const blackjackAct = (gameCode: string, action: BlackjackAction, step: number) =>
  call(actHouseBlackjack, {
    body: { gameCode, action, step },
    ...ticketHeaders(gameCode),
  } as never) as Promise<CallValue<typeof actHouseBlackjack>>;
