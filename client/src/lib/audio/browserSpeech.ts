import { speechChunks } from '#shared/sentences';

/** Spec §9 browser speech: rate 0.9, pitch 1, volume 1; voices awaited at most 3 s. */
export const BROWSER_SPEECH = { rate: 0.9, pitch: 1, volume: 1 } as const;
const VOICES_TIMEOUT_MS = 3000;

export function browserSpeech(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window
    ? window.speechSynthesis
    : null;
}

/** Resolves once the browser has its voice list, or after 3 s (spec §9) whatever it has. */
export function voicesReady(): Promise<void> {
  const speech = browserSpeech();
  if (!speech || speech.getVoices().length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      speech.removeEventListener('voiceschanged', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, VOICES_TIMEOUT_MS);
    speech.addEventListener('voiceschanged', done);
  });
}

/**
 * Speaks `text` with the browser's voice, sentence by sentence when it is over 200 characters
 * (Chrome cuts long utterances off). Resolves when it has finished or was cancelled; `onStart`
 * fires as each piece starts.
 */
export async function speakWithBrowser(
  text: string,
  options: { isCurrent?: () => boolean; onStart?: () => void } = {},
): Promise<void> {
  const speech = browserSpeech();
  if (!speech) return;
  await voicesReady();
  if (options.isCurrent && !options.isCurrent()) return;
  const voice = speech.getVoices().find((v) => v.lang === 'en-US') ?? null;
  const chunks = speechChunks(text.trim()).filter((chunk) => chunk.trim() !== '');
  if (chunks.length === 0) return;
  await new Promise<void>((resolve) => {
    chunks.forEach((chunk, index) => {
      const utterance = new SpeechSynthesisUtterance(chunk);
      utterance.lang = 'en-US';
      utterance.voice = voice;
      utterance.rate = BROWSER_SPEECH.rate;
      utterance.pitch = BROWSER_SPEECH.pitch;
      utterance.volume = BROWSER_SPEECH.volume;
      if (options.onStart) utterance.onstart = options.onStart;
      if (index === chunks.length - 1) {
        utterance.onend = () => resolve();
        // cancel() ends the queue with an error event: that is a finish too.
        utterance.onerror = () => resolve();
      }
      speech.speak(utterance);
    });
  });
}

export function cancelBrowserSpeech(): void {
  browserSpeech()?.cancel();
}
