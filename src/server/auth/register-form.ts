import type { FastifyRequest } from 'fastify';
import { PROFILE_PHOTO_MAX_BYTES } from '#domain/constants.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { readMultipartForm } from '../http/multipart.ts';

/** The register call's text fields, exactly as sent, and its optional photo. */
export interface RegisterForm {
  fields: Record<string, string>;
  photo: Buffer | undefined;
}

const TEXT_FIELDS = new Set(['userName', 'email', 'password', 'phoneNumber']);
const PHOTO_FIELD = 'images';

/**
 * Reads the multipart form of spec 7 (userName, email, password, phoneNumber, images). Other
 * fields are dropped, so nothing like isAdmin can ride along. A JSON body with the same
 * text fields is accepted too, for clients that register without a photo.
 */
export async function readRegisterForm(request: FastifyRequest): Promise<RegisterForm> {
  if (!request.isMultipart()) {
    const json = (request.body ?? {}) as Record<string, unknown>;
    return { fields: pickTextFields(Object.entries(json)), photo: undefined };
  }
  const form = await readMultipartForm(request, {
    fileField: PHOTO_FIELD,
    limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1 },
    fileTooLargeMessage: authMessages.profilePhotoTooLarge,
  });
  return { fields: pickTextFields(Object.entries(form.fields)), photo: form.files[0] };
}

function pickTextFields(entries: [string, unknown][]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (TEXT_FIELDS.has(name) && typeof value === 'string') fields[name] = value;
  }
  return fields;
}
