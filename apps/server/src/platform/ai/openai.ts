import OpenAI, { APIUserAbortError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { AppError } from '../errors.js';
import {
  documentJsonSchema,
  generateDocument,
  schemaInstruction,
  type ChatTurn,
} from './openai-documents.js';
import type { AiChatRequest, AiPort, DocumentRequest, GeneratedDocument, GenerationKind } from './port.js';
import { systemPrompt } from './prompt.js';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per attempt until the answer starts, then the longest silence within a streamed answer. */
  timeoutMs: number;
  maxRetries: number;
  /** The clock stamped on generated documents. */
  now?: () => Date;
}

export const assistantUnavailable = () =>
  new AppError('UNAVAILABLE', 'The assistant is unavailable right now. Please try again.');

/** What is safe to log about a failure: kind and status, never the conversation or a document. */
export interface AiFailure {
  /** 'invalid': a document answer failed validation twice (issue 14). */
  kind: 'timeout' | 'status' | 'connection' | 'empty' | 'invalid';
  status?: number;
  /** Which document was being generated, when it was one. */
  document?: GenerationKind;
}

/** How documents ask for JSON: the schema, or plain JSON mode where the endpoint refuses schemas. */
type JsonMode = 'json_schema' | 'json_object';

/**
 * Any OpenAI-compatible chat-completions endpoint (spec ruling 10): hosted or self-hosted. Failures
 * surface as one AppError (503) the web app shows; the user's abort is passed through as is.
 */
export class OpenAiEngine implements AiPort {
  readonly kind = 'openai' as const;
  private readonly client: OpenAI;
  /** Remembered per engine: an endpoint that answered 400 to json_schema gets json_object from then on. */
  private jsonMode: JsonMode = 'json_schema';

  constructor(
    private readonly options: OpenAiOptions,
    private readonly onFailure: (failure: AiFailure) => void = () => {},
  ) {
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // Self-hosted endpoints often need no key; the SDK insists on one.
      apiKey: options.apiKey || 'not-needed',
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
      logLevel: 'off',
    });
  }

  private messages(request: AiChatRequest): ChatCompletionMessageParam[] {
    return [
      { role: 'system', content: systemPrompt(request) },
      ...request.messages.map((m) => ({ role: m.role, content: m.text })),
    ];
  }

  /**
   * A signal that fires on the caller's abort or on silence. The SDK's own timeout covers each
   * attempt until the headers arrive; this one covers the whole call (attempts and back-off) and,
   * once a stream has started, the gap between chunks.
   */
  private watchdog(signal: AbortSignal | undefined) {
    const controller = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, ms);
    };
    const { timeoutMs, maxRetries } = this.options;
    arm(timeoutMs * (maxRetries + 1) + 10_000);
    return {
      signal: controller.signal,
      progress: () => arm(timeoutMs),
      timedOut: () => timedOut,
      done: () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      },
    };
  }

  private fail(error: unknown, signal: AbortSignal | undefined, timedOut: boolean): never {
    if (signal?.aborted) throw signal.reason ?? error;
    if (error instanceof AppError) throw error;
    if (timedOut || error instanceof OpenAI.APIConnectionTimeoutError) this.onFailure({ kind: 'timeout' });
    else if (error instanceof OpenAI.APIError && error.status) {
      this.onFailure({ kind: 'status', status: error.status });
    } else if (!(error instanceof APIUserAbortError)) this.onFailure({ kind: 'connection' });
    else this.onFailure({ kind: 'timeout' });
    throw assistantUnavailable();
  }

  async *chat(request: AiChatRequest): AsyncIterable<string> {
    const watch = this.watchdog(request.signal);
    try {
      const stream = await this.client.chat.completions.create(
        { model: this.options.model, messages: this.messages(request), stream: true },
        { signal: watch.signal },
      );
      let any = false;
      for await (const chunk of stream) {
        watch.progress();
        const text = chunk.choices[0]?.delta?.content;
        if (text) {
          any = true;
          yield text;
        }
      }
      // The SDK ends an aborted stream quietly: a silence or the caller's abort is not an answer.
      if (watch.signal.aborted) throw watch.signal.reason ?? new Error('aborted');
      if (!any) {
        this.onFailure({ kind: 'empty' });
        throw assistantUnavailable();
      }
    } catch (error) {
      this.fail(error, request.signal, watch.timedOut());
    } finally {
      watch.done();
    }
  }

  async complete(request: AiChatRequest): Promise<string> {
    const watch = this.watchdog(request.signal);
    try {
      const answer = await this.client.chat.completions.create(
        { model: this.options.model, messages: this.messages(request) },
        { signal: watch.signal },
      );
      const text = answer.choices[0]?.message?.content?.trim();
      if (!text) {
        this.onFailure({ kind: 'empty' });
        throw assistantUnavailable();
      }
      return text;
    } catch (error) {
      return this.fail(error, request.signal, watch.timedOut());
    } finally {
      watch.done();
    }
  }

  /**
   * Structured generation (issue 14): the document's JSON schema as response_format (json_object
   * for endpoints that refuse it), validated with zod and repaired once; see openai-documents.ts.
   */
  generate<K extends GenerationKind>(request: DocumentRequest<K>): Promise<GeneratedDocument<K>> {
    return generateDocument(request, {
      ask: (messages, kind) => this.askJson(messages, kind, request.signal),
      model: this.options.model,
      now: this.options.now ?? (() => new Date()),
      onInvalid: () => this.onFailure({ kind: 'invalid', document: request.kind }),
    });
  }

  private responseFormat(kind: GenerationKind) {
    return this.jsonMode === 'json_schema'
      ? ({
          type: 'json_schema',
          json_schema: { name: kind, schema: documentJsonSchema(kind), strict: false },
        } as const)
      : ({ type: 'json_object' } as const);
  }

  /** One JSON completion under the same watchdog as `complete`. */
  private async askJson(
    turns: ChatTurn[],
    kind: GenerationKind,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const watch = this.watchdog(signal);
    try {
      for (;;) {
        const mode = this.jsonMode;
        const messages: ChatCompletionMessageParam[] = turns.map((t, i) =>
          i === 0 && t.role === 'system' && mode === 'json_object'
            ? { role: 'system', content: `${t.content}\n${schemaInstruction(kind)}` }
            : { role: t.role, content: t.content },
        );
        try {
          const answer = await this.client.chat.completions.create(
            { model: this.options.model, messages, response_format: this.responseFormat(kind) },
            { signal: watch.signal },
          );
          const text = answer.choices[0]?.message?.content?.trim();
          if (!text) {
            this.onFailure({ kind: 'empty', document: kind });
            throw assistantUnavailable();
          }
          return text;
        } catch (error) {
          // An endpoint without structured outputs answers 400 to json_schema: plain JSON mode instead.
          if (mode === 'json_schema' && error instanceof OpenAI.APIError && error.status === 400) {
            this.jsonMode = 'json_object';
            continue;
          }
          throw error;
        }
      }
    } catch (error) {
      return this.fail(error, signal, watch.timedOut());
    } finally {
      watch.done();
    }
  }
}
