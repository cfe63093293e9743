import { z } from 'zod';
import { lengths, messages, summaryTableNameValues } from '@mindledger/domain';
import { conversationPageMax } from './service.js';

const [, maxMessage] = lengths.chatMessage;
const blank = 'Please enter a message';
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Not found');

/** POST /api/ai/initial-journey: the client's answer (the conversation so far is on the server). */
export const journeyTurnBody = z.object({
  message: z.string({ error: blank }).trim().min(1, blank).max(maxMessage, messages.maxChars(maxMessage)),
});

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const conversationQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(conversationPageMax).default(50),
  all: flag.default(false),
  patientId: z.string().max(64).optional(),
});

/** The `{ data }` envelope of the generation calls (Part 2 §7); `data.patientId` names a client. */
export const dataBody = z
  .object({
    data: z
      .object({ patientId: z.string().max(64).optional() })
      .passthrough()
      .optional(),
  })
  .passthrough()
  .optional()
  .transform((b) => ({ patientId: b?.data?.patientId }));

export const patientBody = z
  .object({
    patientId: z.string().max(64).optional(),
    data: z
      .object({ patientId: z.string().max(64).optional() })
      .passthrough()
      .optional(),
  })
  .passthrough()
  .optional()
  .transform((b) => ({ patientId: b?.patientId ?? b?.data?.patientId }));

export const shareBody = z.object({
  doctorEmail: z.string().trim().max(254).optional(),
  summaryTableName: z
    .enum(summaryTableNameValues as [string, ...string[]], {
      error: messages.oneOf(summaryTableNameValues),
    })
    .optional(),
  documentId: uuid.optional(),
  /**
   * The client's consent to share a document that draws on private entries (decision 103): without
   * `true` such a share is refused (409 PRIVATE_ENTRIES_CONSENT_REQUIRED).
   */
  includesPrivateEntriesConsent: z.boolean().optional(),
  /** A provider's share (features/clinical-documents): one of these. */
  notesSummaryId: uuid.optional(),
  carePlanId: uuid.optional(),
});

export const idParams = z.object({ id: z.string().max(64) });
export const patientParams = z.object({ patientId: z.string().max(64) });
export const patientLimitParams = z.object({
  patientId: z.string().max(64),
  limit: z.coerce.number().int().min(1).max(50),
});
export const profileBody = z.object({ clientProfile: z.unknown() });
