import { createHash, randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import { leadingZeroBits } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';

export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;
/**
 * The accessible alternative's work (decision 050): by default 14 zero bits, about 16,000 hashes,
 * a fraction of a second in a browser; each try costs a bot as much, and each is single use as an
 * image is. CAPTCHA_CHECK_BITS and CAPTCHA_CHECK_MAX_BITS set it (config.ts).
 */
export const CAPTCHA_CHECK_BITS = 14;
/**
 * The most the work rises to under abuse: 15 bits, about 33,000 hashes; measured in Chromium on a
 * loaded 2-core machine at about 25 µs a hash (WebCrypto, batches of 512), 0.8 s, so about a second
 * on a phone (16 bits took 1.6 s there).
 */
export const CAPTCHA_CHECK_MAX_BITS = 15;
/** The bounds a configured number of bits must keep (refused at start otherwise). */
export const CAPTCHA_CHECK_BITS_RANGE = { min: 8, max: 24 } as const;
/** The window in which a caller's checks and failures are counted. */
export const CAPTCHA_CHECK_WINDOW_MS = 10 * 60_000;
/** Checks a caller gets in one window at the base work; each doubling of them adds one bit. */
export const CAPTCHA_CHECK_FREE = 5;

export interface CaptchaCheckPolicy {
  /** The work of a caller in good standing. */
  bits: number;
  /** The cap of the rising work. */
  maxBits: number;
}

/**
 * The work asked of a caller who was given (or failed) `recent` checks in the current window: the
 * base for the first CAPTCHA_CHECK_FREE, then one bit more each time the count doubles, capped.
 */
export function checkBitsFor(recent: number, policy: CaptchaCheckPolicy): number {
  const extra = recent <= CAPTCHA_CHECK_FREE ? 0 : Math.floor(Math.log2(recent / CAPTCHA_CHECK_FREE));
  return Math.min(policy.maxBits, policy.bits + Math.max(0, extra));
}
const CHECK_PREFIX = 'pow:';

const hashId = (id: string) => createHash('sha256').update(id, 'utf8').digest();
const rnd = (min: number, max: number) => min + (randomInt(0, 10_000) / 10_000) * (max - min);

function svgFor(text: string): string {
  const w = CAPTCHA_WIDTH;
  const h = CAPTCHA_HEIGHT;
  const hue = randomInt(0, 360);
  const parts: string[] = [];
  // Noise under the glyphs: curves and dots in colours close to the glyphs', so thresholding fails.
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<path d="M${rnd(-10, 20)} ${rnd(0, h)} C ${rnd(20, 50)} ${rnd(-10, h + 10)}, ${rnd(60, 100)} ${rnd(-10, h + 10)}, ${rnd(100, w + 10)} ${rnd(0, h)}" stroke="hsl(${(hue + randomInt(0, 120)) % 360},55%,${randomInt(35, 60)}%)" stroke-width="${rnd(1, 2.2).toFixed(1)}" fill="none"/>`,
    );
  }
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<circle cx="${rnd(0, w).toFixed(1)}" cy="${rnd(0, h).toFixed(1)}" r="${rnd(0.6, 1.6).toFixed(1)}" fill="hsl(${randomInt(0, 360)},50%,45%)"/>`,
    );
  }
  const step = (w - 16) / text.length;
  [...text].forEach((ch, i) => {
    const x = 10 + i * step + rnd(0, step * 0.3);
    const y = h * 0.72 + rnd(-4, 4);
    const size = rnd(22, 28).toFixed(1);
    const angle = rnd(-28, 28).toFixed(1);
    const skew = rnd(-12, 12).toFixed(1);
    parts.push(
      `<text x="0" y="0" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle}) skewX(${skew})" font-family="DejaVu Sans, Noto Sans, sans-serif" font-weight="bold" font-size="${size}" fill="hsl(${(hue + 180 + randomInt(-40, 40)) % 360},65%,${randomInt(28, 42)}%)">${ch}</text>`,
    );
  });
  // Two strike lines across the glyphs.
  for (let i = 0; i < 2; i++) {
    parts.push(
      `<path d="M0 ${rnd(10, h - 10)} Q ${w / 2} ${rnd(0, h)} ${w} ${rnd(10, h - 10)}" stroke="hsl(${hue},40%,35%)" stroke-width="1.4" fill="none"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},45%,92%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},45%,86%)"/>
    </linearGradient>
    <filter id="warp"><feTurbulence type="fractalNoise" baseFrequency="0.04 0.09" numOctaves="2" seed="${randomInt(1, 1000)}"/><feDisplacementMap in="SourceGraphic" scale="6"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <g filter="url(#warp)">${parts.join('')}</g>
</svg>`;
}

/**
 * Image captchas drawn by the server (SVG with noise and a displacement warp, rendered to PNG by
 * sharp). Each is bound to the caller by a random id (cookie and header), stored only as a hash,
 * single use (deleted when checked, right or wrong) and expires after 5 minutes.
 */
export class CaptchaService {
  private readonly database: Database;
  private issued = 0;
  private readonly limiter: RateLimiter | null;
  private readonly policy: CaptchaCheckPolicy;

  /**
   * `limiter` counts each caller's checks and failed answers to them in the database (so the count
   * holds across instances); without it the work stays at the base.
   */
  constructor(database: Database, options: { limiter?: RateLimiter; check?: CaptchaCheckPolicy } = {}) {
    this.database = database;
    this.limiter = options.limiter ?? null;
    this.policy = options.check ?? { bits: CAPTCHA_CHECK_BITS, maxBits: CAPTCHA_CHECK_MAX_BITS };
  }

  private readonly checkRule = { limit: Number.MAX_SAFE_INTEGER, windowMs: CAPTCHA_CHECK_WINDOW_MS };
  private readonly checkBucket = (ip: string) => `captcha-check-work:${ip}`;

  async issue(ip: string): Promise<{ id: string; png: Buffer; answer: string }> {
    let answer = '';
    for (let i = 0; i < CAPTCHA_LENGTH; i++) answer += String(randomInt(0, 10));
    const png = await sharp(Buffer.from(svgFor(answer)))
      .png({ compressionLevel: 6 })
      .toBuffer();
    const id = randomBytes(18).toString('base64url');
    await this.database.db
      .insertInto('captcha')
      .values({ id_hash: hashId(id), answer, ip, expires_at: new Date(Date.now() + CAPTCHA_TTL_MS) })
      .execute();
    if (++this.issued % 200 === 0)
      await sql`delete from captcha where expires_at < now()`.execute(this.database.db);
    return { id, png, answer };
  }

  /**
   * The accessible alternative (WCAG 3.3.8): a salt to prove work on instead of a picture to read,
   * stored as a captcha whose answer is the rule (`pow:bits:salt`), bound and spent the same way.
   */
  async issueCheck(ip: string): Promise<{ id: string; salt: string; bits: number; expiresAt: number }> {
    const id = randomBytes(18).toString('base64url');
    const salt = randomBytes(12).toString('base64url');
    const expiresAt = Date.now() + CAPTCHA_TTL_MS;
    // The work rises with the caller's recent checks (this one counted) and failures, capped.
    const recent = this.limiter ? await this.limiter.hit(this.checkBucket(ip), this.checkRule) : 0;
    const bits = checkBitsFor(recent, this.policy);
    await this.database.db
      .insertInto('captcha')
      .values({
        id_hash: hashId(id),
        answer: `${CHECK_PREFIX}${bits}:${salt}`,
        ip,
        expires_at: new Date(expiresAt),
      })
      .execute();
    return { id, salt, bits, expiresAt };
  }

  /**
   * Checks (and consumes) the caller's captcha, found by the id the caller carries (captcha-http.ts
   * reads it from the request): true only for a live captcha with this answer (with `workOnly`,
   * only for a proof-of-work check).
   */
  async check(
    id: string | undefined,
    answer: string,
    options: { workOnly?: boolean } = {},
  ): Promise<boolean> {
    if (!id || !answer) return false;
    const row = await this.database.db
      .deleteFrom('captcha')
      .where('id_hash', '=', hashId(id))
      .returning(['answer', 'expires_at', 'ip'])
      .executeTakeFirst();
    if (!row || new Date(row.expires_at).getTime() < Date.now()) return false;
    if (row.answer.startsWith(CHECK_PREFIX)) {
      const [bits, salt] = row.answer.slice(CHECK_PREFIX.length).split(':');
      const n = answer.trim();
      const digest = createHash('sha256').update(`${salt}:${n}`, 'utf8').digest();
      const ok = /^\d{1,12}$/.test(n) && leadingZeroBits(digest) >= Number(bits);
      // A failed proof counts against its caller as one more check: the next ones cost more.
      if (!ok && this.limiter) await this.limiter.hit(this.checkBucket(row.ip), this.checkRule);
      return ok;
    }
    // `workOnly`: the slider's alternative takes a proof of work, never a picture's digits.
    if (options.workOnly) return false;
    return row.answer === answer.trim();
  }
}
