import { sql } from 'kysely';
import type { LotteryService } from '../modules/lottery/lottery.service.ts';
import type { LotteryBoService } from '../modules/backoffice/lottery-bo.service.ts';
import { cliActor } from './backoffice-command.ts';

export const LOTTERY_USAGE = `  lottery games                           list the lottery games with their schedules and switches
  lottery game add --code <CODE> --name <name> --family <SSC|11X5|K3|PK10|VNFAST|VNNORTH|VNCENTRAL|VNSOUTH|4D>
        --lock <seconds> (--interval <seconds> | --draw-time <HH:MM> --days <0-6,...>) [--utc-offset <minutes>]
        [--official] [--sandbox]          add a game; its numeros are created by the numero job
  lottery game <code> on|off [--reason <text>]   sell a game or stop selling it (audited)
  lottery game <code> sandbox on|off      let our own draw stand in for an official result (demos)
  lottery game <code> limits [--bet-min N] [--bet-max N] [--multiple-max N] [--win-max N]
        [--liability-max N] [--draw-max N] [--chase-max N]   limits in major units (0: no cap)
  lottery numeros <code> [--count N]      the game's numeros around now with status and result
  lottery result <code> <numero> --win-no <n,n,...>   enter (or correct) a whole official result, settled at once
  lottery result <code> <numero> <prize> <n,n,...>    enter one prize's numbers (DB, G1…G8), slot by slot
  lottery void <code> <numero> [--reason <text>]      void a draw: every bet on it is refunded
        (results, voids and switches are audited as the OS user, through the back office's service)
  lottery draw                            run the draw job's pass now (close, draw, settle what is due)`;

export interface LotteryOpsServices {
  lottery?: LotteryService;
  /** Results, corrections, voids and game switches: the back office's audited path (decision 034). */
  lotteryBo?: LotteryBoService;
}

