import type { FastifyRequest } from 'fastify';
import { siteMessages } from '#domain/site.messages.ts';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from './errors.ts';
import { refuseNul } from './text-guard.ts';

/** A multipart form read into memory: the first value of each text field, and the wanted files. */
export interface MultipartForm {
  fields: Record<string, string>;
  /** Non-empty files of `fileField`, in the order they came (browsers send an empty part for an unused input). */
  files: Buffer[];
}

export interface MultipartOptions {
  /** The field the files travel in; files under any other name are read past and dropped. */
  fileField: string;
  /** Per-call limits; unset, the plugin's (app.ts) apply. */
  limits?: { fileSize: number; files: number };
  /** The 413 msg when a file is over its size limit. */
  fileTooLargeMessage: string;
  /** The msg when there are more files than allowed; unset, a generic 413. */
  tooManyFilesMessage?: string;
}

/**
 * Reads a multipart call within @fastify/multipart's limits. Whatever the parser refuses becomes
 * an answer in the product's words: a limit is 413 (or 400 for too many photos), a body that is
 * not the multipart it claims to be (a wrong or missing boundary, a form cut off halfway) is 400
 * instead of a 500 with a stack trace in the log.
 */
export async function readMultipartForm(request: FastifyRequest, options: MultipartOptions): Promise<MultipartForm> {
  if (!request.isMultipart()) throw unsupportedMediaType();
  // No prototype: a field named __proto__ or constructor is just a field.
  const form: MultipartForm = { fields: Object.create(null) as Record<string, string>, files: [] };
  try {
    for await (const part of request.parts(options.limits ? { limits: options.limits } : undefined)) {
      if (part.type === 'field') {
        if (!(part.fieldname in form.fields) && typeof part.value === 'string') {
          refuseNul(part.value);
          form.fields[part.fieldname] = part.value;
        }
      } else if (part.fieldname === options.fileField) {
        const data = await part.toBuffer();
        if (data.length > 0) form.files.push(data);
      } else {
        // Every file is read to its end, or the rest of the form never arrives.
        part.file.resume();
      }
    }
  } catch (error) {
    throw multipartFailure(error, options);
  }
  return form;
}

function multipartFailure(error: unknown, options: MultipartOptions): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(options.fileTooLargeMessage);
    case 'FST_FILES_LIMIT':
      return options.tooManyFilesMessage ? badRequest(options.tooManyFilesMessage) : payloadTooLarge();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return payloadTooLarge();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unsupportedMediaType();
    default:
      // The parser's own errors (busboy's "Unexpected end of form", "Boundary not found" …) carry no code.
      return badRequest(siteMessages.malformedUpload);
  }
}
