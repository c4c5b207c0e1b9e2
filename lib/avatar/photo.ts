import 'server-only';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { database } from '@/lib/db';
import { avatars } from '@/lib/db/schema';
import { takeAllowance } from '@/lib/limits/allowances';

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
export const PHOTO_SIZE = 256;
/** Uploads and removals of one user's photo per hour: each is image work and a call to the identity provider. */
export const PHOTO_CHANGES_PER_HOUR = 10;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Checks an uploaded photo by its content (not its name or declared type) and makes a square 256 px
 * WebP of it: 413 over 2 MB, 415 for anything that is not a JPEG, PNG, WebP or GIF image.
 */
export async function processPhoto(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw new ApiError('photoTooLarge');
  if (bytes.byteLength === 0) throw new ApiError('unsupportedMediaType');
  try {
    // A decompression bomb is refused by the pixel limit before it is decoded.
    const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new ApiError('unsupportedMediaType');
    return await image.rotate().resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch (error) {
    throw error instanceof ApiError ? error : new ApiError('unsupportedMediaType');
  }
}

/** Counts a change of `uid`'s photo; beyond PHOTO_CHANGES_PER_HOUR a 429 saying when to try again. */
export function takePhotoAllowance(uid: string): Promise<void> {
  return takeAllowance('photo-changes', uid, PHOTO_CHANGES_PER_HOUR, 60 * 60 * 1000, 'tooManyPhotoChanges');
}

export async function savePhoto(uid: string, image: Buffer): Promise<void> {
  const db = await database();
  const row = { uid, image, contentType: 'image/webp', updatedAt: new Date() };
  await db.insert(avatars).values(row).onConflictDoUpdate({ target: avatars.uid, set: row });
}

export async function findPhoto(uid: string) {
  const db = await database();
  const [row] = await db.select().from(avatars).where(eq(avatars.uid, uid)).limit(1);
  return row ?? null;
}

export async function deletePhoto(uid: string): Promise<void> {
  const db = await database();
  await db.delete(avatars).where(eq(avatars.uid, uid));
}
