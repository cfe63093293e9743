/**
 * Dictation with the browser's speech recognition (Part 1 §4, §8, §9): en-US, continuous, interim
 * results; restarts by itself after it ends or errors (after 10 ms, then 500 ms, then 1000 ms) unless
 * the error was 'no-speech' or 'aborted' or the user stopped it; two failed restarts in a row stop
 * it with 'Speech recognition stopped unexpectedly'.
 */

export const dictationMessages = {
  unsupported: 'Speech recognition is not supported in your browser',
  startFailed: 'Failed to start speech recognition',
  failed: (error: string) => `Speech recognition failed: ${error}`,
  stopped: 'Speech recognition stopped unexpectedly',
  microphoneBlocked:
    'The microphone is blocked. Allow it for this site in your browser’s settings, then tap the microphone again.',
  noMicrophone: 'No microphone was found. Connect one, then tap the microphone again.',
  listening: 'Listening...',
  recording: 'Recording your journal entry... (tap microphone to stop)',
} as const;

export const restartDelaysMs = [10, 500, 1000] as const;
const quietErrors = new Set(['no-speech', 'aborted']);
/** Errors no restart can cure: dictation stops, with a plain hint instead of the error code. */
const fatalErrors: Record<string, string> = {
  'not-allowed': dictationMessages.microphoneBlocked,
  'service-not-allowed': dictationMessages.microphoneBlocked,
  'audio-capture': dictationMessages.noMicrophone,
};

interface RecognitionResult {
  readonly isFinal: boolean;
  readonly 0: { readonly transcript: string };
}
export interface RecognitionEvent {
  readonly resultIndex: number;
  readonly results: ArrayLike<RecognitionResult>;
}
/** The part of the Web Speech API's SpeechRecognition we use. */
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  onstart: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export type RecognitionConstructor = new () => Recognition;

/** The browser's recognition constructor, or undefined where dictation is not offered. */
export function recognitionConstructor(scope: object = globalThis): RecognitionConstructor | undefined {
  const w = scope as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

export interface DictationCallbacks {
  /** Final text recognised since the last call (to append to the notes). */
  onFinal(text: string): void;
  /** The interim text being recognised now ('' when none). */
  onInterim(text: string): void;
  onListeningChange(listening: boolean): void;
  onError(message: string): void;
}

/** One dictation session controller; `start()` and `stop()` follow the microphone button. */
export class Dictation {
  private recognition: Recognition | undefined;
  private wanted = false;
  private failedRestarts = 0;
  private restarts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly Ctor: RecognitionConstructor,
    private readonly callbacks: DictationCallbacks,
  ) {}

  get active(): boolean {
    return this.wanted;
  }

  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.failedRestarts = 0;
    this.restarts = 0;
    const recognition = new this.Ctor();
    recognition.lang = 'en-US';
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.onstart = () => {
      this.failedRestarts = 0;
    };
    recognition.onresult = (event) => this.handleResult(event);
    recognition.onerror = (event) => this.handleError(event.error);
    recognition.onend = () => this.handleEnd();
    this.recognition = recognition;
    try {
      recognition.start();
      this.callbacks.onListeningChange(true);
    } catch {
      this.finish();
      this.callbacks.onError(dictationMessages.startFailed);
    }
  }

  stop(): void {
    if (!this.wanted) return;
    this.finish();
    try {
      this.recognition?.stop();
    } catch {
      // already stopped
    }
  }

  private finish(): void {
    this.wanted = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.callbacks.onInterim('');
    this.callbacks.onListeningChange(false);
  }

  private handleResult(event: RecognitionEvent): void {
    let finalText = '';
    let interim = '';
    for (let i = event.resultIndex; i < event.results.length; i += 1) {
      const result = event.results[i];
      if (!result) continue;
      if (result.isFinal) finalText += result[0].transcript;
      else interim += result[0].transcript;
    }
    if (finalText) this.callbacks.onFinal(finalText.trim());
    this.callbacks.onInterim(interim.trim());
  }

  private handleError(error: string): void {
    if (quietErrors.has(error)) {
      this.finish();
      return;
    }
    const fatal = fatalErrors[error];
    if (fatal) {
      this.finish();
      this.callbacks.onError(fatal);
      return;
    }
    this.callbacks.onError(dictationMessages.failed(error));
  }

  private handleEnd(): void {
    if (!this.wanted) return;
    const delay = restartDelaysMs[Math.min(this.restarts, restartDelaysMs.length - 1)];
    this.restarts += 1;
    this.timer = setTimeout(() => this.restart(), delay);
  }

  private restart(): void {
    if (!this.wanted || !this.recognition) return;
    try {
      this.recognition.start();
    } catch {
      this.failedRestarts += 1;
      if (this.failedRestarts >= 2) {
        this.finish();
        this.callbacks.onError(dictationMessages.stopped);
        return;
      }
      this.handleEnd();
    }
  }
}
