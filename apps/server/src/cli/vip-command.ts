import {
  betProducts,
  missionKinds,
  missionPeriods,
  parseAmount,
  type MissionKind,
  type MissionPeriod,
} from '@app/contract';
import type { VipService } from '../modules/vip/vip.service.ts';
import type { MissionService } from '../modules/vip/missions.service.ts';
import type { WalletService } from '../modules/wallet/wallet.service.ts';
import { cliActor } from './backoffice-command.ts';

export const VIP_USAGE = `  vip levels                              the VIP ladder: rank, label, deposits and valid bets over the window, reward
  vip level <rank> --label L --deposit A --valid-bet A [--reward A]
                                          add or change a rank (amounts in major units over the window; the reward is
                                          cash, credited once the first time a member reaches the rank)
  vip level remove <rank>                 remove a rank (members on it move at the next level run)
  vip window <days>                       the rolling window of report days the levels are computed over (1-92)
  vip service --name N --path URL|off     the VIP customer service, used for members above rank 4 (HD-04)
  vip recompute                           apply the levels now (the vip.levels job's work; safe to run again)
  mission list                            the missions: kind, target, period, reward, on or off
  mission add --title T --kind BET|DEPOSIT|LOGIN --target N --period DAILY|WEEKLY|MONTHLY --reward A [--product P]
                                          define a mission (BET and DEPOSIT targets in major units, LOGIN in days;
                                          BET on one product or, without --product, on all)
  mission on|off <id>                     turn a mission on or off
  mission settle                          pay the completed missions now (the missions.settle job's work; safe to run
                                          again)`;

export interface VipOpsServices {
  vip?: VipService;
  missions?: MissionService;
  wallet?: WalletService;
}

type Usage = (message: string) => Error;

function onlyKnown(named: Map<string, string>, allowed: string[], usage: Usage): void {
  for (const key of named.keys())
    if (!allowed.includes(key))
      throw usage(
        `Unknown option --${key}${allowed.length ? ` (allowed: ${allowed.map((a) => `--${a}`).join(', ')})` : ''}`,
      );
}

function whole(raw: string | undefined, what: string, usage: Usage): number {
  const n = Number(raw);
  if (raw === undefined || !/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n))
    throw usage(`${what} is a whole number, got "${raw ?? ''}"`);
  return n;
}

