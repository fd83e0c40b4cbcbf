import sharp from 'sharp';
import { AvatarLimits, Errors } from '@app/contract';
import { fail } from '../../platform/http/errors.ts';
import { imageTypeOf } from '../withdraw/proof-image.ts';

type AvatarSource = 'image/png' | 'image/jpeg' | 'image/webp';

/** `RIFF....WEBP`: the WebP container's signature (the proof uploads know only PNG and JPEG). */
function isWebp(bytes: Buffer): boolean {
  return (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  );
}

/** The uploaded image's type from its first bytes, never from its name or the claimed Content-Type. */
export function avatarTypeOf(bytes: Buffer): AvatarSource | null {
  return imageTypeOf(bytes) ?? (isWebp(bytes) ? 'image/webp' : null);
}

/** Decoded pixels an upload may have: a 2 MB file that unpacks to gigabytes is refused. */
const MAX_PIXELS = 40_000_000;

/**
 * Checks an upload and re-encodes it: the signature must be PNG, JPEG or WebP and the decoder must
 * agree, the picture is turned upright, cut to a centred square of AvatarLimits.side pixels and
 * written as a fresh WebP without any metadata (no EXIF location, no embedded payload survives).
 * Answers the data URL the member info carries; nothing is written anywhere by this function.
 */
export async function reencodeAvatar(bytes: Buffer): Promise<string> {
  if (bytes.length > AvatarLimits.maxBytes) throw fail(Errors.avatarTooLarge);
  if (bytes.length === 0) throw fail(Errors.avatarInvalid, { message: 'The upload is empty' });
  const type = avatarTypeOf(bytes);
  if (!type) throw fail(Errors.avatarInvalid);
  const format = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' }[type];
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false });
    const meta = await image.metadata();
    if (meta.format !== format || !meta.width || !meta.height) throw new Error('not the signed format');
    const out = await image
      .rotate()
      .resize(AvatarLimits.side, AvatarLimits.side, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
    return `data:image/webp;base64,${out.toString('base64')}`;
  } catch {
    throw fail(Errors.avatarInvalid, {
      message: `${Errors.avatarInvalid.message}: the file is not a readable image`,
    });
  }
}
