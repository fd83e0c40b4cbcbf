import { z } from 'zod';
import type { ErrorDef } from '../errors.ts';
import { defineBoCall, type BoCallDef } from './calls.ts';

/**
 * The back office's Games section (issue 31, decision 035): the game vendors and the games of the
 * catalogue (about 10,000) switched on and off, a vendor's maintenance window, and the hot and new
 * lists (add, remove, order). Every call needs `game.manage`; every change is audited with the
 * state before and after, and reaches the players' lobbies through the change feed (decision 003),
 * exactly as the operator CLI's `games` commands, which act through the same service.
 *
 * Times are epoch milliseconds. A game is named by its `nodeId` (the id the player's client sends).
 */

export const GamesBoErrors = {
  boVendorNotFound: { code: 'bo.game.vendor.not.found', status: 404, message: 'No such game vendor' },
  boGameNotFound: { code: 'bo.game.not.found', status: 404, message: 'No such game' },
  boMaintenanceWindow: {
    code: 'bo.game.maintenance.window',
    status: 422,
    message: 'The maintenance window must end after it starts, and in the future',
  },
  boListFull: { code: 'bo.game.list.full', status: 409, message: 'A list holds at most 2000 games' },
  boListOrder: {
    code: 'bo.game.list.order',
    status: 409,
    message: 'The order must name every game of the list once: reload the list and order it again',
  },
} as const satisfies Record<string, ErrorDef>;

/** The lists an operator keeps by hand: the lobby's HOT tab and hot list, and its NEW tab. */
export const gameLists = ['hot', 'new'] as const;
export type GameList = (typeof gameLists)[number];

/** A vendor code (vassalage): upper case, as stored; a lower-case one means the same vendor. */
export const VendorCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_]{1,32}$/, 'a vendor code: letters, digits and underscores');
export const NodeIdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}$/, 'a game node id: digits');
/** Epoch milliseconds. */
const instant = z.number().int().min(0).max(8.64e15);

export const GameVendorSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  /** The vendor's categories (RNG, FISH, LIVE, ...), each a row of the lobby. */
  categories: z.array(z.object({ gameType: z.string(), enabled: z.boolean(), games: z.number().int() })),
  /** On when any of its categories is on (the switch turns them all together). */
  enabled: z.boolean(),
  /** Games of the vendor switched on, in every category. */
  games: z.number().int(),
  maintenanceFrom: z.number().nullable(),
  /** Null with a `maintenanceFrom`: open-ended. */
  maintenanceUntil: z.number().nullable(),
  /** The window holds now: the player's launch is refused with the window and suggestions. */
  underMaintenance: z.boolean(),
});
export type GameVendor = z.infer<typeof GameVendorSchema>;

export const GameVendorsSchema = z.object({ list: z.array(GameVendorSchema) });

export const VendorEnableBodySchema = z.object({ vassalage: VendorCodeSchema, enabled: z.boolean() });

export const VendorMaintenanceBodySchema = z.object({
  vassalage: VendorCodeSchema,
  /** Both null: the window is cleared. `from` may be now or later; `until` null: no end time. */
  from: instant.nullable(),
  until: instant.nullable(),
});

export const GamesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
  /** A part of the game's name in any language, or its node id or game code. */
  q: z.string().trim().min(1).max(64).optional(),
  vassalage: VendorCodeSchema.optional(),
  /** The product (the game's category: RNG, FISH, LIVE, PVP, ...). */
  gameType: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z_]{1,16}$/)
    .optional(),
  enabled: z.enum(['true', 'false']).optional(),
  /** Only the games of the hot or the new list. */
  list: z.enum(gameLists).optional(),
});
export type GamesQuery = z.input<typeof GamesQuerySchema>;

