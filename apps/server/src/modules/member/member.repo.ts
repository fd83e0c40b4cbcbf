import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DB, MemberTable } from '../../db/schema.ts';

export type MemberRow = Selectable<MemberTable>;

export function byId(db: Kysely<DB>, id: number) {
  return db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();
}

export function byUsername(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('member')
    .selectAll()
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export function byMobile(db: Kysely<DB>, dialingCode: string, number: string) {
  return db
    .selectFrom('member')
    .selectAll()
    .where('mobile_dialing_code', '=', dialingCode)
    .where('mobile_number', '=', number)
    .executeTakeFirst();
}

export function byDeviceKey(db: Kysely<DB>, keyHash: Buffer) {
  return db.selectFrom('member').selectAll().where('device_key_hash', '=', keyHash).executeTakeFirst();
}

export async function insert(db: Kysely<DB>, values: Insertable<MemberTable>): Promise<number> {
  const row = await db.insertInto('member').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function update(db: Kysely<DB>, id: number, values: Updateable<MemberTable>): Promise<void> {
  await db.updateTable('member').set(values).where('id', '=', id).execute();
}

export async function isKnownIp(db: Kysely<DB>, memberId: number, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_known_ip')
    .select('ip')
    .where('member_id', '=', memberId)
    .where('ip', '=', ip)
    .executeTakeFirst();
  return Boolean(row);
}

export async function knownIpCount(db: Kysely<DB>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('member_known_ip')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function rememberIp(db: Kysely<DB>, memberId: number, ip: string): Promise<void> {
  await db
    .insertInto('member_known_ip')
    .values({ member_id: memberId, ip })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen: new Date() }))
    .execute();
}
