import { api, ApiError, refreshAccessToken } from '../../../api/client';
import { tokenStore } from '../../../api/token';
import type { Safety } from '../api';

export interface AssistantRequest {
  messages: { role: 'user' | 'assistant'; text: string }[];
  mode: 'chat' | 'voice';
  turn?: number;
  maxTurns?: number;
  emotion?: {
    primaryEmotion?: string;
    secondaryEmotion?: string;
    specificFeeling?: string;
    intensity?: number;
  };
  goalIds?: string[];
}

export interface AssistantReply {
  reply: string;
  safety: Safety;
}

const chatPath = '/api/proxy/ai/journal-chat';

/** Splits an SSE text buffer into complete events; answers the events and the unfinished rest. */
export function parseSse(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events = blocks
    .map((block) => {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      return { event, data: data.join('\n') };
    })
    .filter((e) => e.data !== '');
  return { events, rest };
}

/**
 * Asks the journaling assistant (POST /api/ai/journal-chat). Streams the reply through `onText`
 * when the browser can read a response stream; otherwise, or when the stream cannot start, falls
 * back to the JSON answer through the one API client (which handles refresh, 401 and 429).
 */
export async function askAssistant(
  request: AssistantRequest,
  onText: (textSoFar: string) => void,
  signal?: AbortSignal,
): Promise<AssistantReply> {
  const token = tokenStore.valid() ?? (tokenStore.raw() ? await refreshAccessToken() : null);
  if (token && typeof ReadableStream !== 'undefined' && typeof TextDecoder !== 'undefined') {
    let response: Response | undefined;
    try {
      response = await fetch(chatPath, {
        method: 'POST',
        headers: {
          Accept: 'text/event-stream',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
          'Cache-Control': 'no-store',
        },
        credentials: 'include',
        body: JSON.stringify(request),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      response = undefined;
    }
    const type = response?.headers.get('content-type') ?? '';
    if (response?.ok && response.body && type.includes('text/event-stream')) {
      return readStream(response.body, onText);
    }
    // An answer that is not a stream is used as it is (never sent twice); only a 401 goes through
    // the API client below, which renews the session and retries once.
    if (response && response.status !== 401) {
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok) throw new ApiError(response.status, body);
      const data = body.data as AssistantReply;
      onText(data.reply);
      return data;
    }
  }
  const answer = await api.post<{ data: AssistantReply }>(chatPath, request, { signal });
  onText(answer.data.reply);
  return answer.data;
}

async function readStream(
  body: ReadableStream<Uint8Array>,
  onText: (text: string) => void,
): Promise<AssistantReply> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  let safety: Safety = { level: 'none' };
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    const parsed = parseSse(done ? `${buffer}\n\n` : buffer);
    buffer = parsed.rest;
    for (const event of parsed.events) {
      const data = JSON.parse(event.data) as { text?: string; safety?: Safety; message?: string };
      if (event.event === 'chunk' && data.text) {
        text += data.text;
        onText(text);
      } else if (event.event === 'done' && data.safety) {
        safety = data.safety;
      } else if (event.event === 'error') {
        throw new ApiError(503, {
          message: data.message ?? 'The assistant is unavailable right now. Please try again.',
        });
      }
    }
    if (done) break;
  }
  return { reply: text, safety };
}
