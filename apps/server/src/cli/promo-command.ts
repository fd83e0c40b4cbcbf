import { promotionCategories, promotionKinds, wageringBases, type backoffice } from '@app/contract';
import type { BonusService } from '../modules/promotions/bonus.service.ts';
import { cliActor } from './backoffice-command.ts';

export const PROMO_USAGE = `  promo list                              promotions with bonus rules, and the PR/PU notices without
  promo rule <notice id> --kind DEPOSIT_MATCH|RELOAD|FIXED|REQUEST [--category C] [--match PCT] [--cap A]
             [--fixed A] [--min-deposit A] [--wagering X] [--base BONUS|BONUS_DEPOSIT]
             [--contrib LIVE=10,RNG=100,...] [--expiry-hours H] [--new-members yes|no] [--once yes|no]
             [--daily yes|no] [--min-level N] [--exclude-agents a,b] [--starts ISO] [--ends ISO] [--enabled yes|no]
                                          create or replace a promotion's bonus rules (amounts in major units)
  promo requests                          reward requests waiting for a decision
  promo approve <entry id> [--amount A]   approve a reward request: the bonus goes to the member's bonus wallet
  promo reject <entry id> --reason T      reject a reward request (the member reads the reason)
  promo forfeit <grant id> --reason T     forfeit a member's bonus being wagered (back to the house)`;

export interface PromoOpsServices {
  bonus?: BonusService;
}

type Usage = (message: string) => Error;

const RULE_OPTIONS = [
  'kind',
  'category',
  'match',
  'cap',
  'fixed',
  'min-deposit',
  'wagering',
  'base',
  'contrib',
  'expiry-hours',
  'new-members',
  'once',
  'daily',
  'min-level',
  'exclude-agents',
  'starts',
  'ends',
  'enabled',
];

function onlyKnown(named: Map<string, string>, allowed: string[], usage: Usage): void {
  for (const key of named.keys())
    if (!allowed.includes(key))
      throw usage(
        `Unknown option --${key}${allowed.length ? ` (allowed: ${allowed.map((a) => `--${a}`).join(', ')})` : ''}`,
      );
}

function num(named: Map<string, string>, key: string, usage: Usage): number | undefined {
  const raw = named.get(key);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!raw.trim() || !Number.isFinite(n) || n < 0) throw usage(`--${key} must be a number of 0 or more`);
  return n;
}

function yesNo(named: Map<string, string>, key: string, usage: Usage): boolean | undefined {
  const raw = named.get(key)?.toLowerCase();
  if (raw === undefined) return undefined;
  if (raw === 'yes' || raw === 'true') return true;
  if (raw === 'no' || raw === 'false') return false;
  throw usage(`--${key} is yes or no`);
}

function time(named: Map<string, string>, key: string, usage: Usage): number | null {
  const raw = named.get(key);
  if (raw === undefined) return null;
  const t = Date.parse(raw);
  if (!Number.isFinite(t)) throw usage(`--${key} must be a date and time (ISO 8601)`);
  return t;
}

function oneOf<T extends string>(value: string | undefined, list: readonly T[], key: string, usage: Usage) {
  if (value === undefined) return undefined;
  const v = value.toUpperCase();
  if (!(list as readonly string[]).includes(v)) throw usage(`--${key} must be one of ${list.join(', ')}`);
  return v as T;
}

/** `--contrib LIVE=10,RNG=100`: percent of a valid bet that counts, per product. */
function contributions(raw: string | undefined, usage: Usage): Record<string, number> | undefined {
  if (raw === undefined) return undefined;
  const out: Record<string, number> = {};
  for (const part of raw.split(',').filter(Boolean)) {
    const [product, pct] = part.split('=');
    const n = Number(pct);
    if (!product || !/^[A-Za-z_]{2,16}$/.test(product) || !Number.isFinite(n) || n < 0 || n > 100)
      throw usage('--contrib is PRODUCT=PERCENT,... with percents of 0 to 100 (LIVE=10,RNG=100)');
    out[product.toUpperCase()] = n;
  }
  return out;
}