/** `npm run ops -- vip ...` and `mission ...`: the VIP ladder and missions (decision 042), audited. */
export async function runVipCommand(
  group: 'vip' | 'mission',
  services: VipOpsServices,
  named: Map<string, string>,
  positional: string[],
  usage: Usage,
  operator = 'unknown',
): Promise<string> {
  const { vip, missions, wallet } = services;
  if (!vip || !missions || !wallet) throw usage('VIP levels and missions are not available in this mode');
  const actor = cliActor(operator);
  const precision = wallet.currency().precision;
  const major = (minor: number) => (minor / 10 ** precision).toFixed(precision);
  const amount = (key: string, required: boolean): number => {
    const raw = named.get(key);
    if (raw === undefined) {
      if (required) throw usage(`--${key} is required`);
      return 0;
    }
    if (raw.trim() === '0') return 0;
    const p = parseAmount(raw, { precision });
    if (!p.ok) throw usage(`--${key}: ${p.message}`);
    return p.minor;
  };
  const [action, arg, ...extra] = positional;
  if (extra.length > (action === 'level' && arg === 'remove' ? 1 : 0))
    throw usage(`Unexpected argument "${extra.at(-1)}"`);

  if (group === 'vip') {
    if (action === 'levels') {
      onlyKnown(named, [], usage);
      const [ladder, days] = await Promise.all([vip.ladder(), vip.windowDays()]);
      return [
        `Window: ${days} report days`,
        ...ladder.map(
          (l) =>
            `${String(l.rank).padStart(2)}  ${l.label.padEnd(12)}  deposits ≥ ${major(l.deposit)}  valid bets ≥ ${major(l.validBet)}  reward ${major(l.reward)}`,
        ),
      ].join('\n');
    }
    if (action === 'level') {
      if (arg === 'remove') {
        onlyKnown(named, [], usage);
        const rank = whole(positional[2], 'The rank', usage);
        await vip.removeLevel(actor, rank);
        return `Rank ${rank} removed.`;
      }
      onlyKnown(named, ['label', 'deposit', 'valid-bet', 'reward'], usage);
      const rank = whole(arg, 'The rank', usage);
      const label = named.get('label');
      if (!label) throw usage('Usage: vip level <rank> --label L --deposit A --valid-bet A [--reward A]');
      const l = await vip.setLevel(actor, {
        rank,
        label,
        deposit: amount('deposit', true),
        validBet: amount('valid-bet', true),
        reward: amount('reward', false),
      });
      return `Rank ${l.rank} ${l.label}: deposits ≥ ${major(l.deposit)}, valid bets ≥ ${major(l.validBet)}, reward ${major(l.reward)}.`;
    }
    if (action === 'window') {
      onlyKnown(named, [], usage);
      const days = whole(arg, 'The window', usage);
      await vip.setWindow(actor, days);
      return `The VIP window is ${days} report days.`;
    }
    if (action === 'service') {
      onlyKnown(named, ['name', 'path'], usage);
      if (arg === 'off' || named.get('path') === 'off') {
        await vip.setService(actor, null);
        return 'No VIP customer service: every member gets the live chat.';
      }
      const name = named.get('name');
      const path = named.get('path');
      if (arg || !name || !path) throw usage('Usage: vip service --name N --path URL (or vip service off)');
      await vip.setService(actor, { name, path });
      return `VIP customer service: ${name} (${path}).`;
    }
    if (action === 'recompute') {
      onlyKnown(named, [], usage);
      const r = await vip.recomputeNow();
      if (r.busy) return 'A level run is going on another instance: nothing done.';
      return `Levels applied: ${r.checked} member(s) looked at, ${r.changed} changed, ${r.rewarded} reward(s) credited.`;
    }
    throw usage(`Unknown vip action "${action ?? ''}"\n\n${VIP_USAGE}`);
  }

  if (action === 'list') {
    onlyKnown(named, [], usage);
    const list = await missions.all();
    if (!list.length) return 'No missions';
    return list
      .map(
        (m) =>
          `${m.id}  ${m.active ? 'ON ' : 'OFF'}  ${m.title}  ${m.kind}${m.product ? ` ${m.product}` : ''}  ` +
          `target ${m.kind === 'LOGIN' ? `${m.target} day(s)` : major(Number(m.target))}  ${m.period}  reward ${major(Number(m.reward))}`,
      )
      .join('\n');
  }
  if (action === 'add') {
    onlyKnown(named, ['title', 'kind', 'target', 'period', 'reward', 'product'], usage);
    const kind = (named.get('kind') ?? '').toUpperCase();
    const period = (named.get('period') ?? '').toUpperCase();
    if (!(missionKinds as readonly string[]).includes(kind))
      throw usage(`--kind is one of ${missionKinds.join(', ')}`);
    if (!(missionPeriods as readonly string[]).includes(period))
      throw usage(`--period is one of ${missionPeriods.join(', ')}`);
    const product = (named.get('product') ?? '').toUpperCase();
    if (product && !(betProducts as readonly string[]).includes(product))
      throw usage(`--product is one of ${betProducts.join(', ')}`);
    const title = named.get('title');
    if (!title) throw usage('--title is required');
    const target =
      kind === 'LOGIN' ? whole(named.get('target'), '--target (days)', usage) : amount('target', true);
    const m = await missions.define(actor, {
      title,
      kind: kind as MissionKind,
      period: period as MissionPeriod,
      product,
      target,
      reward: amount('reward', true),
    });
    return `Mission ${m.id} added: ${m.title}.`;
  }
  if (action === 'on' || action === 'off') {
    onlyKnown(named, [], usage);
    const id = whole(arg, 'The mission id', usage);
    const m = await missions.setActive(actor, id, action === 'on');
    return `Mission ${m.id} is ${m.active ? 'on' : 'off'}.`;
  }
  if (action === 'settle') {
    onlyKnown(named, [], usage);
    const r = await missions.settleNow();
    if (r.busy) return 'A settlement is going on another instance: nothing done.';
    return `Missions settled: ${r.missions} mission(s) looked at, ${r.rewarded} reward(s) credited.`;
  }
  throw usage(`Unknown mission action "${action ?? ''}"\n\n${VIP_USAGE}`);
}
