import {
  actHouseHiLo,
  cashOutHouseHiLo,
  startHouseHiLo,
  type CallValue,
  type HiLoAction,
} from '@app/contract';
import { storedTicket } from './api.ts';
import { call } from '../../shared/http/client.ts';

/** HiLo's calls (decision 046), with the page's play ticket when it has one. */
function ticketHeaders(gameCode: string) {
  const ticket = storedTicket(gameCode);
  return ticket ? { headers: { 'X-House-Ticket': ticket } } : {};
}

export const hiloStart = (gameCode: string, bet: number) =>
  call(startHouseHiLo, { body: { gameCode, bet }, ...ticketHeaders(gameCode) } as never) as Promise<
    CallValue<typeof startHouseHiLo>
  >;
/** `step`: the actions the page has shown, so a repeated tap is refused rather than played twice. */
export const hiloAct = (gameCode: string, action: HiLoAction, step: number) =>
  call(actHouseHiLo, { body: { gameCode, action, step }, ...ticketHeaders(gameCode) } as never) as Promise<
    CallValue<typeof actHouseHiLo>
  >;
export const hiloCashOut = (gameCode: string) =>
  call(cashOutHouseHiLo, { body: { gameCode }, ...ticketHeaders(gameCode) } as never) as Promise<
    CallValue<typeof cashOutHouseHiLo>
  >;