/** `npm run ops -- promo ...`: promotions' bonus rules and reward requests (decision 041), audited. */
export async function runPromoCommand(
  services: PromoOpsServices,
  named: Map<string, string>,
  positional: string[],
  usage: Usage,
  operator = 'unknown',
): Promise<string> {
  const { bonus } = services;
  if (!bonus) throw usage('Promotions are not available in this mode');
  const actor = cliActor(operator);
  const [action, arg, ...extra] = positional;
  if (extra.length) throw usage(`Unexpected argument "${extra.at(-1)}"`);
  const idOf = (what: string) => {
    const n = Number(arg);
    if (!arg || !Number.isInteger(n) || n <= 0) throw usage(`Usage: promo ${action} <${what}>`);
    return n;
  };

  if (action === 'list') {
    onlyKnown(named, [], usage);
    const r = await bonus.rules();
    const lines = r.list.map(
      (p) =>
        `${String(p.id).padStart(5)}  ${p.kind.padEnd(13)} ${p.enabled ? 'on ' : 'off'}  ${p.title}  ` +
        (p.kind === 'FIXED' || p.kind === 'REQUEST'
          ? `bonus ${p.fixedBonus}`
          : `${p.matchPercent}% up to ${p.maxBonus || 'no cap'}, deposit ≥ ${p.minDeposit}`) +
        `  wagering ${p.wageringMultiplier}× ${p.wageringBase === 'BONUS' ? 'bonus' : 'bonus + deposit'}`,
    );
    if (r.without.length)
      lines.push(`Without rules: ${r.without.map((w) => `${w.id} ${w.title}`).join('; ')}`);
    return lines.length ? lines.join('\n') : 'No promotions';
  }

  if (action === 'rule') {
    onlyKnown(named, RULE_OPTIONS, usage);
    const id = idOf('notice id');
    const kind = oneOf(named.get('kind'), promotionKinds, 'kind', usage);
    if (!kind) throw usage(`--kind is required (${promotionKinds.join(', ')})`);
    const body: backoffice.PromotionRuleBody = {
      id,
      kind,
      category: oneOf(named.get('category'), promotionCategories, 'category', usage),
      matchPercent: num(named, 'match', usage),
      maxBonus: num(named, 'cap', usage),
      fixedBonus: num(named, 'fixed', usage),
      minDeposit: num(named, 'min-deposit', usage),
      wageringMultiplier: num(named, 'wagering', usage),
      wageringBase: oneOf(named.get('base'), wageringBases, 'base', usage),
      contributions: contributions(named.get('contrib'), usage),
      expiryHours: num(named, 'expiry-hours', usage),
      newMembersOnly: yesNo(named, 'new-members', usage),
      oncePerMember: yesNo(named, 'once', usage),
      oncePerDay: yesNo(named, 'daily', usage),
      minLevel: num(named, 'min-level', usage),
      excludedAgents: named
        .get('exclude-agents')
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      startsAt: time(named, 'starts', usage),
      endsAt: time(named, 'ends', usage),
      enabled: yesNo(named, 'enabled', usage),
    };
    const saved = await bonus.saveRule(actor, body);
    return `Promotion ${saved.id} (${saved.title}): ${saved.kind} rules saved`;
  }

  if (action === 'requests') {
    onlyKnown(named, [], usage);
    if (arg) throw usage('Usage: promo requests');
    const list = await bonus.requests(100);
    if (!list.length) return 'No reward requests waiting';
    return list
      .map(
        (r) =>
          `${String(r.id).padStart(6)}  ${new Date(r.joinedAt).toISOString()}  ${r.username}  ${r.title}  ` +
          `${r.pictures} picture(s)${r.remark ? `  "${r.remark}"` : ''}`,
      )
      .join('\n');
  }

  if (action === 'approve') {
    onlyKnown(named, ['amount'], usage);
    const r = await bonus.approve(actor, idOf('entry id'), num(named, 'amount', usage));
    return `Reward request ${r.id} approved: ${r.bonus} to ${r.username}'s bonus wallet`;
  }

  if (action === 'reject') {
    onlyKnown(named, ['reason'], usage);
    const id = idOf('entry id');
    const reason = (named.get('reason') ?? '').trim();
    if (!reason) throw usage('Usage: promo reject <entry id> --reason T (the member reads the reason)');
    const r = await bonus.reject(actor, id, reason);
    return `Reward request ${r.id} rejected`;
  }

  if (action === 'forfeit') {
    onlyKnown(named, ['reason'], usage);
    const id = idOf('grant id');
    const reason = (named.get('reason') ?? '').trim();
    if (!reason || reason.length > 200)
      throw usage('Usage: promo forfeit <grant id> --reason T (1 to 200 characters, kept in the audit log)');
    await bonus.forfeitByStaff(actor, null, id, reason);
    return `Bonus ${id} forfeited: back to the house`;
  }

  throw usage(`Usage:\n${PROMO_USAGE}`);
}
