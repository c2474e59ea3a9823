import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9 browser speech: rate 0.9, pitch 1, volume 1; long texts go sentence by sentence. */
const RATE = 0.9;
const PITCH = 1;
const VOLUME = 1;
const CHUNK_OVER = 200;
const VOICES_TIMEOUT_MS = 3000;

function synth(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window
    ? window.speechSynthesis
    : null;
}

/** Chrome cuts long utterances off mid-way, so texts over 200 characters are split by sentence. */
export function speechChunks(text: string): string[] {
  const clean = text.trim();
  if (clean.length <= CHUNK_OVER) return clean === '' ? [] : [clean];
  const sentences = clean.match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [clean];
  return sentences.map((s) => s.trim()).filter((s) => s !== '');
}

/** Resolves once the browser has its voice list, or after 3 s (spec §9) whatever it has. */
export function voicesReady(): Promise<void> {
  const speech = synth();
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
 * Reads patient lines aloud with the browser's own voice, one message at a time.
 * `speakingId` says which message is playing so its button can offer Stop.
 */
export function useSpeech() {
  const [speakingId, setSpeakingId] = useState<string | null>(null);
  const runRef = useRef(0);
  const supported = synth() !== null;

  const stop = useCallback(() => {
    runRef.current += 1;
    synth()?.cancel();
    setSpeakingId(null);
  }, []);

  const speak = useCallback(async (id: string, text: string) => {
    const speech = synth();
    if (!speech) return;
    runRef.current += 1;
    const run = runRef.current;
    speech.cancel();
    setSpeakingId(id);
    await voicesReady();
    if (run !== runRef.current) return;
    const voice = speech.getVoices().find((v) => v.lang === 'en-US') ?? null;
    const chunks = speechChunks(text);
    chunks.forEach((chunk, index) => {
      const utterance = new SpeechSynthesisUtterance(chunk);
      utterance.lang = 'en-US';
      utterance.voice = voice;
      utterance.rate = RATE;
      utterance.pitch = PITCH;
      utterance.volume = VOLUME;
      if (index === chunks.length - 1) {
        const finish = () => {
          if (run === runRef.current) setSpeakingId(null);
        };
        utterance.onend = finish;
        utterance.onerror = finish;
      }
      speech.speak(utterance);
    });
    if (chunks.length === 0) setSpeakingId(null);
  }, []);

  useEffect(() => () => synth()?.cancel(), []);

  return { supported, speakingId, speak, stop };
}
