import OpenAI, { APIUserAbortError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { AppError } from '../errors.js';
import type { AiChatRequest, AiPort } from './port.js';
import { systemPrompt } from './prompt.js';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per attempt until the answer starts, then the longest silence within a streamed answer. */
  timeoutMs: number;
  maxRetries: number;
}

export const assistantUnavailable = () =>
  new AppError('UNAVAILABLE', 'The assistant is unavailable right now. Please try again.');

/** What is safe to log about a failure: kind and status, never the conversation. */
export interface AiFailure {
  kind: 'timeout' | 'status' | 'connection' | 'empty';
  status?: number;
}

/**
 * Any OpenAI-compatible chat-completions endpoint (spec ruling 10): hosted or self-hosted. Failures
 * surface as one AppError (503) the web app shows; the user's abort is passed through as is.
 */
export class OpenAiEngine implements AiPort {
  readonly kind = 'openai' as const;
  private readonly client: OpenAI;

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

  private fail(error: unknown, request: AiChatRequest, timedOut: boolean): never {
    if (request.signal?.aborted) throw request.signal.reason ?? error;
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
      this.fail(error, request, watch.timedOut());
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
      return this.fail(error, request, watch.timedOut());
    } finally {
      watch.done();
    }
  }
}
