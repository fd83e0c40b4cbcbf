import type { Kysely } from 'kysely';
import type { AnnouncementAudience, DB } from '../../db/schema.ts';

/** Every active announcement, for everyone and for agents alike: the service keeps the two apart. */
export function listActiveAnnouncements(db: Kysely<DB>) {
  return db
    .selectFrom('announcement')
    .select(['id', 'type', 'title', 'content', 'execution', 'audience', 'published_at', 'ends_at'])
    .where('active', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('sort', 'desc')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function listActiveBanners(db: Kysely<DB>) {
  return db
    .selectFrom('banner')
    .select(['id', 'group_code', 'title', 'image_url', 'link_url', 'created_at'])
    .where('active', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function insertAnnouncement(
  db: Kysely<DB>,
  values: { type: string; title: string; content: string; execution: string; audience: AnnouncementAudience },
): Promise<number> {
  const row = await db.insertInto('announcement').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deactivateAnnouncement(db: Kysely<DB>, id: number): Promise<boolean> {
  const res = await db
    .updateTable('announcement')
    .set({ active: false, deleted_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
