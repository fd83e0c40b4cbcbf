import type { Kysely } from 'kysely';
import { FeatureSwitch } from '@app/contract';
import type { DB } from '../db/schema.ts';

/**
 * The chat room of a demo start (DEMO_CHAT=1, which `npm start` sets; decision 054, amended): the
 * room is opened (the CBS3 switch, off in the reference data, as an operator opens it on the Site
 * page) and the Lobby, the group every rank enters, holds a few words of the demo tree's players
 * (demo-agents.ts), so the demo member walks into a room that is alive, with its unread badge. No
 * rank is given and no rule bent: the Lobby's minimum rank is 0 and the authors are active real
 * accounts. Tests and e2e servers start without it: their rooms stay closed and empty.
 */
export interface DemoChatMessage {
  /** A player of the demo tree (demo-agents.ts), by username. */
  username: string;
  /** How long before the seed it was written. */
  minutesAgo: number;
  content: string;
}

/** Oldest first. Plain text within the room's rules (1 to 300 characters, no markup). */
export const demoChatMessages: readonly DemoChatMessage[] = [
  {
    username: 'demoplayer2',
    minutesAgo: 54,
    content: 'Good evening everyone 👋 Who is in for the Vietnam fast 5 minutes draw tonight?',
  },
  {
    username: 'demoplayer1',
    minutesAgo: 49,
    content: 'Me! Same numbers as last week: 3-7-9, ten rounds in a row on 5D 1 minute.',
  },
  {
    username: 'demoplayer4',
    minutesAgo: 33,
    content: 'Golden Koi just paid me $125.50 on a $2 spin 🎉',
  },
  {
    username: 'demoplayer3',
    minutesAgo: 21,
    content: 'Chúc mừng! Baccarat tối nay hơi đen với mình 😅',
  },
  {
    username: 'demoplayer5',
    minutesAgo: 12,
    content: 'Tip: set a loss limit under Responsible gaming before the weekend, it kept me at $50 a day.',
  },
  {
    username: 'demoplayer1',
    minutesAgo: 3,
    content: 'โชคดีทุกคน! Draw 0336 of 5D 1 minute settled, +$48.00 🍀',
  },
];

/** Opens the room and writes the Lobby's messages; in the seed's transaction, after the demo tree. */
export async function seedDemoChat(trx: Kysely<DB>, now: number = Date.now()): Promise<void> {
  await trx
    .updateTable('feature_switch')
    .set({ enabled: true })
    .where('mod_id', '=', FeatureSwitch.chat)
    .execute();
  const lobby = await trx
    .selectFrom('chat_group')
    .select('id')
    .where('min_rank', '=', 0)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const authors = new Map(
    (
      await trx
        .selectFrom('member')
        .select(['id', 'username'])
        .where(
          'username',
          'in',
          demoChatMessages.map((m) => m.username),
        )
        .execute()
    ).map((m) => [m.username, m.id]),
  );
  await trx
    .insertInto('chat_message')
    .values(
      demoChatMessages.map((m) => {
        const author = authors.get(m.username);
        if (author === undefined) throw new Error(`demo chat: no member ${m.username}`);
        return {
          group_id: lobby.id,
          member_id: author,
          content: m.content,
          created_at: new Date(now - m.minutesAgo * 60_000),
        };
      }),
    )
    .execute();
}
