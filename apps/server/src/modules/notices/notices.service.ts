import type {
  AgentAnnouncement,
  AgentAnnouncementsPage,
  AnnouncementAudience,
  Announcements,
  Banner,
  Notice,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import * as repo from './notices.repo.ts';

type Row = Awaited<ReturnType<typeof repo.listActiveAnnouncements>>[number];

type NoticeBucket = 'popup' | 'player' | 'promotion' | 'hot';
const bucketOfType: Record<string, NoticeBucket> = {
  PU: 'popup',
  PL: 'player',
  PR: 'promotion',
  H: 'hot',
};

function toNotice(r: Row): Notice {
  const published = new Date(r.published_at).getTime();
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    content: r.content,
    execution: r.execution === 'L' || r.execution === 'G' ? r.execution : 'B',
    date: published,
    // A notice has no schedule of its own: it starts when it is published.
    startDate: published,
  };
}

function toAgentAnnouncement(r: Row): AgentAnnouncement {
  return { id: r.id, title: r.title, content: r.content, time: new Date(r.published_at).getTime() };
}

type BannerRow = Awaited<ReturnType<typeof repo.listActiveBanners>>[number];

function toBanner(b: BannerRow): Banner {
  return {
    id: b.id,
    groupName: b.group_code,
    title: b.title,
    url: b.image_url,
    linkage: b.link_url,
    linkageType: b.link_url ? 'URL' : '',
    date: new Date(b.created_at).getTime(),
  };
}

/**
 * Execution says who a notice is for: B both, L logged-in players, G guests. A request for B
 * returns everything; L and G return their own plus the ones for both.
 */
/**
 * Whether a notice shows at `now`: its schedule (decision 036) runs from its start (the
 * publication time) to its end, if any. Checked per request over the cached rows, so a scheduled
 * notice appears and an ended one goes without a change to wait for.
 */
function showing(n: { published_at: Date | string; ends_at: Date | string | null }, now: number): boolean {
  return (
    new Date(n.published_at).getTime() <= now && (n.ends_at === null || new Date(n.ends_at).getTime() > now)
  );
}

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
      const [all, banners] = await Promise.all([
        repo.listActiveAnnouncements(database.db),
        repo.listActiveBanners(database.db),
      ]);
      // Split once, here: the public calls read `notices` only, so none of their paths can reach a
      // notice addressed to agents (those are `agentNotices`, read by the agent centre's call).
      return {
        all,
        notices: all.filter((n) => n.audience === 'ALL'),
        agentNotices: all.filter((n) => n.audience === 'AGENTS'),
        banners,
      };
    });
  }

  /** The announcements of `types` for `execution`; `groupName` narrows the banners to one group ("" all). */
  async list(types: string[], execution: string, groupName = ''): Promise<Announcements> {
    const { notices, banners } = await this.content.get();
    const wanted = new Set(types);
    const out: Announcements = { popup: [], player: [], banners: [], promotion: [], hot: [] };
    const now = Date.now();
    for (const n of notices) {
      if (!showing(n, now)) continue;
      const bucket = bucketOfType[n.type];
      if (bucket && wanted.has(n.type) && executionMatches(execution, n.execution)) {
        out[bucket].push(toNotice(n));
      }
    }
    if (wanted.has('B')) {
      out.banners = banners.filter((b) => !groupName || b.group_code === groupName).map(toBanner);
    }
    return out;
  }

  /** A page of the announcements for agents (the agent centre's; the caller is checked to be an agent). */
  async agentPage(query: { page: number; size: number }): Promise<AgentAnnouncementsPage> {
    const now = Date.now();
    const agentNotices = (await this.content.get()).agentNotices.filter((n) => showing(n, now));
    const start = (query.page - 1) * query.size;
    return {
      list: agentNotices.slice(start, start + query.size).map(toAgentAnnouncement),
      total: agentNotices.length,
      page: query.page,
      size: query.size,
    };
  }

  /** Every active announcement with its audience (the operator's list). */
  async listAll(): Promise<(Notice & { audience: AnnouncementAudience })[]> {
    return (await this.content.get()).all.map((n) => ({ ...toNotice(n), audience: n.audience }));
  }

  async add(input: {
    type: string;
    title: string;
    content: string;
    execution?: string;
    audience?: AnnouncementAudience;
  }): Promise<number> {
    const id = await repo.insertAnnouncement(this.database.db, { execution: 'B', audience: 'ALL', ...input });
    await this.feed.publish(`announcement:${id}`);
    return id;
  }

  async remove(id: number): Promise<boolean> {
    const removed = await repo.deactivateAnnouncement(this.database.db, id);
    if (removed) await this.feed.publish(`announcement:${id}`);
    return removed;
  }
}
