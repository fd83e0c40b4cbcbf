import type { CrudFilter, LogicalFilter } from '@refinedev/core';
import { backoffice } from '@app/contract';
import type { boCall } from './client.ts';

/**
 * The Lottery section's lists for the data provider (decision 034):
 * - `lottery`: every game with its schedule, switches, numero on sale and results awaited (a few
 *   dozen rows: one call answers them all; the currency rides along);
 * - `lottery-numeros`: a game's numeros (filter `code`; `filter` recent, awaiting, upcoming,
 *   settled or void), paged on the server.
 * `getOne` of `lottery-numeros` is a numero's detail, its id `<code>:<numero>`.
 */
export const lotteryResources = ['lottery', 'lottery-numeros'] as const;
export type LotteryResource = (typeof lotteryResources)[number];
export const isLotteryResource = (r: string): r is LotteryResource =>
  (lotteryResources as readonly string[]).includes(r);

const valueOf = (filters: CrudFilter[] | undefined, field: string): unknown => {
  const f = (filters ?? []).find((x): x is LogicalFilter => 'field' in x && x.field === field);
  return f && f.value !== '' && f.value !== null ? f.value : undefined;
};

export async function lotteryList(
  resource: LotteryResource,
  page: number,
  size: number,
  filters: CrudFilter[] | undefined,
  call: typeof boCall,
): Promise<{ data: unknown[]; total: number; meta?: { currency: string; precision: number } }> {
  if (resource === 'lottery') {
    const res = await call(backoffice.boLotteryGames, {});
    return {
      data: res.list,
      total: res.list.length,
      meta: { currency: res.currency, precision: res.precision },
    };
  }
  const code = valueOf(filters, 'code');
  if (typeof code !== 'string' || !code) return { data: [], total: 0 };
  const filter = valueOf(filters, 'filter');
  const res = await call(backoffice.boLotteryNumeros, {
    query: {
      code,
      page,
      size: Math.min(size, 200),
      ...(typeof filter === 'string' &&
      (backoffice.lotteryNumeroFilters as readonly string[]).includes(filter)
        ? { filter: filter as (typeof backoffice.lotteryNumeroFilters)[number] }
        : {}),
    },
  });
  return { data: res.list, total: res.total, meta: { currency: res.currency, precision: res.precision } };
}

/** A numero's detail by its row id `<code>:<numero>`. */
export async function lotteryOne(id: string | number, call: typeof boCall) {
  const [code, numero] = String(id).split(':');
  return call(backoffice.boLotteryNumero, { query: { code: code ?? '', numero: numero ?? '' } });
}
