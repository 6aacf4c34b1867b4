import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { PROFILE_PHOTO_MAX_BYTES } from '#domain/constants.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { badRequest } from '../http/errors.ts';
import { readMultipartForm } from '../http/multipart.ts';
import { processProfilePhoto } from '../images/image-processing.ts';
import type { ImageJobRunner } from '../images/image-queue.ts';
import type { Storage } from '../storage/storage.ts';

/** The multipart field the photo travels in (the same name registration uses). */
export const PROFILE_PHOTO_FIELD = 'images';

/** Reads the one photo of a multipart call, refusing anything over PROFILE_PHOTO_MAX_BYTES. */
export async function readProfilePhoto(request: FastifyRequest): Promise<Buffer> {
  const { files } = await readMultipartForm(request, {
    fileField: PROFILE_PHOTO_FIELD,
    limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1 },
    fileTooLargeMessage: authMessages.profilePhotoTooLarge,
  });
  const [photo] = files;
  if (!photo) throw badRequest(profileMessages.photoRequired);
  return photo;
}

/**
 * Decodes, squares and re-encodes the photo (sharp refuses non-images, SVG and pixel bombs) and
 * stores it under a key of its own: a new file for every change, so caches never serve an old one.
 * Registration stores its photo through here too.
 */
export async function storeProfilePhoto(storage: Storage, images: ImageJobRunner, input: Buffer): Promise<string> {
  const photo = await images.run(() => processProfilePhoto(input));
  // The same key shape registration uses.
  const key = `avatars/${randomUUID()}.webp`;
  await storage.put(key, photo.data, 'image/webp');
  return key;
}
