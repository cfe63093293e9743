/** One message of a journaling conversation, as the user's client sends it. */
export interface AiMessage {
  role: 'user' | 'assistant';
  text: string;
}

export interface AiEmotion {
  primaryEmotion?: string;
  secondaryEmotion?: string;
  specificFeeling?: string;
  /** 1–10. */
  intensity?: number;
}

/** What the assistant may draw on besides the conversation: only the user's own data. */
export interface AiContext {
  firstName?: string;
  /** Texts of the goals the user linked to this entry (their own, active). */
  goals?: { text: string }[];
  /** The emotion the user selected for this entry. */
  emotion?: AiEmotion;
  mode: 'chat' | 'voice';
  /** 1-based number of the reply being written; defaults to the assistant messages so far + 1. */
  turn?: number;
  /** Voice mode: from this turn on the reply is a closing statement, not a question. */
  maxTurns?: number;
}

export interface AiChatRequest {
  messages: AiMessage[];
  context: AiContext;
  signal?: AbortSignal;
}

/**
 * The assistant behind journaling chat and voice (spec ruling 10): the built-in local engine or an
 * OpenAI-compatible endpoint. Failures are AppErrors ('UNAVAILABLE'); an aborted request rejects
 * with the abort reason.
 */
export interface AiPort {
  /** Streams the reply in chunks of text. */
  chat(request: AiChatRequest): AsyncIterable<string>;
  /** The whole reply at once. */
  complete(request: AiChatRequest): Promise<string>;
  /** 'local' or 'openai', for logs and the health of the feature. */
  readonly kind: 'local' | 'openai';
}

/** The turn a reply is for, when the client did not say. */
export function replyTurn(request: AiChatRequest): number {
  return request.context.turn ?? request.messages.filter((m) => m.role === 'assistant').length + 1;
}

/** Voice mode's last turn is a closing statement (Part 1 §4 'Voice conversation'). */
export function isClosingTurn(request: AiChatRequest): boolean {
  const { mode, maxTurns } = request.context;
  return mode === 'voice' && maxTurns !== undefined && replyTurn(request) >= maxTurns;
}

export async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}
