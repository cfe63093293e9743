import { z } from 'zod';
import { lengths, messages } from '@mindledger/domain';

const [, maxMessage] = lengths.chatMessage;
const [, maxEmotion] = lengths.emotionField;
export const maxChatMessages = 40;

const blank = 'Please enter a message';
const emotionName = z
  .string({ error: messages.invalidFormat })
  .trim()
  .max(maxEmotion, messages.maxChars(maxEmotion))
  .nullish()
  .transform((v) => v || undefined);

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant'], { error: messages.oneOf(['user', 'assistant']) }),
  text: z.string({ error: blank }).trim().min(1, blank).max(maxMessage, messages.maxChars(maxMessage)),
});

/** POST /api/ai/journal-chat (docs/API-ai.md). Unknown emotion fields (emoji, colour…) are dropped. */
export const journalChatSchema = z
  .object({
    messages: z
      .array(chatMessageSchema, { error: blank })
      .min(1, blank)
      .max(maxChatMessages, `Must not exceed ${maxChatMessages} messages`),
    mode: z.enum(['chat', 'voice'], { error: messages.oneOf(['chat', 'voice']) }).default('chat'),
    turn: z
      .number({ error: messages.validNumber })
      .int(messages.validNumber)
      .min(1, messages.minValue(1))
      .max(100, messages.maxValue(100))
      .optional(),
    maxTurns: z
      .number({ error: messages.validNumber })
      .int(messages.validNumber)
      .min(1, messages.minValue(1))
      .max(10, messages.maxValue(10))
      .default(3),
    emotion: z
      .object({
        primaryEmotion: emotionName,
        secondaryEmotion: emotionName,
        specificFeeling: emotionName,
        intensity: z
          .number({ error: 'Intensity must be between 1 and 10' })
          .int('Intensity must be between 1 and 10')
          .min(1, 'Intensity must be between 1 and 10')
          .max(10, 'Intensity must be between 1 and 10')
          .nullish()
          .transform((v) => v ?? undefined),
      })
      .nullish()
      .transform((v) => v ?? undefined),
    goalIds: z
      .array(z.string().uuid(messages.invalidFormat), { error: messages.invalidFormat })
      .max(10, 'Must not exceed 10 goals')
      .optional(),
  })
  .superRefine((body, issue) => {
    if (body.messages.at(-1)?.role !== 'user') {
      issue.addIssue({ code: 'custom', path: ['messages'], message: 'The last message must be from you' });
    }
  });

export type JournalChatInput = z.infer<typeof journalChatSchema>;
