import { sql } from 'kysely';
import type { TestApp } from '../../test/test-app.ts';
import type { GameRow } from './lottery-games.ts';
import type { NumeroRow } from './lottery-engine.ts';

let serial = 0;

/**
 * A fast SSC game of the test's own whose results the test enters (OFFICIAL, no sandbox), so a
 * test decides what wins; one draw a minute, sales closing 5 s before.
 */
export async function officialSscGame(
  t: TestApp,
  over: { intervalS?: number; lockS?: number } = {},
): Promise<GameRow> {
  const code = `T${process.pid % 100}${++serial}${Math.floor(Math.random() * 100)}`.slice(0, 16);
  return t.app.ctx.lottery.games.add({
    code,
    remark: `Test ${code}`,
    family: 'SSC',
    intervalS: over.intervalS ?? 60,
    lockS: over.lockS ?? 5,
    resultSource: 'OFFICIAL',
  });
}

/** The game's numeros from `at` on, in draw order. */
export async function numerosFrom(t: TestApp, g: GameRow, at: number, count: number): Promise<NumeroRow[]> {
  const r = await sql<NumeroRow>`
    select * from lottery_numero where game_id = ${g.id} and draw_at > ${new Date(at)}
    order by draw_at limit ${count}`.execute(t.database.db);
  return r.rows;
}

/** A bet slip line in the wire's form; SEA series 1960, dollar unit. */
export const slipLine = (content: string, playId: number, multiple = 1, series = 1960, mode = 1): string =>
  `${content}~1~${playId}~${mode}~${series}~${multiple}`;

/** Position digit (DWD): one note on the ten-thousands digit. */
export const DWD = 1016;

export async function placeBet(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
): Promise<{ statusCode: number; json: () => Record<string, unknown> }> {
  const res = await t.call({ method: 'POST', url: '/lgw/orders/betting', token, payload: body });
  return { statusCode: res.statusCode, json: () => res.json() as Record<string, unknown> };
}

export async function ticketsOf(t: TestApp, orderNo: string) {
  const r = await sql<{ id: number; status: number; win_amount: number; amount: number; numero: string }>`
    select t.id, t.status, t.win_amount, t.amount, n.numero from lottery_ticket t
    join lottery_order o on o.id = t.order_id join lottery_numero n on n.id = t.numero_id
    where o.order_no = ${orderNo} or o.order_no like ${orderNo + '-%'} order by t.id`.execute(t.database.db);
  return r.rows;
}
