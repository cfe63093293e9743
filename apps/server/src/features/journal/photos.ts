import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { photoLimits } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { journalEntries } from '../../db/schema/index.js';
import { caller } from '../../platform/auth.js';
import { hmac, safeEqual } from '../../platform/crypto.js';
import { AppError, notFound } from '../../platform/errors.js';
import { readUpload } from '../../platform/uploads.js';
import { detectImageType } from '../../platform/image-type.js';

export { photoLimits };

/** A stored photo's id: random, with the image type's extension. */
export const photoIdPattern = /^[a-f0-9]{24}\.(png|jpg|webp)$/;
/** A link lives 5 to 6 minutes: its expiry is rounded up to the minute so URLs stay stable a while. */
const urlLifetimeSeconds = 5 * 60;

const keyOf = (patientId: string, fileId: string) => `journal/${patientId}/${fileId}`;

/** What a signed photo link names: whose photo, who it was issued to, and the entry holding it. */
export interface PhotoLink {
  patientId: string;
  fileId: string;
  /** The user the link was handed to (the author, or a provider). */
  viewer: string;
  /** The entry the link was handed out with; none for the author's fresh upload. */
  entryId?: string | undefined;
}

/**
 * Journal photos (photo mode, at most 2 per entry). They are clinical content. <img> loads them
 * without a bearer token, so each link is signed for one viewer and one entry, lives a few minutes,
 * and every fetch checks again, as the API would: the entry is live, not private when the viewer
 * is a provider, and the viewer is the author or a provider the access policy still connects to
 * the client. Each provider fetch is audited (ACCESS_PHI, journal-photo).
 */
export class JournalPhotos {
  constructor(private readonly ctx: AppContext) {}

  private signature(link: PhotoLink, expires: number) {
    const { patientId, fileId, viewer, entryId } = link;
    return hmac(
      this.ctx.config.jwtSecret,
      `journal-photo:v2:${patientId}:${fileId}:${viewer}:${entryId ?? ''}:${expires}`,
    );
  }

  url(link: PhotoLink): string {
    const now = Math.floor(this.ctx.clock.now().getTime() / 1000);
    const expires = Math.ceil((now + urlLifetimeSeconds) / 60) * 60;
    const query = new URLSearchParams({ viewer: link.viewer });
    if (link.entryId) query.set('entry', link.entryId);
    query.set('expires', String(expires));
    query.set('sig', this.signature(link, expires));
    return `/api/v1/journal-photos/${link.patientId}/${link.fileId}?${query.toString()}`;
  }

  /** Whether the entry is live, holds the photo, and (for a provider) is not private. */
  private async entryHolds(link: PhotoLink & { entryId: string }, includePrivate: boolean) {
    const holding = sql`${journalEntries.photoData} -> 'images' @> ${JSON.stringify([{ fileId: link.fileId }])}::jsonb`;
    const rows = await this.ctx.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.id, link.entryId),
          eq(journalEntries.patientId, link.patientId),
          sql`not ${journalEntries.deleted}`,
          includePrivate ? undefined : eq(journalEntries.isPrivate, false),
          holding,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** The fetch-time check of a validly signed link; a provider's fetch is audited either way. */
  private async mayFetch(request: FastifyRequest, link: PhotoLink): Promise<boolean> {
    const { entryId } = link;
    if (link.viewer === link.patientId) return entryId ? this.entryHolds({ ...link, entryId }, true) : true;
    const allowed =
      entryId !== undefined &&
      (await this.ctx.policy.isConnected(link.viewer, link.patientId)) &&
      (await this.entryHolds({ ...link, entryId }, false));
    await this.ctx.audit.record(
      {
        action: allowed ? 'ACCESS_PHI' : 'AUTHORIZATION_FAILURE',
        actorId: link.viewer,
        actorRole: 'provider',
        resourceType: 'journal-photo',
        resourceId: entryId ?? link.fileId,
        patientId: allowed ? link.patientId : null,
      },
      request,
    );
    return allowed;
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
    return { fileId, url: this.url({ patientId, fileId, viewer: patientId }) };
  }

  routes(): FastifyPluginAsyncZod {
    const patient = { preValidation: this.ctx.guards.requireRole('patient') };
    return async (app) => {
      app.post(
        '/journal-photos',
        {
          ...patient,
          config: { upload: true },
          schema: { tags: ['moods'], consumes: ['multipart/form-data'] },
        },
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
            querystring: z.object({
              viewer: z.uuid(),
              entry: z.uuid().optional(),
              expires: z.coerce.number().int(),
              sig: z.string().max(100),
            }),
          },
        },
        async (request, reply) => {
          const { patientId, fileId } = request.params;
          const { viewer, entry, expires, sig } = request.query;
          const link: PhotoLink = { patientId, fileId, viewer, entryId: entry };
          const now = Math.floor(this.ctx.clock.now().getTime() / 1000);
          if (expires < now || !safeEqual(sig, this.signature(link, expires)))
            throw notFound('File not found');
          if (!(await this.mayFetch(request, link))) throw notFound('File not found');
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
