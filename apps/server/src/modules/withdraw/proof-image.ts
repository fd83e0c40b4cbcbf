import sharp from 'sharp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * The type of an uploaded proof from its first bytes (its file signature), never from its name or
 * the Content-Type the client claims: a renamed text file or PDF is refused (WD-09).
 */
export function imageTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE))
    return 'image/png';
  if (
    bytes.length >= JPEG_SIGNATURE.length &&
    bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)
  )
    return 'image/jpeg';
  return null;
}

/**
 * Whether the image's header parses as the type its signature names, so a file that only starts
 * with the magic bytes is refused too. Reads the header only: no pixels are decoded.
 */
export async function headerMatches(bytes: Buffer, type: 'image/png' | 'image/jpeg'): Promise<boolean> {
  try {
    const meta = await sharp(bytes, { failOn: 'none' }).metadata();
    const format = type === 'image/png' ? 'png' : 'jpeg';
    return meta.format === format && (meta.width ?? 0) > 0 && (meta.height ?? 0) > 0;
  } catch {
    return false;
  }
}
