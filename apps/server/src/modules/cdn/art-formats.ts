import sharp from 'sharp';

/**
 * The drawn art in the forms and sizes a page asks for (decision 015). The spec's paths end in
 * .png and stay valid: the format is negotiated from the Accept header (AVIF, else WebP, else PNG;
 * answers say `Vary: Accept`), and `?w=` asks for a narrower copy for `srcset`. The widths are a
 * fixed list so the cache holds a bounded number of copies of each image.
 */

export type ArtFormat = 'avif' | 'webp' | 'png';

/** Widths a page may ask for with `?w=`: phone and desktop slots at 1×–3× (banners, tiles, logos). */
export const ART_WIDTHS: readonly number[] = [120, 240, 360, 480, 720, 960, 1440];

const MIME: Record<ArtFormat, string> = { avif: 'image/avif', webp: 'image/webp', png: 'image/png' };

/** q-value an Accept header gives a media type by name; 0 when it does not name it. */
function namedQ(header: string, type: string): number {
  for (const part of header.split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    if (range?.trim() !== type) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean);
    return q ? Number(q[1]) : 1;
  }
  return 0;
}

/**
 * The best format the client names: AVIF, then WebP, each only when the Accept header lists it
 * by name (a bare `image/*` is no promise to decode them); otherwise PNG, which every client reads.
 */
export function negotiateArtFormat(accept: string | undefined): ArtFormat {
  if (!accept) return 'png';
  if (namedQ(accept, MIME.avif) > 0) return 'avif';
  if (namedQ(accept, MIME.webp) > 0) return 'webp';
  return 'png';
}

export type WidthRequest = { ok: true; width: number | null } | { ok: false };

/** `?w=` of the request: absent means the drawn size; anything not in ART_WIDTHS is refused. */
export function requestedWidth(query: unknown): WidthRequest {
  const w = (query as Record<string, unknown> | undefined)?.w;
  if (w === undefined) return { ok: true, width: null };
  const n = typeof w === 'string' && /^\d{1,5}$/.test(w) ? Number(w) : Number.NaN;
  return ART_WIDTHS.includes(n) ? { ok: true, width: n } : { ok: false };
}

/** The content type of encoded image bytes, read from their signature. */
export function artType(body: Buffer): string {
  if (body.subarray(4, 12).toString('latin1') === 'ftypavif') return MIME.avif;
  if (body.subarray(0, 4).toString('latin1') === 'RIFF' && body.subarray(8, 12).toString('latin1') === 'WEBP')
    return MIME.webp;
  return MIME.png;
}

/** The cache key of one form of a drawn image. */
export function variantKey(key: string, format: ArtFormat, width: number | null): string {
  return format === 'png' && width === null ? key : `${key}@${width ?? 'full'}.${format}`;
}

/**
 * The drawn PNG in another form: narrowed to `width` (never widened) and re-encoded. Lossy AVIF
 * and WebP at these qualities keep the art's text and edges clean; when a re-encoding is not
 * smaller than the PNG at that size (small flat icons), the PNG is kept, and the answer's content
 * type follows the bytes.
 */
export async function encodeArt(png: Buffer, format: ArtFormat, width: number | null): Promise<Buffer> {
  let image = sharp(png);
  if (width !== null) image = image.resize({ width, withoutEnlargement: true });
  const asPng = width === null ? png : await image.clone().png({ compressionLevel: 9 }).toBuffer();
  if (format === 'png') return asPng;
  const encoded =
    format === 'avif'
      ? await image.avif({ quality: 55, effort: 3 }).toBuffer()
      : await image.webp({ quality: 80, effort: 4 }).toBuffer();
  return encoded.length < asPng.length ? encoded : asPng;
}
