import type { GamesService } from '../modules/games/games.service.ts';
import type { GameLaunchService } from '../modules/games/game-launch.service.ts';
import type { SeamlessWallet } from '../modules/games/seamless-wallet.ts';
import type { GamesBoService } from '../modules/backoffice/games-bo.service.ts';
import { AppError } from '../platform/http/errors.ts';
import { cliActor } from './backoffice-command.ts';

export const GAMES_USAGE = `  games vendor list                       list the game vendors per category with their state
  games vendor <code> on|off              show or hide a vendor (every category of it) and its games
  games vendor <code> maintenance --from <ISO time> [--until <ISO time>]
                                          put a vendor under maintenance for a window
  games vendor <code> maintenance clear   end a vendor's maintenance window
  games game <nodeId> on|off              show or hide one game
  games hot <nodeId> on|off               put a game at the end of the hot list (HOT tab) or take it out
  games new <nodeId> on|off               the same for the new list (NEW tab)
  games room <roomId> on|off              open or close a PvP room (GLS2_roomList)
  games round <vendor> <roundId>          a round's state and its seamless-wallet calls (a house round: its ledger movements)`;

export interface GamesOpsServices {
  games?: GamesService;
  gameLaunch?: GameLaunchService;
  seamlessWallet?: SeamlessWallet;
  /** The back office's games service: every change goes through it, audited as the operator (decision 035). */
  gamesBo?: GamesBoService;
}

/** The service's refusal as a usage error (an unknown vendor or game, a window in the past). */
async function asUsage<T>(work: Promise<T>, usage: (message: string) => Error): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) throw usage(err.message);
    throw err;
  }
}

function isoTime(raw: string, flag: string, usage: (message: string) => Error): Date {
  const at = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(at.getTime()))
    throw usage(`${flag} must be an ISO time such as 2026-12-01T06:00:00Z, got "${raw}"`);
  return at;
}

