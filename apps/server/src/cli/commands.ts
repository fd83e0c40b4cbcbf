import {
  announcementAudiences,
  announcementTypes,
  backoffice,
  type AnnouncementAudience,
} from '@app/contract';
import { AppError } from '../platform/http/errors.ts';
import type { SystemService } from '../modules/system/system.service.ts';
import type { NoticesService } from '../modules/notices/notices.service.ts';
import type { ContentService } from '../modules/backoffice/content-bo.service.ts';
import type { Outbox } from '../platform/outbox/outbox.ts';
import { OUTBOX_USAGE, runOutboxCommand } from './outbox-command.ts';
import { MESSAGE_USAGE, runMessageCommand, type MessageOpsServices } from './message-command.ts';
import { GAMES_USAGE, runGamesCommand, type GamesOpsServices } from './games-command.ts';
import { runStatusCommand, runSwitchCommand, SITE_USAGE, type SiteOpsServices } from './site-command.ts';
import { LOTTERY_USAGE, runLotteryCommand, type LotteryOpsServices } from './lottery-command.ts';
import { CONTRACT_USAGE, runContractCommand, type ContractOpsServices } from './contract-command.ts';
import { POINTS_USAGE, runPointsCommand, type PointsOpsServices } from './points-command.ts';
import { PROMO_USAGE, runPromoCommand, type PromoOpsServices } from './promo-command.ts';
import { runVipCommand, VIP_USAGE, type VipOpsServices } from './vip-command.ts';
import {
  runJobsCommand,
  runWithdrawCommand,
  WITHDRAW_USAGE,
  type WithdrawOpsServices,
} from './withdraw-command.ts';
import {
  MONEY_USAGE,
  runDepositCommand,
  runLedgerCommand,
  runWalletCommand,
  type MoneyServices,
} from './money-commands.ts';
import {
  BACKOFFICE_USAGE,
  cliActor,
  runAuditCommand,
  runStaffCommand,
  type BackofficeOpsServices,
} from './backoffice-command.ts';

/** The services an operator command acts through (the same ones the routes use). */
export interface OpsServices
  extends
    MoneyServices,
    WithdrawOpsServices,
    MessageOpsServices,
    GamesOpsServices,
    SiteOpsServices,
    LotteryOpsServices,
    ContractOpsServices,
    PointsOpsServices,
    PromoOpsServices,
    VipOpsServices,
    BackofficeOpsServices {
  system: SystemService;
  notices: NoticesService;
  /** The back office's content service: the CLI's notice writes go through it, audited (decision 036). */
  content: ContentService;
  outbox?: Outbox;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `Usage: npm run ops -- <command>

${SITE_USAGE}
  notice add --title T --html H [--type PL] [--execution B|L|G] [--audience all|agents]
                                          publish an announcement (types B, PL, PU, PR, H); --audience agents
                                          shows it in the agent centre only, never to players or guests
  notice list                             list the active announcements (AGENTS marks the agents' ones)
  notice remove <id>                      withdraw an announcement
${OUTBOX_USAGE}
${MESSAGE_USAGE}
${MONEY_USAGE}
${WITHDRAW_USAGE}
${GAMES_USAGE}
${LOTTERY_USAGE}
${CONTRACT_USAGE}
${POINTS_USAGE}
${PROMO_USAGE}
${VIP_USAGE}
${BACKOFFICE_USAGE}`;

function flags(args: string[]): { positional: string[]; named: Map<string, string> } {
  const positional: string[] = [];
  const named = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) named.set(a.slice(2, eq), a.slice(eq + 1));
      else {
        const value = args[i + 1];
        if (value === undefined || value.startsWith('--')) throw new UsageError(`${a} needs a value`);
        named.set(a.slice(2), value);
        i++;
      }
    } else positional.push(a);
  }
  return { positional, named };
}

function onlyKnown(named: Map<string, string>, allowed: string[]): void {
  for (const key of named.keys()) {
    if (!allowed.includes(key))
      throw new UsageError(
        `Unknown option --${key}${allowed.length ? ` (allowed: ${allowed.map((a) => `--${a}`).join(', ')})` : ''}`,
      );
  }
}

/**
 * Runs one operator command; returns the text to print. Throws UsageError for bad arguments.
 * `operator` is the operating-system user who ran the CLI: what the audit log records as the actor.
 */
