import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export function invitation(db: Kysely<DB>, code: string) {
  return db
    .selectFrom('invitation_code')
    .selectAll()
    .where(sql`lower(code)`, '=', code.toLowerCase())
    .where('active', '=', true)
    .executeTakeFirst();
}

export async function insertInvitation(
  db: Kysely<DB>,
  values: { code: string; member_id: number; kind: 'AFFILIATE' | 'REFERRAL'; domain: string | null },
) {
  await db.insertInto('invitation_code').values(values).execute();
}
