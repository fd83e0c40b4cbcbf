import { Errors, RECORDS_EXPORT_MAX_ROWS, type RecordExportKind } from '@app/contract';
import { fail } from '../../platform/http/errors.ts';
import type { RecordsService } from './records.service.ts';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Text that a spreadsheet would run as a formula (= + - @, tab, carriage return first) gets a
 * leading apostrophe (OWASP CSV injection): a memo is operator or vendor text, not ours.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  let text = value;
  // A plain number (an amount we formatted) is data, not a formula.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLines(header: string[], rows: (string | number)[][]): string {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** yyyy-MM-dd HH:mm:ss in the given IANA time zone. */
export function timeFormatter(timeZone: string): (ms: number) => string {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    throw fail(Errors.invalidInput, { message: `Unknown time zone "${timeZone}"` });
  }
  return (ms) => {
    const p = Object.fromEntries(fmt.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  };
}

export interface ExportQuery {
  kind: RecordExportKind;
  startTime?: number | undefined;
  endTime?: number | undefined;
  product?: 'LOTT' | 'ELOTT' | 'LIVE' | 'RNG' | 'FISH' | 'PVP' | 'SPORTS' | 'ESPORTS' | 'BINGO' | undefined;
  status?: 'PENDING' | 'SETTLED' | 'CANCELLED' | undefined;
  type?:
    'DEPOSIT' | 'WITHDRAW' | 'TRANSFER' | 'BET' | 'PAYOUT' | 'BONUS' | 'ADJUSTMENT' | 'OTHER' | undefined;
  bonusKind?: string | undefined;
  timeZone?: string | undefined;
}

const fileNames: Record<RecordExportKind, string> = {
  bets: 'betting-records',
  account: 'account-records',
  profit: 'profit-and-loss',
  bonus: 'bonus-details',
};

/**
 * The caller's records as a CSV file: the same query, filters and range as the page, every row
 * of the range (not one page), at most RECORDS_EXPORT_MAX_ROWS.
 */
export async function buildRecordsCsv(
  records: RecordsService,
  memberId: number,
  q: ExportQuery,
  precision: number,
): Promise<{ filename: string; body: string }> {
  const time = timeFormatter(q.timeZone ?? 'UTC');
  const money = (n: number) => n.toFixed(precision);
  const all = { page: 1, size: RECORDS_EXPORT_MAX_ROWS + 1 };
  const tooMany = (n: number) => {
    if (n > RECORDS_EXPORT_MAX_ROWS)
      throw fail(Errors.invalidInput, {
        message: `An export holds at most ${RECORDS_EXPORT_MAX_ROWS} rows; choose a shorter date range`,
      });
  };
  let header: string[];
  let rows: (string | number)[][];
  let range: { startTime: number; endTime: number };
  switch (q.kind) {
    case 'bets': {
      const res = await records.bets(memberId, { ...q, ...all });
      tooMany(res.content.length);
      range = res;
      header = [
        'Bet time',
        'Bet no.',
        'Product',
        'Vendor',
        'Game',
        'Bet',
        'Valid bet',
        'Payout',
        'Win/loss',
        'Status',
        'Settled',
      ];
      rows = res.content.map((b) => [
        time(b.betTime),
        b.betNo,
        b.product,
        b.vendor,
        b.gameName,
        money(b.betAmount),
        money(b.validBet),
        money(b.payout),
        money(b.winLoss),
        b.status,
        b.settleTime ? time(b.settleTime) : '',
      ]);
      break;
    }
    case 'account': {
      const res = await records.account(memberId, { ...q, ...all });
      tooMany(res.content.length);
      range = res;
      header = ['Time', 'Reference', 'Type', 'Kind', 'Wallet', 'Amount', 'Balance after', 'Memo', 'Status'];
      rows = res.content.map((p) => [
        time(p.time),
        p.reference,
        p.type,
        p.kind,
        p.walletType,
        money(p.amount),
        money(p.balanceAfter),
        p.memo,
        p.status ?? '',
      ]);
      break;
    }
    case 'profit': {
      const res = await records.profitLoss(memberId, q);
      range = res;
      header = ['Product', 'Bets', 'Bet amount', 'Valid bet', 'Payout', 'Win/loss'];
      rows = res.products.map((p) => [
        p.product,
        p.betCount,
        money(p.betAmount),
        money(p.validBet),
        money(p.payout),
        money(p.winLoss),
      ]);
      const t = res.totals;
      rows.push([
        'TOTAL',
        t.betCount,
        money(t.betAmount),
        money(t.validBet),
        money(t.payout),
        money(t.winLoss),
      ]);
      rows.push([], ['Deposits', '', money(t.deposit)], ['Withdrawals', '', money(t.withdraw)]);
      rows.push(['Bonuses', '', money(t.bonus)], ['Profit', '', money(t.profit)]);
      break;
    }
    case 'bonus': {
      const res = await records.bonus(memberId, { ...q, ...all, kind: q.bonusKind });
      tooMany(res.content.length);
      range = res;
      header = ['Time', 'Reference', 'Kind', 'Amount', 'Memo'];
      rows = res.content.map((b) => [time(b.time), b.reference, b.kind, money(b.amount), b.memo]);
      break;
    }
  }
  const day = (ms: number) => time(ms).slice(0, 10).replace(/-/g, '');
  return {
    filename: `${fileNames[q.kind]}-${day(range.startTime)}-${day(range.endTime - 1)}.csv`,
    body: csvLines(header, rows),
  };
}
