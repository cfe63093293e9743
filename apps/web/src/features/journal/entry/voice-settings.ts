/** Voice settings of Part 1 §3, kept in localStorage. */
export interface VoiceSettings {
  selectedVoice: string;
  speechRate: number;
  volume: number;
  autoPlayResponses: boolean;
  maxAiTurns: number;
}

export const defaultVoiceSettings: VoiceSettings = {
  selectedVoice: 'alloy',
  speechRate: 1,
  volume: 1,
  autoPlayResponses: true,
  maxAiTurns: 3,
};

/** The assistant voices of the OpenAI-compatible speech API; the browser's voices are offered too. */
export const assistantVoices = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;

const key = 'voiceSettings';

const clamp = (n: unknown, min: number, max: number, fallback: number) =>
  typeof n === 'number' && Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;

export function loadVoiceSettings(): VoiceSettings {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return defaultVoiceSettings;
    const v = JSON.parse(raw) as Partial<VoiceSettings>;
    return {
      selectedVoice:
        typeof v.selectedVoice === 'string' && v.selectedVoice ? v.selectedVoice.slice(0, 100) : 'alloy',
      speechRate: clamp(v.speechRate, 0.5, 2, 1),
      volume: clamp(v.volume, 0, 1, 1),
      autoPlayResponses: typeof v.autoPlayResponses === 'boolean' ? v.autoPlayResponses : true,
      maxAiTurns: Math.round(clamp(v.maxAiTurns, 1, 10, 3)),
    };
  } catch {
    return defaultVoiceSettings;
  }
}

export function saveVoiceSettings(settings: VoiceSettings): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(settings));
  } catch {
    // storage unavailable: settings last for this page only
  }
}

/** How long speech may take to begin, and how long a word may take, before we stop waiting. */
export const speechStartTimeoutMs = 3000;
const msPerWord = 700;

/**
 * Speaks a reply with the browser's speech synthesis; resolves when done, at once if unsupported,
 * and also when the platform never starts or never finishes speaking (some systems have no speech
 * engine and fire no event at all), so voice journaling is never stuck in 'playing'.
 */
export function speak(text: string, settings: VoiceSettings): Promise<void> {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    const done = () => {
      timers.forEach(clearTimeout);
      resolve();
    };
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = 'en-US';
    utterance.rate = settings.speechRate;
    utterance.volume = settings.volume;
    const voice = synth.getVoices().find((v) => v.name === settings.selectedVoice);
    if (voice) utterance.voice = voice;
    const words = text.split(/\s+/).length;
    const longest = speechStartTimeoutMs + (words * msPerWord) / settings.speechRate;
    utterance.onstart = () => clearTimeout(timers[0]);
    utterance.onend = done;
    utterance.onerror = done;
    timers.push(setTimeout(done, speechStartTimeoutMs), setTimeout(done, longest));
    synth.cancel();
    synth.speak(utterance);
  });
}

export function stopSpeaking(): void {
  if (typeof window !== 'undefined') window.speechSynthesis?.cancel();
}
