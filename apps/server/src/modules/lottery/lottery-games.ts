import { sql, type Kysely } from 'kysely';
import { familyOf } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { CachedValue, ChangeFeed } from '../../platform/change-feed.ts';

export interface GameRow {
  id: number;
  code: string;
  remark: string;
  family: string;
  region: string;
  interval_s: number;
  draw_time: string;
  draw_days: number[];
  lock_s: number;
  utc_offset_min: number;
  result_source: 'RNG' | 'OFFICIAL';
  sandbox: boolean;
  default_play_type: number;
  calendar: Record<string, string>;
  popularity: number;
  enabled: boolean;
  allow_drawback: boolean;
  bet_min: number;
  bet_max: number;
  multiple_max: number;
  win_max: number;
  number_liability_max: number;
  draw_payout_max: number;
  chase_max: number;
  sort: number;
  /** Zone-local dates (YYYYMMDD) without a draw (migration 058). */
  suspended_dates: string[];
}

export const GAMES_CHANGED = 'lottery:games';

export interface NewGame {
  code: string;
  remark: string;
  family: string;
  region?: string;
  intervalS?: number;
  drawTime?: string;
  drawDays?: number[];
  lockS: number;
  utcOffsetMin?: number;
  resultSource?: 'RNG' | 'OFFICIAL';
  sandbox?: boolean;
}

/** The lottery games (a few dozen rows), cached in memory and reloaded on the change feed. */
export class LotteryGames {
  private readonly database: Database;
  private readonly feed: ChangeFeed | undefined;
  private readonly cache: CachedValue<GameRow[]> | null;

  constructor(database: Database, feed?: ChangeFeed) {
    this.database = database;
    this.feed = feed;
    this.cache = feed ? feed.cached(() => this.load()) : null;
  }

  private async load(db: Kysely<DB> = this.database.db): Promise<GameRow[]> {
    const r = await sql<GameRow>`select * from lottery_game order by sort, id`.execute(db);
    return r.rows;
  }

  /**
   * Every game. Given a transaction (a job's run), read through it: on the embedded database a
   * query outside the open transaction would wait for it forever.
   */
  all(db?: Kysely<DB>): Promise<GameRow[]> {
    if (db) return this.load(db);
    return this.cache ? this.cache.get() : this.load();
  }

  async byId(id: number): Promise<GameRow | undefined> {
    return (await this.all()).find((g) => g.id === id);
  }

  async byCode(code: string): Promise<GameRow | undefined> {
    const c = code.toUpperCase();
    return (await this.all()).find((g) => g.code.toUpperCase() === c);
  }

  /** Tells every instance the games changed (after a change made in a caller's transaction). */
  async changed(): Promise<void> {
    if (this.feed) await this.feed.publish(GAMES_CHANGED);
    else this.cache?.invalidate();
  }

  /** Operator: adds a game (its schedule as data); the numero job creates its numeros. */
  async add(g: NewGame): Promise<GameRow> {
    const f = familyOf(g.family);
    const interval = g.intervalS ?? 0;
    const r = await sql<GameRow>`
      insert into lottery_game (code, remark, family, region, interval_s, draw_time, draw_days, lock_s,
        utc_offset_min, result_source, sandbox, sort)
      values (${g.code}, ${g.remark}, ${f.family}, ${g.region ?? ''}, ${interval}, ${g.drawTime ?? '00:00'},
        ${g.drawDays ?? [0, 1, 2, 3, 4, 5, 6]}::integer[], ${g.lockS}, ${g.utcOffsetMin ?? 420},
        ${g.resultSource ?? f.resultSource}, ${g.sandbox ?? false},
        (select coalesce(max(sort), 0) + 10 from lottery_game))
      returning *`.execute(this.database.db);
    await this.changed();
    return r.rows[0]!;
  }

  /** Operator: switches, sandbox and limits (minor units). */
  async update(
    code: string,
    set: Partial<
      Pick<
        GameRow,
        | 'enabled'
        | 'sandbox'
        | 'allow_drawback'
        | 'bet_min'
        | 'bet_max'
        | 'multiple_max'
        | 'win_max'
        | 'number_liability_max'
        | 'draw_payout_max'
        | 'chase_max'
        | 'lock_s'
      >
    >,
  ): Promise<boolean> {
    const entries = Object.entries(set).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return true;
    const r = await sql`
      update lottery_game set ${sql.join(entries.map(([k, v]) => sql`${sql.ref(k)} = ${v}`))}
      where upper(code) = ${code.toUpperCase()}`.execute(this.database.db);
    await this.changed();
    return Number(r.numAffectedRows ?? 0) === 1;
  }
}
