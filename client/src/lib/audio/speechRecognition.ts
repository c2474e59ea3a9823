import { DICTATION_TEXT, MICROPHONE_TEXT, VOICE_TEXT } from '#shared/text';

/**
 * The browser's own speech recognition (Chrome and Edge prefix it), used when the server has no
 * transcription. Only the few members we use are typed; lib.dom does not declare it.
 */
interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  onspeechstart: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export function hasSpeechRecognition(): boolean {
  return recognitionConstructor() !== null;
}

export const NOTHING_HEARD = "I couldn't hear what you said. Please try speaking again.";

/** Recognition's error codes to the §8 sentences. */
export function recognitionErrorMessage(code: string): string {
  switch (code) {
    case 'not-allowed':
    case 'service-not-allowed':
      return MICROPHONE_TEXT.denied;
    case 'audio-capture':
      return MICROPHONE_TEXT.notFound;
    case 'no-speech':
      return NOTHING_HEARD;
    case 'network':
      return "The browser's speech recognition needs a network connection. Please check it and try again.";
    default:
      return VOICE_TEXT.recordingError;
  }
}

export interface RecognitionHandle {
  /** Resolves with the final transcript ('' when nothing was said). */
  result: Promise<string>;
  stop(): void;
  abort(): void;
}

/** Listens for one utterance. Rejects with an Error whose message is the sentence to show. */
export function recognizeOnce(events: { onSpeechStart?: () => void } = {}): RecognitionHandle {
  const Constructor = recognitionConstructor();
  if (!Constructor) {
    return {
      result: Promise.reject(new Error(DICTATION_TEXT.noRecognition)),
      stop() {},
      abort() {},
    };
  }
  const recognition = new Constructor();
  recognition.lang = 'en-US';
  recognition.continuous = false;
  recognition.interimResults = false;
  recognition.maxAlternatives = 1;
  const result = new Promise<string>((resolve, reject) => {
    let text = '';
    let failure: string | null = null;
    recognition.onspeechstart = () => events.onSpeechStart?.();
    recognition.onresult = (event) => {
      text = Array.from(event.results)
        .filter((r) => r.isFinal)
        .map((r) => r[0]?.transcript ?? '')
        .join(' ')
        .trim();
    };
    recognition.onerror = (event) => {
      // 'aborted' is our own abort(): it ends with whatever was heard (nothing).
      if (event.error !== 'aborted') failure = recognitionErrorMessage(event.error);
    };
    recognition.onend = () => (failure ? reject(new Error(failure)) : resolve(text));
  });
  try {
    recognition.start();
  } catch (error) {
    console.warn('Speech recognition did not start', error);
    return {
      result: Promise.reject(new Error(VOICE_TEXT.recordingError)),
      stop() {},
      abort() {},
    };
  }
  return { result, stop: () => recognition.stop(), abort: () => recognition.abort() };
}
