import { createHash, randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import { leadingZeroBits } from '@app/contract';
import type { Database } from '../../db/connection.ts';

export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;
/**
 * The accessible alternative's work (decision 050): 14 zero bits, about 16,000 hashes, a fraction
 * of a second in a browser; each try costs a bot as much, and each is single use as an image is.
 */
export const CAPTCHA_CHECK_BITS = 14;
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

  constructor(database: Database) {
    this.database = database;
  }

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
    await this.database.db
      .insertInto('captcha')
      .values({
        id_hash: hashId(id),
        answer: `${CHECK_PREFIX}${CAPTCHA_CHECK_BITS}:${salt}`,
        ip,
        expires_at: new Date(expiresAt),
      })
      .execute();
    return { id, salt, bits: CAPTCHA_CHECK_BITS, expiresAt };
  }

  /**
   * Checks (and consumes) the caller's captcha, found by the id the caller carries (captcha-http.ts
   * reads it from the request): true only for a live captcha with this answer.
   */
  async check(id: string | undefined, answer: string): Promise<boolean> {
    if (!id || !answer) return false;
    const row = await this.database.db
      .deleteFrom('captcha')
      .where('id_hash', '=', hashId(id))
      .returning(['answer', 'expires_at'])
      .executeTakeFirst();
    if (!row || new Date(row.expires_at).getTime() < Date.now()) return false;
    if (row.answer.startsWith(CHECK_PREFIX)) {
      const [bits, salt] = row.answer.slice(CHECK_PREFIX.length).split(':');
      const n = answer.trim();
      if (!/^\d{1,12}$/.test(n)) return false;
      const digest = createHash('sha256').update(`${salt}:${n}`, 'utf8').digest();
      return leadingZeroBits(digest) >= Number(bits);
    }
    return row.answer === answer.trim();
  }
}
