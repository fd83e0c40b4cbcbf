import type { Database } from '../../db/connection.ts';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import type { JobRunner, RunOutcome } from '../../platform/jobs/job-runner.ts';
import type { DepositService } from '../deposit/deposit.service.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { AuditActor, AuditLog } from './audit.service.ts';

type ChannelChange = Parameters<DepositService['updateChannel']>[1];

/** What the audit log keeps of a deposit channel. */
const channelState = (c: {
  name: string;
  enabled: boolean;
  min_amount: number;
  max_amount: number;
  preset_amounts: number[];
}) => ({
  name: c.name,
  enabled: c.enabled,
  minAmount: c.min_amount,
  maxAmount: c.max_amount,
  presetAmounts: c.preset_amounts,
});

/**
 * The operator's settings and sends that are not a section of their own (issue 31: "the CLI's
 * actions are audited too, as the operator who ran them"): a deposit channel's limits and state,
 * the wallet mode, a platform message, and a scheduled job's window run by hand. Each change is
 * made in a transaction that appends its audit entry (who, what, before and after), so the entry
 * exists exactly when the change committed; caches are told after the commit. The CLI acts
 * through these, as the back office will.
 */
export class OperationsService {
  private readonly deps: {
    database: Database;
    audit: AuditLog;
    deposits: DepositService;
    wallet: WalletService;
    messages: MessagesService;
    jobs: JobRunner;
    feed: ChangeFeed;
  };

  constructor(deps: OperationsService['deps']) {
    this.deps = deps;
  }

  /** A deposit channel's name, limits, preset amounts or state (amounts in minor units). */
  async updateDepositChannel(actor: AuditActor, code: string, change: ChannelChange) {
    const { database, audit, deposits } = this.deps;
    const before = (await deposits.operatorChannels()).find((c) => c.code === code);
    const row = await database.db.transaction().execute(async (trx) => {
      const after = await deposits.updateChannel(code, change, trx);
      await audit.append(trx, actor, {
        action: 'deposit.channel.update',
        targetType: 'deposit_channel',
        targetId: code,
        before: before ? channelState(before) : null,
        after: channelState(after),
      });
      return after;
    });
    await deposits.channelChanged(code);
    return row;
  }

  /** One wallet for everything (`single`), or a wallet per vendor. */
  async setWalletMode(actor: AuditActor, single: boolean): Promise<void> {
    const { database, audit, wallet, feed } = this.deps;
    await database.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('wallet_config')
        .select('single_wallet')
        .forUpdate()
        .executeTakeFirst();
      await wallet.setSingleWallet(single, feed, trx);
      await audit.append(trx, actor, {
        action: 'wallet.mode',
        targetType: 'wallet_config',
        before: { mode: row ? (row.single_wallet ? 'single' : 'multi') : null },
        after: { mode: single ? 'single' : 'multi' },
      });
    });
    await wallet.walletConfigChanged(feed);
  }

  /** A platform message to one member or to all, sent and audited in one transaction. */
  sendMessage(actor: AuditActor, input: { to: string; subject: string; body: string }) {
    const { database, audit, messages } = this.deps;
    return database.db.transaction().execute(async (trx) => {
      const sent = await messages.send(input, trx);
      await audit.append(trx, actor, {
        action: 'message.send',
        targetType: 'message_send',
        targetId: sent.sendId,
        after: { to: input.to.trim(), subject: input.subject.trim(), recipients: sent.recipients },
      });
      return sent;
    });
  }

  /**
   * A job's window run by hand. The run is the job's own transaction (its claim of the window and
   * its work, decision 017), so the entry is appended after it with the outcome: `ran`,
   * `done-already` (nothing ran again), `busy` or `failed`.
   */
  async runJobWindow(
    actor: AuditActor,
    name: string,
    window: { start: Date; end: Date },
  ): Promise<RunOutcome> {
    const { jobs, audit } = this.deps;
    const outcome = await jobs.runWindow(name, window.start);
    await audit.record(actor, {
      action: 'job.run',
      targetType: 'job',
      targetId: name,
      after: { windowStart: window.start.toISOString(), windowEnd: window.end.toISOString(), outcome },
    });
    return outcome;
  }
}