export async function runOpsCommand(
  services: OpsServices,
  argv: string[],
  operator = 'unknown',
): Promise<string> {
  const [group, ...rest] = argv;
  const { positional, named } = flags(rest);
  switch (group) {
    case 'status':
      return runStatusCommand(services, named, positional, operator, (m) => new UsageError(m));
    case 'switch':
      return runSwitchCommand(services, named, positional, operator, (m) => new UsageError(m));
    case 'notice': {
      const [action, id] = positional;
      if (action === 'add') {
        onlyKnown(named, ['title', 'html', 'type', 'execution', 'audience']);
        const title = named.get('title')?.trim();
        const html = named.get('html');
        const type = (named.get('type') ?? 'PL').toUpperCase();
        const execution = (named.get('execution') ?? 'B').toUpperCase();
        const audience = (named.get('audience') ?? 'ALL').toUpperCase();
        if (!title) throw new UsageError('notice add needs --title');
        if (title.length > 200) throw new UsageError('--title is at most 200 characters');
        if (!html) throw new UsageError('notice add needs --html');
        if (html.length > 100_000) throw new UsageError('--html is at most 100000 characters');
        if (!(announcementTypes as readonly string[]).includes(type))
          throw new UsageError(`--type must be one of ${announcementTypes.join(', ')}`);
        if (!['B', 'L', 'G'].includes(execution))
          throw new UsageError('--execution must be B (everyone), L (logged in) or G (guests)');
        if (!(announcementAudiences as readonly string[]).includes(audience))
          throw new UsageError('--audience must be all (everyone) or agents (the agent centre only)');
        const { id: newId } = await services.content.createNotice(cliActor(operator), {
          type,
          title,
          content: html,
          execution: execution as 'B' | 'L' | 'G',
          audience: audience as AnnouncementAudience,
          publish: true,
        });
        return `Notice ${newId} published${audience === 'AGENTS' ? ' for agents' : ''}.`;
      }
      if (action === 'list') {
        onlyKnown(named, []);
        const rows = await services.notices.listAll();
        if (!rows.length) return 'No active notices.';
        return rows
          .map(
            (n) =>
              `${String(n.id).padStart(5)}  ${n.type.padEnd(2)}  ${new Date(n.date).toISOString()}  ${n.audience === 'AGENTS' ? 'AGENTS  ' : ''}${n.title}`,
          )
          .join('\n');
      }
      if (action === 'remove') {
        onlyKnown(named, []);
        const n = Number(id);
        if (!id || !Number.isInteger(n) || n <= 0)
          throw new UsageError('Usage: notice remove <id> (a notice number from "notice list")');
        const removed = await services.content.deleteNotice(cliActor(operator), n).then(
          () => true,
          (e: unknown) => {
            if (e instanceof AppError && e.error === backoffice.ContentErrors.boContentNotFound) return false;
            throw e;
          },
        );
        if (!removed) throw new UsageError(`No active notice ${n}`);
        return `Notice ${n} removed.`;
      }
      throw new UsageError('Usage: notice add|list|remove');
    }
    case 'outbox':
      return runOutboxCommand(services.outbox, named, positional, (m) => new UsageError(m));
    case 'message':
      return runMessageCommand(services, named, positional, (m) => new UsageError(m), operator);
    case 'deposit':
      return runDepositCommand(services, named, positional, (m) => new UsageError(m), operator);
    case 'ledger':
      return runLedgerCommand(services, named, positional, (m) => new UsageError(m));
    case 'wallet':
      return runWalletCommand(services, named, positional, (m) => new UsageError(m), operator);
    case 'withdraw':
      return runWithdrawCommand(services, named, positional, (m) => new UsageError(m), operator);
    case 'games':
      return runGamesCommand(services, named, positional, (m) => new UsageError(m), operator);
    case 'lottery':
      return runLotteryCommand(services, named, positional, (m) => new UsageError(m), operator);
    case 'contracts':
      return runContractCommand(services, named, positional, (m) => new UsageError(m), operator);
    case 'points':
      return runPointsCommand(services, named, positional, (m) => new UsageError(m), operator);
    case 'promo':
      return runPromoCommand(services, named, positional, (m) => new UsageError(m), operator);
    case 'vip':
    case 'mission':
      return runVipCommand(group, services, named, positional, (m) => new UsageError(m), operator);
    case 'jobs':
      return runJobsCommand(services, named, positional, (m) => new UsageError(m), operator);
    case 'staff':
      return runStaffCommand(services, named, positional, operator, (m) => new UsageError(m));
    case 'audit':
      return runAuditCommand(services, named, positional, (m) => new UsageError(m));
    case undefined:
    case 'help':
    case '--help':
      return USAGE;
    default:
      throw new UsageError(`Unknown command "${group}"\n\n${USAGE}`);
  }
}
