import { DepositStatuses, formatMinor, parseAmount, WalletErrors, type DepositStatus } from '@app/contract';
import type { ApprovalsService } from '../modules/backoffice/approvals.service.ts';
import type { OperationsService } from '../modules/backoffice/operations.service.ts';
import { cliActor } from './backoffice-command.ts';
import type { DepositService } from '../modules/deposit/deposit.service.ts';
import type { WalletService } from '../modules/wallet/wallet.service.ts';
import type { ChangeFeed } from '../platform/change-feed.ts';
import { fail } from '../platform/http/errors.ts';

export const MONEY_USAGE = `  deposit list [--status PENDING|SUCCESS|REJECTED|FAILED|CANCELLED|ALL] [--limit N]
                                          list deposit orders (default: pending, oldest first)
  deposit channels                        list the deposit channels with their limits and preset amounts
  deposit channel <code> [--name T] [--min A] [--max A] [--presets A,B,C] [--enabled on|off]
                                          change a channel (amounts in major units)
  deposit approve <id|orderNo> [--note T] a bank transfer arrived: credit the member (exactly once); above
                                          APPROVAL_FOUR_EYES_ABOVE a second, different person approves too
  deposit reject <id|orderNo> [--reason T]
                                          no such transfer arrived: close the order, credit nothing
  ledger check                            re-derive every balance from the postings; exit 1 on a mismatch
  wallet mode [single|multi]              show or set single wallet / one wallet per vendor`;

export interface MoneyServices {
  wallet?: WalletService;
  deposits?: DepositService;
  feed?: ChangeFeed;
  /** The back office's approvals: the CLI approves and rejects through them (four eyes, audit). */
  approvals?: ApprovalsService;
  /** The operator's audited settings: deposit channels and the wallet mode. */
  operations?: OperationsService;
}

type Usage = (message: string) => Error;

function needId(id: string | undefined, usage: Usage, action: string): string {
  if (!id || !/^(\d{1,15}|[A-Za-z0-9]{6,40})$/.test(id))
    throw usage(`Usage: deposit ${action} <id|orderNo> (a number or order number from "deposit list")`);
  return id;
}

/** `npm run ops -- deposit ...`: the operator's review of manual bank transfers. */
export async function runDepositCommand(
  services: MoneyServices,
  named: Map<string, string>,
  positional: string[],
  usage: Usage,
  operator = 'unknown',
): Promise<string> {
  const { deposits, wallet, approvals, operations } = services;
  if (!deposits || !wallet || !approvals || !operations)
    throw usage('Deposits are not available in this mode');
  const [action, id, ...extra] = positional;
  if (extra.length) throw usage(`Unexpected argument "${extra[0]}"`);
  const allowed =
    action === 'list'
      ? ['status', 'limit']
      : action === 'reject'
        ? ['reason']
        : action === 'approve'
          ? ['note']
          : action === 'channel'
            ? ['name', 'min', 'max', 'presets', 'enabled']
            : [];
  for (const key of named.keys())
    if (!allowed.includes(key))
      throw usage(
        `Unknown option --${key}${allowed.length ? ` (allowed: ${allowed.map((a) => `--${a}`).join(', ')})` : ''}`,
      );
  const money = (minor: number) => formatMinor(minor, wallet.currency().precision);
  if (action === 'list') {
    if (id) throw usage('Usage: deposit list [--status S] [--limit N]');
    const rawStatus = (named.get('status') ?? 'PENDING').toUpperCase();
    if (rawStatus !== 'ALL' && !(DepositStatuses as readonly string[]).includes(rawStatus))
      throw usage(`--status must be one of ${DepositStatuses.join(', ')} or ALL`);
    const limitRaw = named.get('limit');
    const limit = limitRaw === undefined ? 50 : Number(limitRaw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      throw usage(`--limit must be a whole number from 1 to 500, got "${limitRaw}"`);
    const rows = await deposits.operatorList({
      ...(rawStatus === 'ALL' ? {} : { status: rawStatus as DepositStatus }),
      limit,
    });
    if (!rows.length)
      return rawStatus === 'ALL' ? 'No deposit orders.' : `No ${rawStatus.toLowerCase()} deposit orders.`;
    return rows
      .map((o) => {
        const head = `${String(o.id).padStart(6)}  ${o.order_no}  ${o.status.padEnd(9)}  ${o.created_at.toISOString()}  ${o.username.padEnd(16)}  ${o.currency} ${money(o.amount).padStart(12)}  ${o.channel_code}`;
        const ref = o.payer_reference ? `\n        reference: ${o.payer_reference}` : '';
        const note = o.note ? `\n        note: ${o.note}` : '';
        return head + ref + note;
      })
      .join('\n');
  }
  if (action === 'channels') {
    if (id) throw usage('Usage: deposit channels');
    const rows = await deposits.operatorChannels();
    return rows
      .map(
        (c) =>
          `${c.code.padEnd(12)} ${c.enabled ? 'on ' : 'off'}  ${c.type.padEnd(15)}  ${money(c.min_amount)} - ${money(c.max_amount)}  presets ${c.preset_amounts.map(money).join(', ')}  ${c.name}${c.bank_account ? `\n             account: ${c.bank_account.bankName}, ${c.bank_account.accountName}, ${c.bank_account.accountNumber}` : ''}`,
      )
      .join('\n');
  }
  if (action === 'channel') {
    if (!id)
      throw usage(
        'Usage: deposit channel <code> [--name T] [--min A] [--max A] [--presets A,B,C] [--enabled on|off]',
      );
    const precision = wallet.currency().precision;
    const amount = (flag: string, raw: string) => {
      const parsed = parseAmount(raw, { precision });
      if (!parsed.ok) throw usage(`--${flag} ${raw}: ${parsed.message}`);
      return parsed.minor;
    };
    const change: Parameters<DepositService['updateChannel']>[1] = {};
    const name = named.get('name');
    if (name !== undefined) {
      if (!name.trim() || name.length > 60) throw usage('--name is 1 to 60 characters');
      change.name = name.trim();
    }
    const min = named.get('min');
    if (min !== undefined) change.minAmount = amount('min', min);
    const max = named.get('max');
    if (max !== undefined) change.maxAmount = amount('max', max);
    const presets = named.get('presets');
    if (presets !== undefined)
      change.presetAmounts = presets
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => amount('presets', p));
    const enabled = named.get('enabled');
    if (enabled !== undefined) {
      if (enabled !== 'on' && enabled !== 'off') throw usage('--enabled is on or off');
      change.enabled = enabled === 'on';
    }
    if (!Object.keys(change).length)
      throw usage('deposit channel needs at least one of --name, --min, --max, --presets, --enabled');
    const c = await operations.updateDepositChannel(cliActor(operator), id.toUpperCase(), change);
    return `Channel ${c.code} (${c.enabled ? 'on' : 'off'}): ${money(c.min_amount)} - ${money(c.max_amount)}, presets ${c.preset_amounts.map(money).join(', ')}.`;
  }
  if (action === 'approve') {
    const note = (named.get('note') ?? '').trim();
    if (note.length > 200) throw usage('--note is at most 200 characters');
    const { outcome, item } = await approvals.approveDeposit(
      cliActor(operator),
      needId(id, usage, 'approve'),
      note,
    );
    const amount = `${item.currency} ${item.amount.toFixed(wallet.currency().precision)}`;
    if (outcome === 'awaiting-second')
      return `Deposit ${item.orderNo} (${amount}): first of two approvals recorded; a second, different person must approve it before it is credited.`;
    return outcome === 'approved'
      ? `Deposit ${item.orderNo} approved: ${amount} credited to member ${item.memberId}.`
      : `Deposit ${item.orderNo} was already approved; nothing credited again.`;
  }
  if (action === 'reject') {
    const reason = (named.get('reason') ?? 'The transfer was not received').trim();
    if (!reason || reason.length > 200) throw usage('--reason is 1 to 200 characters');
    const { item } = await approvals.rejectDeposit(cliActor(operator), needId(id, usage, 'reject'), reason);
    return `Deposit ${item.orderNo} rejected (${reason}). Nothing was credited.`;
  }
  throw usage('Usage: deposit list|channels|channel|approve|reject');
}