/** `npm run ops -- games ...`: the operator's switches over the game catalogue. */
export async function runGamesCommand(
  services: GamesOpsServices,
  named: Map<string, string>,
  positional: string[],
  usage: (message: string) => Error,
  operator = 'unknown',
): Promise<string> {
  const { games, gamesBo } = services;
  if (!games || !gamesBo) throw usage('The game catalogue is not available in this mode');
  const actor = cliActor(operator);
  const only = (allowed: string[]) => {
    for (const key of named.keys())
      if (!allowed.includes(key))
        throw usage(
          `Unknown option --${key} (allowed: ${allowed.map((a) => `--${a}`).join(', ') || 'none'})`,
        );
  };
  const [what, target, action, extra, ...more] = positional;
  if (what === 'vendor') {
    if (target === 'list' && action === undefined) {
      only([]);
      const rows = await games.vendorRows();
      return rows
        .map((r) => {
          const window = r.maintenance_from
            ? `  maintenance ${new Date(r.maintenance_from).toISOString()} – ${r.maintenance_until ? new Date(r.maintenance_until).toISOString() : 'open'}`
            : '';
          return `${r.vassalage.padEnd(10)} ${r.game_type.padEnd(8)} ${r.enabled ? 'on ' : 'off'} ${r.is_hot ? 'hot' : '   '} ${String(r.game_count).padStart(5)} games  ${r.display_name}${window}`;
        })
        .join('\n');
    }
    // Vendor codes are upper case (PG, TCG_SEA); an operator typing pg means the same vendor.
    const code = target?.toUpperCase();
    if (!code || !/^[A-Z0-9_]{1,32}$/.test(code))
      throw usage('Usage: games vendor <code> on|off|maintenance');
    if ((action === 'on' || action === 'off') && extra === undefined) {
      only([]);
      await asUsage(gamesBo.setVendorEnabled(actor, code, action === 'on'), () =>
        usage(`Unknown vendor "${code}"; "npm run ops -- games vendor list" shows them`),
      );
      return `Vendor ${code} is ${action}.`;
    }
    if (action === 'maintenance') {
      if (extra === 'clear' && more.length === 0) {
        only([]);
        await asUsage(gamesBo.setVendorMaintenance(actor, code, null, null), () =>
          usage(`Unknown vendor "${code}"`),
        );
        return `Vendor ${code}: maintenance window cleared.`;
      }
      if (extra !== undefined) throw usage(`Unexpected "${[extra, ...more].join(' ')}"`);
      only(['from', 'until']);
      const fromRaw = named.get('from');
      if (!fromRaw)
        throw usage('games vendor <code> maintenance needs --from <ISO time> (and --until for an end)');
      const from = isoTime(fromRaw, '--from', usage);
      const untilRaw = named.get('until');
      const until = untilRaw === undefined ? null : isoTime(untilRaw, '--until', usage);
      if (until && until.getTime() <= from.getTime()) throw usage('--until must be after --from');
      if (until && until.getTime() <= Date.now()) throw usage(`--until ${untilRaw} is in the past`);
      await asUsage(gamesBo.setVendorMaintenance(actor, code, from, until), (m) =>
        usage(m.startsWith('No game vendor') ? `Unknown vendor "${code}"` : m),
      );
      return `Vendor ${code}: maintenance from ${from.toISOString()}${until ? ` until ${until.toISOString()}` : ' (no end time given)'}.`;
    }
    throw usage('Usage: games vendor <code> on|off|maintenance');
  }
  if (what === 'hot' || what === 'new') {
    only([]);
    if (!target || !/^\d{1,12}$/.test(target) || (action !== 'on' && action !== 'off') || extra !== undefined)
      throw usage(`Usage: games ${what} <nodeId> on|off`);
    await asUsage(gamesBo.setListMember(actor, what, target, action === 'on'), () =>
      usage(`Unknown game ${target}`),
    );
    const name = (await gamesBo.page({ q: target, size: 1 })).list.find((g) => g.nodeId === target)?.name;
    return `Game ${target} (${name}) is ${action === 'on' ? what : `no longer ${what}`}.`;
  }
  if (what === 'game') {
    only([]);
    if (!target || !/^\d{1,12}$/.test(target) || (action !== 'on' && action !== 'off') || extra !== undefined)
      throw usage('Usage: games game <nodeId> on|off');
    const game = await asUsage(gamesBo.setGameEnabled(actor, target, action === 'on'), () =>
      usage(`Unknown game ${target}`),
    );
    return `Game ${target} (${game.name}) is ${action}.`;
  }
  if (what === 'room') {
    only([]);
    if (!services.gameLaunch) throw usage('The PvP rooms are not available in this mode');
    if (
      !target ||
      !/^[A-Za-z0-9_-]{1,64}$/.test(target) ||
      (action !== 'on' && action !== 'off') ||
      extra !== undefined
    )
      throw usage('Usage: games room <roomId> on|off');
    if (!(await gamesBo.setRoomEnabled(actor, target, action === 'on')))
      throw usage(`Unknown room "${target}"; GLS2_roomList lists them`);
    return `Room ${target} is ${action === 'on' ? 'open' : 'closed'}.`;
  }
  if (what === 'round') {
    only([]);
    if (!services.seamlessWallet) throw usage('The seamless wallet is not available in this mode');
    const vendor = target?.toUpperCase();
    if (!vendor || !/^[A-Z0-9_]{1,32}$/.test(vendor) || !action || extra !== undefined)
      throw usage('Usage: games round <vendor> <roundId>');
    const round = await services.seamlessWallet.roundDetail(vendor, action);
    if (!round) throw usage(`No round "${action}" of vendor ${vendor}`);
    const lines = [
      `Round ${vendor}:${action}  ${round.status}${round.free_play ? ' (free play)' : ''}  member ${round.username} (#${round.member_id})`,
      `  ${round.product} ${round.game_code}  stake ${round.stake}  payout ${round.payout} (minor units)  opened ${new Date(round.opened_at).toISOString()}${round.settled_at ? `  settled ${new Date(round.settled_at).toISOString()}` : ''}`,
      ...round.calls.map(
        (c) =>
          `  ${new Date(c.created_at).toISOString()}  ${c.kind.padEnd(8)} ${c.tx_id}  ${String(c.amount).padStart(8)}  ledger ${c.ledger_transaction_id ?? '-'}  balance after ${c.balance_after ?? '-'}${c.rolled_back_by ? `  rolled back by ${c.rolled_back_by}` : ''}`,
      ),
    ];
    return lines.join('\n');
  }
  throw usage(
    'Usage: games vendor list|<code> ...; games game|hot|new <nodeId> on|off; games room <roomId> on|off; games round <vendor> <roundId>',
  );
}
