import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { hmac, safeEqual } from '../../platform/crypto.js';
import { AppError, notFound } from '../../platform/errors.js';
import { readUpload } from '../../platform/uploads.js';
import { detectImageType } from '../profile/image-type.js';

export const photoLimits = {
  maxBytes: 8 * 1024 * 1024,
  maxPerEntry: 2,
  typeMessage: 'Photo must be a PNG, JPEG or WebP image',
  sizeMessage: 'Photo must be 8 MB or smaller',
};

/** A stored photo's id: random, with the image type's extension. */
export const photoIdPattern = /^[a-f0-9]{24}\.(png|jpg|webp)$/;
const urlLifetimeSeconds = 60 * 60;

const keyOf = (patientId: string, fileId: string) => `journal/${patientId}/${fileId}`;

/**
 * Journal photos (photo mode, at most 2 per entry). They are clinical content: readable only through
 * a signed URL that expires after an hour, handed out with the entry to whoever may read it (the
 * author, or a connected provider for a non-private entry), so <img> can show them without a token.
 */
export class JournalPhotos {
  constructor(private readonly ctx: AppContext) {}

  private signature(patientId: string, fileId: string, expires: number) {
    return hmac(this.ctx.config.jwtSecret, `journal-photo:${patientId}:${fileId}:${expires}`);
  }

  url(patientId: string, fileId: string): string {
    const now = Math.floor(this.ctx.clock.now().getTime() / 1000);
    // Expiry rounded to the quarter hour so an entry's URLs stay stable for a while.
    const expires = (Math.floor(now / 900) + 1) * 900 + urlLifetimeSeconds;
    const sig = this.signature(patientId, fileId, expires);
    return `/api/v1/journal-photos/${patientId}/${fileId}?expires=${expires}&sig=${sig}`;
  }

  async exists(patientId: string, fileId: string): Promise<boolean> {
    if (!photoIdPattern.test(fileId)) return false;
    return (await this.ctx.files.get(keyOf(patientId, fileId))) !== null;
  }

  async store(patientId: string, data: Buffer, mimetype: string) {
    if (data.length > photoLimits.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', photoLimits.sizeMessage);
    const type = detectImageType(data);
    if (!type || type.mime !== mimetype) throw new AppError('UNSUPPORTED_MEDIA', photoLimits.typeMessage);
    const fileId = `${randomBytes(12).toString('hex')}.${type.ext}`;
    await this.ctx.files.put(keyOf(patientId, fileId), data, type.mime);
    return { fileId, url: this.url(patientId, fileId) };
  }

  routes(): FastifyPluginAsyncZod {
    const patient = { preValidation: this.ctx.guards.requireRole('patient') };
    return async (app) => {
      app.post(
        '/journal-photos',
        { ...patient, schema: { tags: ['moods'], consumes: ['multipart/form-data'] } },
        async (request, reply) => {
          const { data, mimetype } = await readUpload(request, {
            field: 'photo',
            maxBytes: photoLimits.maxBytes,
            requiredMessage: 'Photo is required',
            sizeMessage: photoLimits.sizeMessage,
            notMultipartMessage: 'Send the photo as multipart/form-data.',
          });
          const stored = await this.store(caller(request).sub, data, mimetype);
          reply.code(201);
          return { success: true, data: stored };
        },
      );

      app.get(
        '/journal-photos/:patientId/:fileId',
        {
          schema: {
            tags: ['moods'],
            params: z.object({ patientId: z.uuid(), fileId: z.string().regex(photoIdPattern) }),
            querystring: z.object({ expires: z.coerce.number().int(), sig: z.string().max(100) }),
          },
        },
        async (request, reply) => {
          const { patientId, fileId } = request.params;
          const { expires, sig } = request.query;
          const now = Math.floor(this.ctx.clock.now().getTime() / 1000);
          if (expires < now || !safeEqual(sig, this.signature(patientId, fileId, expires)))
            throw notFound('File not found');
          const file = await this.ctx.files.get(keyOf(patientId, fileId));
          if (!file) throw notFound('File not found');
          reply.header('content-type', file.contentType);
          reply.header('x-content-type-options', 'nosniff');
          return reply.send(file.body);
        },
      );
    };
  }
}
