import { redeemStatuses, type RedeemStatus } from '@app/contract';
import type { MallService } from '../modules/points/mall.service.ts';
import { redeemIdOf } from '../modules/points/mall.service.ts';
import { cliActor } from './backoffice-command.ts';

export const POINTS_USAGE = `  points redeems [--status S|ALL] [--user U] [--limit N]
                                          the points mall's redeems of goods (default PROCESS: waiting for a decision)
  points approve <id> [--note T]          approve a redeem in process: the member gets the goods
  points reject <id> --reason T           reject a redeem in process: the points return to the member, the items
                                          to the mall
  points goods                            the mall's goods: cost, amount requirement, stock left
  points goods add --name N --points P --quantity Q [--amount A] [--image URL]
                                          add an item to the mall
  points rate <PRODUCT> <rate>            points one unit of valid bet earns on a product (LIVE, RNG, … or DEPOSIT for
                                          deposits; 0 turns it off), for what settles after`;

export interface PointsOpsServices {
  mall?: MallService;
}

type Usage = (message: string) => Error;

function onlyKnown(named: Map<string, string>, allowed: string[], usage: Usage): void {
  for (const key of named.keys())
    if (!allowed.includes(key))
      throw usage(
        `Unknown option --${key}${allowed.length ? ` (allowed: ${allowed.map((a) => `--${a}`).join(', ')})` : ''}`,
      );
}

function text(named: Map<string, string>, key: string, usage: Usage): string {
  const value = (named.get(key) ?? '').trim();
  if (value.length > 200) throw usage(`--${key} is at most 200 characters`);
  return value;
}

function num(named: Map<string, string>, key: string, usage: Usage, fallback?: number): number {
  const raw = named.get(key);
  if (raw === undefined) {
    if (fallback !== undefined) return fallback;
    throw usage(`--${key} is required`);
  }
  const n = Number(raw);
  if (!raw.trim() || !Number.isFinite(n) || n < 0) throw usage(`--${key} must be a number of 0 or more`);
  return n;
}

/** `npm run ops -- points ...`: the operator's side of the points mall (decision 033), audited. */
export async function runPointsCommand(
  services: PointsOpsServices,
  named: Map<string, string>,
  positional: string[],
  usage: Usage,
  operator = 'unknown',
): Promise<string> {
  const { mall } = services;
  if (!mall) throw usage('The points mall is not available in this mode');
  const actor = cliActor(operator);
  const [action, arg, ...extra] = positional;
  if (extra.length > (action === 'rate' ? 1 : 0)) throw usage(`Unexpected argument "${extra.at(-1)}"`);

  if (action === 'redeems') {
    onlyKnown(named, ['status', 'user', 'limit'], usage);
    if (arg) throw usage('Usage: points redeems [--status S|ALL] [--user U] [--limit N]');
    const status = (named.get('status') ?? 'PROCESS').toUpperCase();
    if (status !== 'ALL' && !(redeemStatuses as readonly string[]).includes(status))
      throw usage(`--status must be one of ${redeemStatuses.join(', ')} or ALL`);
    const limit = num(named, 'limit', usage, 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw usage('--limit is 1 to 100');
    const r = await mall.queue({
      status: status as RedeemStatus | 'ALL',
      username: named.get('user'),
      page: 1,
      size: limit,
    });
    if (!r.list.length) return 'No redeems';
    return [
      `${r.total} redeem(s)`,
      ...r.list.map(
        (x) =>
          `${x.referenceNo}  ${new Date(x.applyTime).toISOString()}  ${x.username}  ${x.goodsName} ×${x.quantity}  ` +
          `${x.changedPoints} points  ${x.status}${x.remark ? `  (${x.remark})` : ''}`,
      ),
    ].join('\n');
  }

  if (action === 'approve' || action === 'reject') {
    onlyKnown(named, action === 'approve' ? ['note'] : ['reason'], usage);
    if (!arg || redeemIdOf(arg) === null)
      throw usage(`Usage: points ${action} <id> (a number or PR… number from "points redeems")`);
    if (action === 'approve') {
      const r = await mall.approve(actor, arg, text(named, 'note', usage));
      return `Redeem ${r.referenceNo} approved: ${r.goodsName} ×${r.quantity}`;
    }
    const reason = text(named, 'reason', usage);
    if (!reason) throw usage('Usage: points reject <id> --reason T (the member sees the reason)');
    const r = await mall.reject(actor, arg, reason);
    return `Redeem ${r.referenceNo} rejected: ${-r.changedPoints} points returned to the member`;
  }

  if (action === 'goods') {
    if (arg === 'add') {
      onlyKnown(named, ['name', 'points', 'quantity', 'amount', 'image'], usage);
      const g = await mall.createGoods(actor, {
        name: text(named, 'name', usage),
        points: num(named, 'points', usage),
        quantity: num(named, 'quantity', usage),
        amount: num(named, 'amount', usage, 0),
        image: named.get('image'),
      });
      return `Added item ${g.id}: ${g.name}, ${g.points} points, ${g.available} available`;
    }
    if (arg) throw usage('Usage: points goods [add --name N --points P --quantity Q]');
    onlyKnown(named, [], usage);
    const list = await mall.allGoods();
    if (!list.length) return 'The mall has no goods';
    return list
      .map(
        (g) =>
          `${g.id}  ${g.name}  ${g.points} points  amount ≥ ${g.amount}  ${g.available}/${g.quantity} left${g.enabled ? '' : '  (off sale)'}`,
      )
      .join('\n');
  }

  if (action === 'rate') {
    onlyKnown(named, [], usage);
    const rate = Number(positional[2]);
    if (!arg || positional[2] === undefined || !Number.isFinite(rate))
      throw usage('Usage: points rate <PRODUCT> <rate> (e.g. points rate DEPOSIT 0.5)');
    const r = await mall.setRate(actor, arg, rate);
    return `Points rate of ${r.product}: ${r.rate}`;
  }

  throw usage(`Unknown points action "${action ?? ''}"\n\n${POINTS_USAGE}`);
}
