import { assessRisk, safetyNotice, type SafetyNotice } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { crisisResourcesOfUser } from '../../platform/crisis-resources.js';
import { tooManyRequests } from '../../platform/errors.js';
import { localReply, type AiChatRequest, type AiPort } from '../../platform/ai/index.js';
import { firstNameOf, ownActiveGoalTexts } from './repo.js';
import type { JournalChatInput } from './schema.js';

const MINUTE = 60_000;

export interface PreparedChat {
  request: AiChatRequest;
  safety: SafetyNotice;
  /** Ruling 12: a crisis is answered by the built-in words, whatever engine is configured. */
  engine: AiPort | 'crisis';
}

/** The journaling assistant call: the caller's own context, the safety check, the engine. */
export class AiJournalService {
  constructor(private readonly ctx: AppContext) {}

  /** Assistant replies per user per minute (on top of the per-address limit of every route). */
  async throttle(userId: string): Promise<void> {
    const { rateLimits, ai } = this.ctx.config;
    if (!rateLimits.enabled) return;
    const { count, resetMs } = await this.ctx.store.hit(`ai:${userId}`, MINUTE);
    if (count > ai.perMinute) {
      const seconds = Math.max(1, Math.ceil(resetMs / 1000));
      throw tooManyRequests(`Rate limit reached. Please wait ${seconds} seconds before trying again.`, {
        retryAfter: seconds,
      });
    }
  }

  async prepare(userId: string, input: JournalChatInput, signal: AbortSignal): Promise<PreparedChat> {
    const [goalTexts, firstName] = await Promise.all([
      ownActiveGoalTexts(this.ctx.db, userId, input.goalIds ?? []),
      firstNameOf(this.ctx.db, userId),
    ]);
    const lastUserText = input.messages.findLast((m) => m.role === 'user')?.text ?? '';
    const risk = assessRisk(lastUserText);
    const resources = risk.level === 'none' ? undefined : await crisisResourcesOfUser(this.ctx, userId);
    const request: AiChatRequest = {
      messages: input.messages,
      context: {
        firstName,
        goals: goalTexts.map((text) => ({ text })),
        emotion: input.emotion,
        mode: input.mode,
        turn: input.turn,
        maxTurns: input.maxTurns,
        ...(resources ? { crisisHelp: resources.lines.join(' ') } : {}),
      },
      signal,
    };
    // Nothing about the conversation or its risk level is logged: both are health information.
    return {
      request,
      safety: safetyNotice(risk.level, resources),
      engine: risk.level === 'crisis' ? 'crisis' : this.ctx.ai,
    };
  }

  async complete(chat: PreparedChat): Promise<string> {
    if (chat.engine === 'crisis') return localReply(chat.request);
    return chat.engine.complete(chat.request);
  }

  stream(chat: PreparedChat): AsyncIterable<string> {
    if (chat.engine === 'crisis') return words(localReply(chat.request));
    return chat.engine.chat(chat.request);
  }
}

async function* words(text: string): AsyncIterable<string> {
  for (const piece of text.match(/\S+\s*/g) ?? []) yield piece;
}
