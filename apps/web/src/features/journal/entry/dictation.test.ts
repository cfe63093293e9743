import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dictation, dictationMessages, recognitionConstructor, type Recognition } from './dictation';

class FakeRecognition implements Recognition {
  static instances: FakeRecognition[] = [];
  static failStarts = 0;
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: Recognition['onresult'] = null;
  onerror: Recognition['onerror'] = null;
  onend: Recognition['onend'] = null;
  onstart: Recognition['onstart'] = null;
  starts = 0;
  constructor() {
    FakeRecognition.instances.push(this);
  }
  start() {
    if (FakeRecognition.failStarts > 0) {
      FakeRecognition.failStarts -= 1;
      throw new Error('InvalidStateError');
    }
    this.starts += 1;
  }
  stop() {}
  abort() {}
}

function setup() {
  const calls = {
    final: [] as string[],
    interim: [] as string[],
    listening: [] as boolean[],
    errors: [] as string[],
  };
  const dictation = new Dictation(FakeRecognition, {
    onFinal: (t) => calls.final.push(t),
    onInterim: (t) => calls.interim.push(t),
    onListeningChange: (l) => calls.listening.push(l),
    onError: (m) => calls.errors.push(m),
  });
  return { dictation, calls, recognition: () => FakeRecognition.instances.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeRecognition.instances = [];
  FakeRecognition.failStarts = 0;
});
afterEach(() => vi.useRealTimers());

describe('Dictation', () => {
  it('listens in en-US, continuously, with interim results, and hands over final text', () => {
    const { dictation, calls, recognition } = setup();
    dictation.start();
    expect(recognition()).toMatchObject({ lang: 'en-US', continuous: true, interimResults: true });
    expect(calls.listening).toEqual([true]);
    recognition().onresult?.({
      resultIndex: 0,
      results: [
        { isFinal: true, 0: { transcript: 'I walked today ' } },
        { isFinal: false, 0: { transcript: 'and felt' } },
      ],
    });
    expect(calls.final).toEqual(['I walked today']);
    expect(calls.interim.at(-1)).toBe('and felt');
  });

  it('restarts after it ends with 10, 500, then 1000 ms delays', () => {
    const { dictation, recognition } = setup();
    dictation.start();
    const r = recognition();
    r.onend?.();
    vi.advanceTimersByTime(9);
    expect(r.starts).toBe(1);
    vi.advanceTimersByTime(1);
    expect(r.starts).toBe(2);
    r.onend?.();
    vi.advanceTimersByTime(499);
    expect(r.starts).toBe(2);
    vi.advanceTimersByTime(1);
    expect(r.starts).toBe(3);
    r.onend?.();
    vi.advanceTimersByTime(1000);
    expect(r.starts).toBe(4);
  });

  it('does not restart after no-speech or aborted, nor after the user stops', () => {
    for (const error of ['no-speech', 'aborted']) {
      const { dictation, calls, recognition } = setup();
      dictation.start();
      recognition().onerror?.({ error });
      recognition().onend?.();
      vi.advanceTimersByTime(2000);
      expect(recognition().starts).toBe(1);
      expect(calls.listening).toEqual([true, false]);
      expect(calls.errors).toEqual([]);
    }
    const { dictation, recognition } = setup();
    dictation.start();
    dictation.stop();
    recognition().onend?.();
    vi.advanceTimersByTime(2000);
    expect(recognition().starts).toBe(1);
  });

  it('reports other errors and keeps listening', () => {
    const { dictation, calls, recognition } = setup();
    dictation.start();
    recognition().onerror?.({ error: 'network' });
    expect(calls.errors).toEqual([dictationMessages.failed('network')]);
    expect(calls.errors[0]).toBe('Speech recognition failed: network');
    recognition().onend?.();
    vi.advanceTimersByTime(10);
    expect(recognition().starts).toBe(2);
  });

  it('stops with a plain hint when the microphone is refused or missing, and does not restart', () => {
    for (const [error, message] of [
      ['not-allowed', dictationMessages.microphoneBlocked],
      ['service-not-allowed', dictationMessages.microphoneBlocked],
      ['audio-capture', dictationMessages.noMicrophone],
    ] as const) {
      const { dictation, calls, recognition } = setup();
      dictation.start();
      recognition().onerror?.({ error });
      recognition().onend?.();
      vi.advanceTimersByTime(2_000);
      expect(calls.errors).toEqual([message]);
      expect(calls.listening).toEqual([true, false]);
      expect(dictation.active).toBe(false);
      expect(recognition().starts).toBe(1);
    }
  });

  it('stops with the spec message when a restart fails twice', () => {
    const { dictation, calls, recognition } = setup();
    dictation.start();
    FakeRecognition.failStarts = 2;
    recognition().onend?.();
    vi.advanceTimersByTime(10 + 500);
    expect(calls.errors).toEqual(['Speech recognition stopped unexpectedly']);
    expect(dictation.active).toBe(false);
  });

  it('says so when it cannot start', () => {
    const { dictation, calls } = setup();
    FakeRecognition.failStarts = 1;
    dictation.start();
    expect(calls.errors).toEqual(['Failed to start speech recognition']);
    expect(dictation.active).toBe(false);
  });

  it('finds the browser constructor, prefixed or not', () => {
    expect(recognitionConstructor({})).toBeUndefined();
    expect(recognitionConstructor({ webkitSpeechRecognition: FakeRecognition })).toBe(FakeRecognition);
  });
});
