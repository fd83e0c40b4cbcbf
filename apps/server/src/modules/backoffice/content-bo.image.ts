import sharp from 'sharp';
import { backoffice } from '@app/contract';
import { fail } from '../../platform/http/errors.ts';
import { avatarTypeOf } from '../profile/avatar-image.ts';

const E = backoffice.ContentErrors;
const { maxBytes, maxSide } = backoffice.ContentImageLimits;

/** Decoded pixels an upload may have: a 5 MB file that unpacks to gigabytes is refused. */
const MAX_PIXELS = 40_000_000;

/**
 * A banner image as uploaded by staff: its type from its first bytes (PNG, JPEG or WebP: the
 * avatars' signature check, never the file's name or the claimed Content-Type), the decoder must
 * agree with the signature, then it is turned upright, brought within maxSide pixels and written as
 * a fresh WebP without metadata (no EXIF, nothing embedded survives).
 */
export async function reencodeContentImage(
  bytes: Buffer,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  if (bytes.length > maxBytes) throw fail(E.boContentImageTooLarge);
  if (bytes.length === 0) throw fail(E.boContentImageInvalid, { message: 'The upload is empty' });
  const type = avatarTypeOf(bytes);
  if (!type) throw fail(E.boContentImageInvalid);
  const format = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' }[type];
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false });
    const meta = await image.metadata();
    if (meta.format !== format || !meta.width || !meta.height) throw new Error('not the signed format');
    const { data, info } = await image
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw fail(E.boContentImageInvalid, {
      message: `${E.boContentImageInvalid.message}: the file is not a readable image`,
    });
  }
}
