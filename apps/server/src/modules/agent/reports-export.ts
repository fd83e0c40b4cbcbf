import {
  Errors,
  RECORDS_EXPORT_MAX_ROWS,
  RECORDS_MAX_PAGE_SIZE,
  type AgentReportExport,
} from '@app/contract';
import { fail } from '../../platform/http/errors.ts';
import { csvLines, timeFormatter } from '../records/records-export.ts';
import type { AgentReportsService, DayRangeQuery, TimeRangeQuery } from './reports.service.ts';

export interface AgentExportQuery extends DayRangeQuery, TimeRangeQuery {
  report: AgentReportExport;
  username?: string | undefined;
  product?: string | undefined;
  status?: 'PENDING' | 'SETTLED' | 'CANCELLED' | undefined;
  type?:
    'DEPOSIT' | 'WITHDRAW' | 'TRANSFER' | 'BET' | 'PAYOUT' | 'BONUS' | 'ADJUSTMENT' | 'OTHER' | undefined;
  kind?: string | undefined;
  filterEmpty?: boolean | undefined;
  timeZone?: string | undefined;
}

const fileNames: Record<AgentReportExport, string> = {
  bets: 'team-betting',
  profitLoss: 'user-profit-and-loss',
  income: 'my-income',
  transactions: 'transaction-details',
};

/**
 * One agent report as a CSV file (the records' CSV rules: RFC 4180, formula guard, UTF-8 mark):
 * the same query and scope as the page, every row of it, at most RECORDS_EXPORT_MAX_ROWS.
 */
export async function buildAgentReportCsv(
  reports: AgentReportsService,
  agentId: number,
  q: AgentExportQuery,
  precision: number,
): Promise<{ filename: string; body: string }> {
  const time = timeFormatter(q.timeZone ?? reports.timeZone);
  const money = (n: number) => n.toFixed(precision);
  const tooMany = () =>
    fail(Errors.invalidInput, {
      message: `An export holds at most ${RECORDS_EXPORT_MAX_ROWS} rows; choose a shorter date range`,
    });
  let header: string[];
  const rows: (string | number)[][] = [];
  let span: string;
  const day = (ms: number) => time(ms).slice(0, 10).replace(/-/g, '');
  switch (q.report) {
    case 'bets': {
      header = [
        'Order no.',
        'Username',
        'Bet time',
        'Settlement time',
        'Product',
        'Game',
        'Bet amount',
        'Valid bet',
        'Win',
        'Win/loss',
        'Status',
      ];
      // Keyset pages through the whole range, newest first.
      let cursor: string | undefined;
      let range: { startTime: number; endTime: number } | undefined;
      for (;;) {
        const page = await reports.teamBets(agentId, { ...q, page: 1, size: RECORDS_MAX_PAGE_SIZE, cursor });
        range = page;
        for (const b of page.list)
          rows.push([
            b.orderNo,
            b.username,
            time(b.betTime),
            b.settleTime ? time(b.settleTime) : '',
            b.product,
            b.gameName,
            money(b.betAmount),
            money(b.validBet),
            money(b.payout),
            money(b.winLoss),
            b.status,
          ]);
        if (rows.length > RECORDS_EXPORT_MAX_ROWS) throw tooMany();
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      span = range ? `${day(range.startTime)}-${day(range.endTime - 1)}` : '';
      break;
    }
    case 'profitLoss': {
      header = [
        'Username',
        'Level',
        'Type',
        'Deposit',
        'Withdrawal',
        'Betting',
        'Valid bet',
        'Winning',
        'Win/loss',
        'Rebate',
        'Promotion',
        'Profit and loss',
      ];
      const figures = (f: {
        deposit: number;
        withdrawal: number;
        betAmount: number;
        validBet: number;
        payout: number;
        winLoss: number;
        rebate: number;
        promotion: number;
        profit: number;
      }) => [
        money(f.deposit),
        money(f.withdrawal),
        money(f.betAmount),
        money(f.validBet),
        money(f.payout),
        money(f.winLoss),
        money(f.rebate),
        money(f.promotion),
        money(f.profit),
      ];
      let page = 1;
      let res = await reports.profitLoss(agentId, { ...q, page, size: RECORDS_MAX_PAGE_SIZE });
      rows.push([
        res.self.username,
        res.self.level,
        res.self.isAgent ? 'Agent' : 'Player',
        ...figures(res.self),
      ]);
      for (;;) {
        for (const r of res.list)
          rows.push([r.username, r.level, r.isAgent ? 'Agent' : 'Player', ...figures(r)]);
        if (rows.length > RECORDS_EXPORT_MAX_ROWS) throw tooMany();
        if (page * RECORDS_MAX_PAGE_SIZE >= res.total) break;
        page++;
        res = await reports.profitLoss(agentId, { ...q, page, size: RECORDS_MAX_PAGE_SIZE });
      }
      rows.push(['TOTAL', '', '', ...figures(res.totals)]);
      span = `${res.startDay.replace(/-/g, '')}-${res.endDay.replace(/-/g, '')}`;
      break;
    }
    case 'income': {
      const res = await reports.income(agentId, q);
      header = ['Product', 'Agent rebate', 'Own rebate'];
      for (const p of res.products) rows.push([p.product, money(p.agentRebate), money(p.ownRebate)]);
      const t = res.totals;
      rows.push(['TOTAL', money(t.agentRebate), money(t.ownRebate)]);
      rows.push(
        [],
        ['Salary', money(t.salary)],
        ['Dividend', money(t.dividend)],
        ['Total income', money(t.total)],
      );
      span = `${res.startDay.replace(/-/g, '')}-${res.endDay.replace(/-/g, '')}`;
      break;
    }
    case 'transactions': {
      header = [
        'Time',
        'Username',
        'Type',
        'Kind',
        'Wallet',
        'Amount',
        'Balance after',
        'Reference',
        'Remark',
      ];
      let page = 1;
      let range: { startTime: number; endTime: number } | undefined;
      for (;;) {
        const res = await reports.transactions(agentId, { ...q, page, size: RECORDS_MAX_PAGE_SIZE });
        range = res;
        for (const p of res.list)
          rows.push([
            time(p.time),
            p.username,
            p.type,
            p.kind,
            p.walletType,
            money(p.amount),
            money(p.balanceAfter),
            p.reference,
            p.remark,
          ]);
        if (rows.length > RECORDS_EXPORT_MAX_ROWS) throw tooMany();
        if (res.list.length < RECORDS_MAX_PAGE_SIZE) break;
        page++;
      }
      span = range ? `${day(range.startTime)}-${day(range.endTime - 1)}` : '';
      break;
    }
  }
  return { filename: `${fileNames[q.report]}-${span}.csv`, body: csvLines(header, rows) };
}