/** `npm run ops -- lottery ...`: games, official results, corrections and void draws. */
export async function runLotteryCommand(
  services: LotteryOpsServices,
  named: Map<string, string>,
  positional: string[],
  usage: (message: string) => Error,
  operator = 'operator',
): Promise<string> {
  const { lottery, lotteryBo } = services;
  if (!lottery || !lotteryBo) throw usage('The lottery is not available in this mode');
  const actor = cliActor(operator);
  const only = (allowed: string[]) => {
    for (const key of named.keys())
      if (!allowed.includes(key))
        throw usage(
          `Unknown option --${key} (allowed: ${allowed.map((a) => `--${a}`).join(', ') || 'none'})`,
        );
  };
  const int = (key: string, min: number, max: number): number | undefined => {
    const raw = named.get(key);
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max)
      throw usage(`--${key} must be a whole number ${min}–${max}`);
    return n;
  };
  const precision = lottery.currencyPrecision();
  const minor = (key: string): number | undefined => {
    const raw = named.get(key);
    if (raw === undefined) return undefined;
    if (!/^\d+(\.\d+)?$/.test(raw)) throw usage(`--${key} is an amount in major units, e.g. 1000`);
    return Math.round(Number(raw) * 10 ** precision);
  };
  const [what, a, b, c, d] = positional;

  if (what === 'games' && a === undefined) {
    only([]);
    const rows = await lottery.games.all();
    return rows
      .map((g) => {
        const when =
          g.interval_s > 0
            ? `every ${g.interval_s}s`
            : `${g.draw_time} on ${g.draw_days.join(',')} (UTC${g.utc_offset_min >= 0 ? '+' : ''}${g.utc_offset_min / 60})`;
        const source = g.result_source === 'OFFICIAL' ? (g.sandbox ? 'official/sandbox' : 'official') : 'rng';
        return `${String(g.id).padStart(3)} ${g.code.padEnd(7)} ${g.family.padEnd(9)} ${g.enabled ? 'on ' : 'off'} ${source.padEnd(16)} lock ${String(g.lock_s).padStart(4)}s  ${when.padEnd(26)} ${g.remark}`;
      })
      .join('\n');
  }

  if (what === 'game' && a === 'add') {
    only([
      'code',
      'name',
      'family',
      'lock',
      'interval',
      'draw-time',
      'days',
      'utc-offset',
      'official',
      'sandbox',
      'region',
    ]);
    const code = named.get('code')?.toUpperCase();
    if (!code || !/^[A-Z0-9_]{2,16}$/.test(code)) throw usage('--code is 2–16 letters, digits or _');
    const name = named.get('name');
    if (!name) throw usage('--name is required');
    const lockS = int('lock', 1, 86_400);
    if (lockS === undefined) throw usage('--lock <seconds> is required');
    const intervalS = int('interval', 30, 86_400) ?? 0;
    const drawTime = named.get('draw-time');
    if (intervalS === 0 && (!drawTime || !/^[0-2]\d:[0-5]\d$/.test(drawTime)))
      throw usage('Give --interval <seconds> or --draw-time <HH:MM> with --days');
    if (intervalS > 0 && lockS >= intervalS) throw usage('--lock must be shorter than --interval');
    const days = (named.get('days') ?? '0,1,2,3,4,5,6').split(',').map(Number);
    if (days.some((x) => !Number.isInteger(x) || x < 0 || x > 6))
      throw usage('--days lists weekdays 0 (Sunday)…6');
    try {
      const g = await lottery.games.add({
        code,
        remark: name,
        family: (named.get('family') ?? '').toUpperCase(),
        region: named.get('region') ?? '',
        intervalS,
        ...(drawTime ? { drawTime } : {}),
        drawDays: days,
        lockS,
        utcOffsetMin: int('utc-offset', -720, 840) ?? 420,
        ...(named.has('official') ? { resultSource: 'OFFICIAL' as const } : {}),
        sandbox: named.has('sandbox'),
      });
      const created = await lottery.engine.ensureNumeros(new Date(lottery.now()));
      return `Game ${g.code} added (gameId ${g.id}); ${created} numeros created.`;
    } catch (e) {
      const message = (e as Error).message;
      if (/unique|duplicate/i.test(message)) throw usage(`A game ${code} exists already`);
      if (/family/i.test(message)) throw usage(message);
      throw e;
    }
  }

  if (what === 'game' && a) {
    const code = a.toUpperCase();
    if (!(await lottery.games.byCode(code))) throw usage(`No game ${code}; "lottery games" lists them`);
    if ((b === 'on' || b === 'off') && c === undefined) {
      only(['reason']);
      await lotteryBo.switchGame(actor, {
        code,
        enabled: b === 'on',
        reason: named.get('reason') ?? 'operator',
      });
      return `Game ${code} is ${b}.`;
    }
    if (b === 'sandbox' && (c === 'on' || c === 'off')) {
      only([]);
      await lottery.games.update(code, { sandbox: c === 'on' });
      return `Game ${code}: sandbox ${c}.`;
    }
    if (b === 'limits' && c === undefined) {
      only(['bet-min', 'bet-max', 'multiple-max', 'win-max', 'liability-max', 'draw-max', 'chase-max']);
      const set = {
        bet_min: minor('bet-min'),
        bet_max: minor('bet-max'),
        multiple_max: int('multiple-max', 1, 1_000_000),
        win_max: minor('win-max'),
        number_liability_max: minor('liability-max'),
        draw_payout_max: minor('draw-max'),
        chase_max: int('chase-max', 1, 120),
      };
      await lottery.games.update(code, set);
      return `Game ${code}: limits updated.`;
    }
    throw usage('Usage: lottery game <code> on|off|sandbox on|off|limits ...');
  }

  if (what === 'numeros' && a) {
    only(['count']);
    const g = await lottery.games.byCode(a);
    if (!g) throw usage(`No game ${a}`);
    const count = int('count', 1, 200) ?? 10;
    const r = await sql<{ numero: string; status: string; draw_at: Date; win_no: string; label: string }>`
      (select numero, status, draw_at, win_no, label from lottery_numero where game_id = ${g.id}
        and draw_at <= ${new Date(lottery.now())} order by draw_at desc limit ${count})
      union all
      (select numero, status, draw_at, win_no, label from lottery_numero where game_id = ${g.id}
        and draw_at > ${new Date(lottery.now())} order by draw_at limit ${count})
      order by draw_at`.execute(lottery.db());
    return r.rows
      .map(
        (n) =>
          `${n.numero.padEnd(14)} ${n.status.padEnd(8)} ${n.draw_at.toISOString()} ${n.label} ${n.win_no}`,
      )
      .join('\n');
  }

  if (what === 'result' && a && b) {
    only(['win-no']);
    const winNo = named.get('win-no');
    if (winNo === undefined && !(c && d))
      throw usage('Usage: lottery result <code> <numero> --win-no <...> | <prize> <numbers>');
    const code = a.toUpperCase();
    if (winNo === undefined) {
      const out = await lotteryBo.enterSlots(actor, code, b, {
        [c!.toUpperCase()]: d!.split(',').map((x) => x.trim()),
      });
      if (out.missing.length > 0) return `Saved. Still missing: ${out.missing.join(', ')}.`;
      return `Result of ${code} ${b}: ${out.winNo} (revision ${out.revision}); settled.`;
    }
    const detail = await lotteryBo.numero({ code, numero: b });
    const action = detail.can.correct ? 'correct' : 'enter';
    const out = await lotteryBo.confirm(actor, { code, numero: b, action, winNo });
    return `Result of ${code} ${b}: ${out.winNoAfter} (revision ${out.revisionAfter}); settled${action === 'correct' ? ' by the difference' : ''}: ${out.ticketsAffected} bets changed, paid ${out.payoutsAdded}, taken back ${out.payoutsRemoved}, house ${out.houseNet >= 0 ? '+' : ''}${out.houseNet}.`;
  }

  if (what === 'void' && a && b && c === undefined) {
    only(['reason']);
    const out = await lotteryBo.confirm(actor, {
      code: a.toUpperCase(),
      numero: b,
      action: 'void',
      reason: named.get('reason') ?? 'operator',
    });
    return `Void: ${out.ticketsAffected} bets refunded (${out.refunds}).`;
  }

  if (what === 'draw' && a === undefined) {
    only([]);
    const created = await lottery.engine.ensureNumeros(new Date(lottery.now()));
    const r = await lottery.engine.runDraws(new Date(lottery.now()));
    return `Numeros created ${created}; closed ${r.locked}, drawn ${r.drawn}, settled ${r.settled}${r.failed ? `, failed ${r.failed}` : ''}.`;
  }

  throw usage(`Usage:\n${LOTTERY_USAGE}`);
}