/** `npm run ops -- ledger check`. Throws (exit code 1) with the whole report when anything is off. */
export async function runLedgerCommand(
  services: MoneyServices,
  named: Map<string, string>,
  positional: string[],
  usage: Usage,
): Promise<string> {
  const { wallet } = services;
  if (!wallet) throw usage('The ledger is not available in this mode');
  if (positional[0] !== 'check' || positional.length !== 1 || named.size) throw usage('Usage: ledger check');
  const report = await wallet.check();
  const precision = wallet.currency().precision;
  const money = (minor: number) => formatMinor(minor, precision);
  const lines = [
    'Totals per account type (running balance / re-derived from postings):',
    ...report.totals.map(
      (t) =>
        `  ${t.accountType.padEnd(28)} ${t.currency}  ${String(t.accounts).padStart(6)} accounts  ${money(t.balance).padStart(18)}  ${money(t.derived).padStart(18)}${t.balance === t.derived ? '' : '  MISMATCH'}`,
    ),
    `Sum of all postings: ${money(report.total)}${report.total === 0 ? ' (balanced)' : '  MISMATCH: should be 0'}`,
  ];
  for (const d of report.drifted)
    lines.push(
      `MISMATCH account ${d.id} (${d.code ?? `member ${d.member_id} ${d.wallet_type}`}): balance ${money(d.balance)}, postings ${money(d.derived)}`,
    );
  for (const u of report.unbalanced)
    lines.push(
      `MISMATCH transaction ${u.transaction_id}: ${u.postings} postings summing to ${money(u.total)}`,
    );
  for (const n of report.negative)
    lines.push(
      `MISMATCH account ${n.id} (member ${n.member_id} ${n.wallet_type}) is below zero: ${money(n.balance)}`,
    );
  if (!report.ok) {
    lines.push('Ledger check FAILED.');
    throw fail(WalletErrors.ledgerCheckFailed, { message: lines.join('\n') });
  }
  lines.push('Ledger check OK: every balance equals the sum of its postings.');
  return lines.join('\n');
}

/** `npm run ops -- wallet mode [single|multi]`: a change is audited as the operator who ran it. */
export async function runWalletCommand(
  services: MoneyServices,
  named: Map<string, string>,
  positional: string[],
  usage: Usage,
  operator = 'unknown',
): Promise<string> {
  const { wallet, operations } = services;
  if (!wallet || !operations) throw usage('The wallet is not available in this mode');
  if (named.size || positional[0] !== 'mode' || positional.length > 2)
    throw usage('Usage: wallet mode [single|multi]');
  const mode = positional[1];
  if (mode === undefined) {
    const cfg = await wallet.merchantWallet();
    return `Wallet mode: ${cfg.isSingle ? 'single' : 'multi'} (${cfg.wallets.map((w) => `${w.accountTypeId} ${w.name}`).join(', ')}).`;
  }
  if (mode !== 'single' && mode !== 'multi') throw usage('Usage: wallet mode single|multi');
  await operations.setWalletMode(cliActor(operator), mode === 'single');
  return `Wallet mode: ${mode}.`;
}
