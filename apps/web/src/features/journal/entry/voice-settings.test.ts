import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defaultVoiceSettings,
  loadVoiceSettings,
  saveVoiceSettings,
  speak,
  speechStartTimeoutMs,
} from './voice-settings';

beforeEach(() => window.localStorage.clear());

describe('voice settings (Part 1 §3)', () => {
  it('defaults to alloy, rate 1, volume 1, autoplay and 3 AI turns', () => {
    expect(loadVoiceSettings()).toEqual({
      selectedVoice: 'alloy',
      speechRate: 1,
      volume: 1,
      autoPlayResponses: true,
      maxAiTurns: 3,
    });
  });

  it('keeps what the user saved and repairs what is out of range', () => {
    saveVoiceSettings({
      ...defaultVoiceSettings,
      selectedVoice: 'nova',
      maxAiTurns: 5,
      autoPlayResponses: false,
    });
    expect(loadVoiceSettings()).toMatchObject({
      selectedVoice: 'nova',
      maxAiTurns: 5,
      autoPlayResponses: false,
    });
    window.localStorage.setItem(
      'voiceSettings',
      JSON.stringify({ speechRate: 9, volume: -1, maxAiTurns: 'x' }),
    );
    expect(loadVoiceSettings()).toMatchObject({ speechRate: 2, volume: 0, maxAiTurns: 3 });
    window.localStorage.setItem('voiceSettings', '{broken');
    expect(loadVoiceSettings()).toEqual(defaultVoiceSettings);
  });
});

/** A speech engine that takes utterances and, as on systems without one, may never answer. */
function installSynth(behaviour: 'silent' | 'starts' | 'speaks') {
  const spoken: { text: string; rate: number }[] = [];
  class Utterance {
    lang = '';
    rate = 1;
    volume = 1;
    voice: unknown = null;
    onstart: (() => void) | null = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly text: string) {}
  }
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  vi.stubGlobal('speechSynthesis', {
    getVoices: () => [],
    cancel: () => undefined,
    speak: (u: Utterance) => {
      spoken.push({ text: u.text, rate: u.rate });
      if (behaviour !== 'silent') setTimeout(() => u.onstart?.(), 10);
      if (behaviour === 'speaks') setTimeout(() => u.onend?.(), 500);
    },
  });
  return spoken;
}

describe('speak', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function settledAfter(promise: Promise<void>, ms: number) {
    let settled = false;
    void promise.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(ms);
    return settled;
  }

  it('resolves when the reply has been spoken, at the chosen rate', async () => {
    const spoken = installSynth('speaks');
    const done = speak('Thank you for sharing that.', { ...defaultVoiceSettings, speechRate: 1.5 });
    expect(await settledAfter(done, 400)).toBe(false);
    expect(await settledAfter(done, 200)).toBe(true);
    expect(spoken).toEqual([{ text: 'Thank you for sharing that.', rate: 1.5 }]);
  });

  it('stops waiting when speech never starts (no speech engine)', async () => {
    installSynth('silent');
    const done = speak('Hello there.', defaultVoiceSettings);
    expect(await settledAfter(done, speechStartTimeoutMs - 100)).toBe(false);
    expect(await settledAfter(done, 200)).toBe(true);
  });

  it('stops waiting when speech starts but never ends, after time for every word', async () => {
    installSynth('starts');
    const done = speak('one two three four', defaultVoiceSettings);
    expect(await settledAfter(done, speechStartTimeoutMs + 1000)).toBe(false);
    expect(await settledAfter(done, 3000)).toBe(true);
  });
});