export const BoGameSchema = z.object({
  nodeId: z.string(),
  gameId: z.string(),
  /** The English name (another language's when it has none). */
  name: z.string(),
  vassalage: z.string(),
  gameType: z.string(),
  enabled: z.boolean(),
  /** The vendor (in this category) is switched on: a game of a vendor switched off is not listed either way. */
  vendorEnabled: z.boolean(),
  hot: z.boolean(),
  new: z.boolean(),
  /** Return to player, percent. */
  rtp: z.number().nullable(),
});
export type BoGame = z.infer<typeof BoGameSchema>;

export const GamesPageSchema = z.object({
  list: z.array(BoGameSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

export const GameEnableBodySchema = z.object({ nodeId: NodeIdSchema, enabled: z.boolean() });

export const GameListQuerySchema = z.object({ list: z.enum(gameLists) });

export const GameListSchema = z.object({
  list: z.enum(gameLists),
  /** In the order the lobby shows them. */
  games: z.array(BoGameSchema),
});

export const GameListMemberBodySchema = z.object({
  list: z.enum(gameLists),
  nodeId: NodeIdSchema,
  /** true adds the game at the end of the list, false takes it out. */
  member: z.boolean(),
});

export const GameListOrderBodySchema = z.object({
  list: z.enum(gameLists),
  /** Every game of the list, once each, in the new order. */
  nodeIds: z.array(NodeIdSchema).min(1).max(2000),
});

export const boGameVendors = defineBoCall({
  id: 'boGameVendors',
  method: 'GET',
  path: '/bo/api/games/vendors',
  access: 'game.manage',
  summary:
    'The game vendors, switched-off ones too, with their categories, game counts and maintenance window',
  response: GameVendorsSchema,
});

export const boGameVendorEnable = defineBoCall({
  id: 'boGameVendorEnable',
  method: 'POST',
  path: '/bo/api/games/vendors/enable',
  access: 'game.manage',
  summary: 'Switches a vendor (every category of it) and so its games on or off for the players',
  body: VendorEnableBodySchema,
  response: GameVendorSchema,
});

export const boGameVendorMaintenance = defineBoCall({
  id: 'boGameVendorMaintenance',
  method: 'POST',
  path: '/bo/api/games/vendors/maintenance',
  access: 'game.manage',
  summary: "Sets or clears a vendor's maintenance window (its games refuse a launch inside it)",
  body: VendorMaintenanceBodySchema,
  response: GameVendorSchema,
});

export const boGames = defineBoCall({
  id: 'boGames',
  method: 'GET',
  path: '/bo/api/games',
  access: 'game.manage',
  summary:
    'The catalogue, a page, in list order: search by name or id, filter by vendor, product, on/off, list',
  query: GamesQuerySchema,
  response: GamesPageSchema,
});

export const boGameEnable = defineBoCall({
  id: 'boGameEnable',
  method: 'POST',
  path: '/bo/api/games/enable',
  access: 'game.manage',
  summary: 'Switches one game on or off for the players',
  body: GameEnableBodySchema,
  response: BoGameSchema,
});

export const boGameList = defineBoCall({
  id: 'boGameList',
  method: 'GET',
  path: '/bo/api/games/list',
  access: 'game.manage',
  summary: 'The hot or the new list, in the order the lobby shows it',
  query: GameListQuerySchema,
  response: GameListSchema,
});

export const boGameListMember = defineBoCall({
  id: 'boGameListMember',
  method: 'POST',
  path: '/bo/api/games/list/member',
  access: 'game.manage',
  summary: 'Adds a game to the end of the hot or new list, or takes it out',
  body: GameListMemberBodySchema,
  response: GameListSchema,
});

export const boGameListOrder = defineBoCall({
  id: 'boGameListOrder',
  method: 'POST',
  path: '/bo/api/games/list/order',
  access: 'game.manage',
  summary: 'Orders the hot or new list: every game of it, once each, in the new order',
  body: GameListOrderBodySchema,
  response: GameListSchema,
});

export const gamesCalls: readonly BoCallDef[] = [
  boGameVendors,
  boGameVendorEnable,
  boGameVendorMaintenance,
  boGames,
  boGameEnable,
  boGameList,
  boGameListMember,
  boGameListOrder,
];
