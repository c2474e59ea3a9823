import { speechChunks } from '#shared/sentences';

/** Spec §9 browser speech: rate 0.9, pitch 1, volume 1; voices awaited at most 3 s. */
export const BROWSER_SPEECH = { rate: 0.9, pitch: 1, volume: 1 } as const;
const VOICES_TIMEOUT_MS = 3000;

export function browserSpeech(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window
    ? window.speechSynthesis
    : null;
}

/**
 * The BCP-47 tag of the conversation on screen (decision 048): one conversation is open at a
 * time, as its socket is, so the screen that opens it sets it for every reading in between.
 */
let conversationTag = 'en-US';

export function setBrowserSpeechLanguage(tag: string): void {
  conversationTag = tag;
}

/**
 * The browser's voice for a BCP-47 tag: one for exactly that tag, else one for its language
 * (es-MX for es-ES), else none (the browser then picks by the utterance's `lang`).
 */
export function voiceForTag(
  voices: readonly SpeechSynthesisVoice[],
  tag: string,
): SpeechSynthesisVoice | null {
  const language = (lang: string) => lang.toLowerCase().split(/[-_]/)[0];
  const exact = voices.find((v) => v.lang.replace('_', '-').toLowerCase() === tag.toLowerCase());
  return exact ?? voices.find((v) => language(v.lang) === language(tag)) ?? null;
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
  options: { isCurrent?: () => boolean; onStart?: () => void; lang?: string } = {},
): Promise<void> {
  const speech = browserSpeech();
  if (!speech) return;
  await voicesReady();
  if (options.isCurrent && !options.isCurrent()) return;
  const lang = options.lang ?? conversationTag;
  const voice = voiceForTag(speech.getVoices(), lang);
  const chunks = speechChunks(text.trim()).filter((chunk) => chunk.trim() !== '');
  if (chunks.length === 0) return;
  await new Promise<void>((resolve) => {
    chunks.forEach((chunk, index) => {
      const utterance = new SpeechSynthesisUtterance(chunk);
      utterance.lang = lang;
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
