import { createHash, randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import type { Challenge, ChallengePurpose } from '@app/contract';
import type { Database } from '../../db/connection.ts';

export const CHALLENGE_WIDTH = 300;
export const CHALLENGE_HEIGHT = 150;
export const PIECE_SIZE = 50;
/** How far from the answer a drop may land. */
export const X_TOLERANCE = 5;
/** A human drag takes at least this long; faster is a script. */
export const MIN_DRAG_MS = 250;
export const MAX_DRAG_MS = 60_000;
const CHALLENGE_TTL_MS = 2 * 60_000;
const PASS_TTL_MS = 2 * 60_000;

const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** A jigsaw piece: a square with a knob on the top and on the right, inside the 50×50 box. */
const PIECE_PATH = 'M6 12 H19 A6 6 0 1 1 31 12 H44 V25 A6 6 0 1 1 44 37 V44 H6 Z';

function backgroundSvg(): string {
  const w = CHALLENGE_WIDTH;
  const h = CHALLENGE_HEIGHT;
  const hue = randomInt(0, 360);
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    const cx = randomInt(0, w);
    const cy = randomInt(0, h);
    const r = randomInt(12, 48);
    const colour = `hsl(${(hue + randomInt(0, 160)) % 360},${randomInt(45, 80)}%,${randomInt(35, 70)}%)`;
    shapes.push(
      i % 3 === 0
        ? `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${r}" rx="6" fill="${colour}" opacity="0.8" transform="rotate(${randomInt(-40, 40)} ${cx} ${cy})"/>`
        : `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}" opacity="0.75"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,30%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},60%,55%)"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>${shapes.join('')}</svg>`;
}

const pieceSvg = (fill: string, stroke: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PIECE_SIZE}" height="${PIECE_SIZE}"><path d="${PIECE_PATH}" fill="${fill}" stroke="${stroke}" stroke-width="1.5"/></svg>`,
  );

/**
 * The self-hosted slider challenge (switches GEETEST3 and GEETESTVCODE3). The server draws a
 * background with a hole and the matching piece, keeps the hole's x, and checks the drop: within
 * the tolerance, with a plausible drag time. A pass is a single-use token for one purpose.
 */
export class SliderChallenge {
  private readonly database: Database;
  private issuedCount = 0;

  constructor(database: Database) {
    this.database = database;
  }

  async issue(purpose: ChallengePurpose, ip: string): Promise<Challenge & { answerX: number }> {
    const x = randomInt(PIECE_SIZE + 20, CHALLENGE_WIDTH - PIECE_SIZE - 5);
    const y = randomInt(5, CHALLENGE_HEIGHT - PIECE_SIZE - 5);
    const base = await sharp(Buffer.from(backgroundSvg())).png().toBuffer();
    const [background, piece] = await Promise.all([
      sharp(base)
        .composite([{ input: pieceSvg('rgba(0,0,0,0.55)', 'rgba(255,255,255,0.85)'), left: x, top: y }])
        .png()
        .toBuffer(),
      sharp(base)
        .extract({ left: x, top: y, width: PIECE_SIZE, height: PIECE_SIZE })
        .composite([
          { input: pieceSvg('#fff', '#fff'), blend: 'dest-in' },
          { input: pieceSvg('none', 'rgba(255,255,255,0.95)'), blend: 'over' },
        ])
        .png()
        .toBuffer(),
    ]);
    const id = randomBytes(16).toString('base64url');
    const expiresAt = Date.now() + CHALLENGE_TTL_MS;
    await this.database.db
      .insertInto('slider_challenge')
      .values({ id, purpose, answer_x: x, expires_at: new Date(expiresAt), ip })
      .execute();
    if (++this.issuedCount % 200 === 0)
      await sql`delete from slider_challenge where expires_at < now() - interval '10 minutes'`.execute(
        this.database.db,
      );
    return {
      challengeId: id,
      background: background.toString('base64'),
      piece: piece.toString('base64'),
      y,
      width: CHALLENGE_WIDTH,
      height: CHALLENGE_HEIGHT,
      pieceSize: PIECE_SIZE,
      expiresAt,
      answerX: x,
    };
  }

  /**
   * Checks one drop. A challenge is checked once, right or wrong (a script cannot search for the
   * answer); a pass returns the token that the next call of the same purpose presents. `proved`:
   * the caller passed the proof-of-work alternative (checked by the route) instead of dragging.
   */
  async verify(input: {
    challengeId: string;
    x: number;
    durationMs: number;
    trail?: number[] | undefined;
    /** The caller proved work instead (decision 050): the drop is not looked at. */
    proved?: boolean;
  }): Promise<string | null> {
    const row = await this.database.db
      .updateTable('slider_challenge')
      .set({ checked_at: new Date() })
      .where('id', '=', input.challengeId)
      .where('checked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['answer_x'])
      .executeTakeFirst();
    if (!row) return null;
    const closeEnough = Math.abs(input.x - row.answer_x) <= X_TOLERANCE;
    const humanTime = input.durationMs >= MIN_DRAG_MS && input.durationMs <= MAX_DRAG_MS;
    // A recorded trail must move through several positions; a teleporting piece is not a drag.
    const trailOk = !input.trail || new Set(input.trail.map((v) => Math.round(v))).size >= 3;
    if (!input.proved && (!closeEnough || !humanTime || !trailOk)) return null;
    const token = randomBytes(24).toString('base64url');
    await this.database.db
      .updateTable('slider_challenge')
      .set({ pass_hash: hash(token), pass_expires_at: new Date(Date.now() + PASS_TTL_MS) })
      .where('id', '=', input.challengeId)
      .execute();
    return token;
  }

  /** Consumes a pass for `purpose`: true once per pass, within its lifetime. */
  async consume(
    purpose: ChallengePurpose,
    challengeId: string | undefined,
    token: string | undefined,
  ): Promise<boolean> {
    if (!challengeId || !token) return false;
    const row = await this.database.db
      .updateTable('slider_challenge')
      .set({ used_at: new Date() })
      .where('id', '=', challengeId)
      .where('purpose', '=', purpose)
      .where('pass_hash', '=', hash(token))
      .where('used_at', 'is', null)
      .where('pass_expires_at', '>', new Date())
      .returning('id')
      .executeTakeFirst();
    return Boolean(row);
  }
}
