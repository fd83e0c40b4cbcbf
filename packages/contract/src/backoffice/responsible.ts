import { z } from 'zod';
import { RgSettingsSchema, rgPeriods, rgTimeOuts } from '../responsible.ts';
import { defineBoCall, type BoCallDef } from './calls.ts';
import { PlayerReasonSchema } from './players.ts';

/**
 * A player's responsible-gambling tools in the back office (issue 33, decision 039): staff with
 * `player.lock` see the player's limits, pending raises and any time-out or self-exclusion; staff
 * with `player.limits` may set a stricter limit (at once) or a time-out. Nobody lifts or shortens a
 * block, nor loosens a limit: only the player can, after the cooling-off. Every change is audited.
 */

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const PlayerRgQuerySchema = z.object({ id: idSchema });

export const PlayerRgLimitBodySchema = z.object({
  id: idSchema,
  kind: z.enum(['deposit', 'loss', 'wager', 'session']),
  /** day, week or month for money limits; session for the session limit. */
  period: z.enum([...rgPeriods, 'session']),
  /** Major units of the brand's currency; minutes for the session limit. */
  amount: z.coerce.number().positive().max(1e12),
  reason: PlayerReasonSchema,
});

export const PlayerRgTimeOutBodySchema = z.object({
  id: idSchema,
  duration: z.enum(rgTimeOuts),
  reason: PlayerReasonSchema,
});

export const boPlayerRg = defineBoCall({
  id: 'boPlayerRg',
  method: 'GET',
  path: '/bo/api/players/responsible',
  access: 'player.lock',
  summary: "A player's limits with their use, pending raises, reality check and any time-out or exclusion",
  query: PlayerRgQuerySchema,
  response: RgSettingsSchema,
});

export const boPlayerRgLimit = defineBoCall({
  id: 'boPlayerRgLimit',
  method: 'POST',
  path: '/bo/api/players/responsible/limit',
  access: 'player.limits',
  summary: 'Sets a stricter deposit, loss, wager or session limit on a player, at once (audited)',
  body: PlayerRgLimitBodySchema,
  response: RgSettingsSchema,
});

export const boPlayerRgTimeOut = defineBoCall({
  id: 'boPlayerRgTimeOut',
  method: 'POST',
  path: '/bo/api/players/responsible/timeout',
  access: 'player.limits',
  summary: 'Puts a player on a time-out: every session ends, no login until it ends (audited)',
  body: PlayerRgTimeOutBodySchema,
  response: RgSettingsSchema,
});

export const responsibleBoCalls: readonly BoCallDef[] = [boPlayerRg, boPlayerRgLimit, boPlayerRgTimeOut];

export type PlayerRgLimitBody = z.output<typeof PlayerRgLimitBodySchema>;
export type PlayerRgTimeOutBody = z.output<typeof PlayerRgTimeOutBodySchema>;
