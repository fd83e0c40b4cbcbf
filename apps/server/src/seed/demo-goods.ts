import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The points mall's demo goods (decision 033, "The mall"): points in hundredths, the amount
 * requirement in minor units of a 2-decimal currency. Demo data: an operator adds real goods in
 * the back office (Mall) or with `npm run ops -- points goods add`.
 */
const goods = [
  { name: 'Lucky Lotus mug', points: 500_00, quantity: 50, amount: 0 },
  { name: 'Golden dragon T-shirt', points: 1_200_00, quantity: 30, amount: 0 },
  { name: 'Wireless earbuds', points: 8_000_00, quantity: 10, amount: 1_000_00 },
  { name: 'Smart watch', points: 20_000_00, quantity: 5, amount: 5_000_00 },
  { name: 'Weekend resort voucher', points: 60_000_00, quantity: 2, amount: 20_000_00 },
  { name: 'Latest smartphone', points: 150_000_00, quantity: 1, amount: 50_000_00 },
];

export async function seedDemoGoods(trx: Kysely<DB>): Promise<void> {
  await trx
    .insertInto('points_goods')
    .values(
      goods.map((g, i) => ({
        name: g.name,
        points: g.points,
        quantity: g.quantity,
        available: g.quantity,
        amount_requirement: g.amount,
        sort: i,
      })),
    )
    .execute();
}
