import type { Page } from '@playwright/test';

/**
 * Chromium's speech recognition sends audio to an online service, which a headless browser on a
 * closed network cannot reach. This installs a scripted SpeechRecognition at that boundary before
 * the app loads: it behaves like the Web Speech API (start/stop/onstart/onresult/onend, start
 * throws while running) and the test speaks through `say()`. Everything above it is the real app.
 */
export async function installScriptedSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Handler<E> = ((event: E) => void) | null;
    interface Result {
      isFinal: boolean;
      0: { transcript: string };
      length: number;
    }
    const speech = {
      active: null as null | ScriptedRecognition,
      starts: 0,
      settings: { lang: '', continuous: false, interimResults: false },
      say(text: string, final = true): boolean {
        const recognition = speech.active;
        if (!recognition) return false;
        const result: Result = { isFinal: final, 0: { transcript: text }, length: 1 };
        recognition.onresult?.({ resultIndex: 0, results: [result] });
        return true;
      },
    };
    class ScriptedRecognition {
      lang = '';
      continuous = false;
      interimResults = false;
      onresult: Handler<{ resultIndex: number; results: Result[] }> = null;
      onerror: Handler<{ error: string }> = null;
      onend: Handler<void> = null;
      onstart: Handler<void> = null;
      start() {
        if (speech.active === this)
          throw new DOMException('recognition has already started', 'InvalidStateError');
        speech.active = this;
        speech.starts += 1;
        speech.settings = {
          lang: this.lang,
          continuous: this.continuous,
          interimResults: this.interimResults,
        };
        setTimeout(() => this.onstart?.(), 0);
      }
      stop() {
        if (speech.active !== this) return;
        speech.active = null;
        setTimeout(() => this.onend?.(), 0);
      }
      abort() {
        this.stop();
      }
    }
    Object.assign(window, { SpeechRecognition: ScriptedRecognition, __speech: speech });
  });
}

/** Speaks `text` into the running recognition (final unless `final` is false); false when none runs. */
export function say(page: Page, text: string, final = true): Promise<boolean> {
  return page.evaluate(
    ([words, isFinal]) =>
      (window as unknown as { __speech: { say(t: string, f: boolean): boolean } }).__speech.say(
        words,
        isFinal,
      ),
    [text, final] as const,
  );
}

/** The settings the app gave the recognition when it last started. */
export function recognitionSettings(page: Page) {
  return page.evaluate(
    () =>
      (
        window as unknown as {
          __speech: { settings: { lang: string; continuous: boolean; interimResults: boolean } };
        }
      ).__speech.settings,
  );
}
