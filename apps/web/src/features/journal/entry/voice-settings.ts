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

/** Speaks a reply with the browser's speech synthesis; resolves when done (or at once if unsupported). */
export function speak(text: string, settings: VoiceSettings): Promise<void> {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = 'en-US';
    utterance.rate = settings.speechRate;
    utterance.volume = settings.volume;
    const voice = synth.getVoices().find((v) => v.name === settings.selectedVoice);
    if (voice) utterance.voice = voice;
    utterance.onend = () => resolve();
    utterance.onerror = () => resolve();
    synth.cancel();
    synth.speak(utterance);
  });
}

export function stopSpeaking(): void {
  if (typeof window !== 'undefined') window.speechSynthesis?.cancel();
}
