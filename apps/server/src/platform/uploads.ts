import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';

export const uploadMessages = {
  unreadable: 'The upload could not be read. Please try again.',
} as const;

export interface UploadRules {
  /** The form field that carries the file. */
  field: string;
  maxBytes: number;
  /** 400 when the form has no file in `field`. */
  requiredMessage: string;
  /** 413 when the file is larger than `maxBytes`. */
  sizeMessage: string;
  /** 415 when the body is not multipart/form-data. */
  notMultipartMessage: string;
}

/**
 * What a failed multipart read means: a file over the limit is too large (413); anything else
 * (no boundary, a boundary the body never uses, a body cut off before its closing boundary) is a
 * request we cannot read (400), not a server fault and not "too large".
 */
function uploadError(error: unknown, rules: UploadRules): AppError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', rules.sizeMessage);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', uploadMessages.unreadable);
  return badRequest(uploadMessages.unreadable);
}

/**
 * The one file of a multipart upload, read into memory within its limit. Only the file's bytes and
 * declared type are used: field values, file names and part headers never reach the database.
 */
export async function readUpload(
  request: FastifyRequest,
  rules: UploadRules,
): Promise<{ data: Buffer; mimetype: string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', rules.notMultipartMessage);
  try {
    const part = await request.file({ limits: { fileSize: rules.maxBytes, files: 1 } });
    if (!part || part.fieldname !== rules.field) throw badRequest(rules.requiredMessage);
    return { data: await part.toBuffer(), mimetype: part.mimetype };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw uploadError(error, rules);
  }
}

/**
 * The one file of a multipart upload handed to `sink` as a stream (never whole in memory), within
 * its limit: a file over `maxBytes` fails the sink's stream and answers 413. Answers what the sink
 * answered, with the part's declared name (the caller cleans it before keeping it).
 */
export async function streamUpload<T>(
  request: FastifyRequest,
  rules: UploadRules,
  sink: (file: NodeJS.ReadableStream) => Promise<T>,
): Promise<{ result: T; filename: string; mimetype: string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', rules.notMultipartMessage);
  try {
    const part = await request.file({ limits: { fileSize: rules.maxBytes, files: 1 } });
    if (!part || part.fieldname !== rules.field) throw badRequest(rules.requiredMessage);
    const result = await sink(part.file);
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', rules.sizeMessage);
    return { result, filename: part.filename, mimetype: part.mimetype };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw uploadError(error, rules);
  }
}
