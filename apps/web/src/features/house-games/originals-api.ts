import {
  autoBetHouseOriginal,
  cashOutHouseMines,
  playHouseOriginal,
  revealHouseMines,
  startHouseMines,
  type CallBody,
  type CallValue,
} from '@app/contract';
import { storedTicket } from './api.ts';
import { call } from '../../shared/http/client.ts';

/** The originals' calls (decision 046), with the page's play ticket when it has one. */
function ticketHeaders(gameCode: string) {
  const ticket = storedTicket(gameCode);
  return ticket ? { headers: { 'X-House-Ticket': ticket } } : {};
}

export type OriginalBody = CallBody<typeof playHouseOriginal>;

export const playOriginalRound = (body: OriginalBody) =>
  call(playHouseOriginal, { body, ...ticketHeaders(body.gameCode) } as never) as Promise<
    CallValue<typeof playHouseOriginal>
  >;

export const autoBet = (body: CallBody<typeof autoBetHouseOriginal>) =>
  call(autoBetHouseOriginal, { body, ...ticketHeaders(body.gameCode) } as never) as Promise<
    CallValue<typeof autoBetHouseOriginal>
  >;

export const minesStart = (gameCode: string, bet: number, mines: number) =>
  call(startHouseMines, { body: { gameCode, bet, mines }, ...ticketHeaders(gameCode) } as never) as Promise<
    CallValue<typeof startHouseMines>
  >;
export const minesReveal = (gameCode: string, tile: number) =>
  call(revealHouseMines, { body: { gameCode, tile }, ...ticketHeaders(gameCode) } as never) as Promise<
    CallValue<typeof revealHouseMines>
  >;
export const minesCashOut = (gameCode: string) =>
  call(cashOutHouseMines, { body: { gameCode }, ...ticketHeaders(gameCode) } as never) as Promise<
    CallValue<typeof cashOutHouseMines>
  >;

/** A short tone for a win or a loss, only when the player turned sound on (off by default). */
let audio: AudioContext | null = null;
export function tone(win: boolean) {
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = win ? 880 : 220;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch {
    // No audio here: the game plays on silently.
  }
}
