import type { Announcements, Notice } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import * as repo from './notices.repo.ts';

type Row = Awaited<ReturnType<typeof repo.listActiveAnnouncements>>[number];

const bucketOfType: Record<string, keyof Announcements> = {
  PU: 'popup',
  PL: 'playerNotices',
  PR: 'promotion',
  H: 'headlines',
};

function toNotice(r: Row): Notice {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    content: r.content,
    date: new Date(r.published_at).getTime(),
  };
}

/**
 * Execution says who a notice is for: B both, L logged-in players, G guests. A request for B
 * returns everything; L and G return their own plus the ones for both.
 */
function executionMatches(requested: string, notice: string): boolean {
  return requested === 'B' || notice === 'B' || notice === requested;
}

export class NoticesService {
  private readonly database: Database;
  private readonly feed: ChangeFeed;
  private readonly content;

  constructor(database: Database, feed: ChangeFeed) {
    this.database = database;
    this.feed = feed;
    this.content = feed.cached(async () => {
      const [notices, banners] = await Promise.all([
        repo.listActiveAnnouncements(database.db),
        repo.listActiveBanners(database.db),
      ]);
      return { notices, banners };
    });
  }

  async list(types: string[], execution: string): Promise<Announcements> {
    const { notices, banners } = await this.content.get();
    const wanted = new Set(types);
    const out: Announcements = { popup: [], playerNotices: [], banners: [], promotion: [], headlines: [] };
    for (const n of notices) {
      const bucket = bucketOfType[n.type];
      if (bucket && bucket !== 'banners' && wanted.has(n.type) && executionMatches(execution, n.execution)) {
        (out[bucket] as Notice[]).push(toNotice(n));
      }
    }
    if (wanted.has('B')) {
      out.banners = banners.map((b) => ({
        id: b.id,
        group: b.group_code,
        title: b.title,
        imageUrl: b.image_url,
        linkUrl: b.link_url,
        date: new Date(b.created_at).getTime(),
      }));
    }
    return out;
  }

  async listAll(): Promise<Notice[]> {
    return (await this.content.get()).notices.map(toNotice);
  }

  async add(input: { type: string; title: string; content: string; execution?: string }): Promise<number> {
    const id = await repo.insertAnnouncement(this.database.db, { execution: 'B', ...input });
    await this.feed.publish(`announcement:${id}`);
    return id;
  }

  async remove(id: number): Promise<boolean> {
    const removed = await repo.deactivateAnnouncement(this.database.db, id);
    if (removed) await this.feed.publish(`announcement:${id}`);
    return removed;
  }
}
