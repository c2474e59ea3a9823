import { useCallback, useEffect, useRef, useState } from 'react';
import { MicrophoneError } from '../../../lib/audio/microphone';
import { recordUtterance, type RecordingHandle } from '../../../lib/audio/recorder';
import {
  hasSpeechRecognition,
  recognizeOnce,
  type RecognitionHandle,
} from '../../../lib/audio/speechRecognition';
import { newClientId } from '../../../lib/clientId';
import { conversationChannel } from '../store';
import { MAX_UTTERANCE_BYTES, MAX_UTTERANCE_MS } from '../../../../../shared/voice';
import { DICTATION_TEXT } from '../../../../../shared/text';

/** An expected failure whose message is the sentence to show (the unexpected are logged). */
class DictationError extends Error {}

/** How long a transcript may take before we give up on it. */
const TRANSCRIPT_TIMEOUT_MS = 30_000;

export type DictationState = 'idle' | 'recording' | 'transcribing';

/**
 * The chat's microphone button: one utterance, recorded until a pause (or a second click),
 * transcribed by the server (or the browser's own recognition when the server has none), and
 * handed to `onText` for the message box.
 */
export function useDictation(onText: (text: string) => void) {
  const [state, setState] = useState<DictationState>('idle');
  const [error, setError] = useState<string | null>(null);
  const recording = useRef<RecordingHandle | null>(null);
  const recognition = useRef<RecognitionHandle | null>(null);
  const run = useRef(0);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  });

  useEffect(
    () => () => {
      run.current += 1;
      recording.current?.cancel();
      recognition.current?.abort();
    },
    [],
  );

  const transcribe = useCallback(async (audio: ArrayBuffer, current: number) => {
    const clientId = newClientId();
    const text = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => finish(() => reject(new DictationError(DICTATION_TEXT.failed))),
        TRANSCRIPT_TIMEOUT_MS,
      );
      const unsubscribe = conversationChannel.subscribe({
        onMessage(message) {
          if (message.type === 'transcript' && message.clientId === clientId) {
            finish(() => resolve(message.text));
          } else if (message.type === 'error' && message.clientId === clientId) {
            finish(() =>
              reject(new DictationError(DICTATION_TEXT.transcriptionError(message.message))),
            );
          }
        },
        onState(channel) {
          if (!channel.ready) finish(() => reject(new DictationError(DICTATION_TEXT.failed)));
        },
      });
      function finish(settle: () => void) {
        clearTimeout(timer);
        unsubscribe();
        settle();
      }
      const sent = conversationChannel.sendAudio(
        { clientId, format: 'webm', purpose: 'dictation', stream: false, speak: false },
        audio,
      );
      if (!sent) finish(() => reject(new DictationError(DICTATION_TEXT.failed)));
    });
    if (run.current === current && text.trim() !== '') onTextRef.current(text.trim());
  }, []);

  const start = useCallback(async () => {
    run.current += 1;
    const current = run.current;
    setError(null);
    const { ready, voice } = conversationChannel.getState();
    if (!ready) {
      setError(DICTATION_TEXT.failed);
      return;
    }
    if (!voice?.transcription) {
      if (!hasSpeechRecognition()) {
        setError(DICTATION_TEXT.unavailable);
        return;
      }
      const handle = recognizeOnce();
      recognition.current = handle;
      setState('recording');
      try {
        const text = await handle.result;
        if (run.current !== current) return;
        if (text === '') setError(DICTATION_TEXT.noAudio);
        else onTextRef.current(text);
      } catch (failure) {
        if (run.current === current) setError((failure as Error).message);
      } finally {
        if (run.current === current) {
          recognition.current = null;
          setState('idle');
        }
      }
      return;
    }

    try {
      const handle = await recordUtterance();
      if (run.current !== current) {
        handle.cancel();
        return;
      }
      recording.current = handle;
      setState('recording');
      const { blob, heardSpeech } = await handle.done;
      recording.current = null;
      if (run.current !== current) return;
      if (blob.size === 0 || !heardSpeech) {
        setError(DICTATION_TEXT.noAudio);
        setState('idle');
        return;
      }
      if (blob.size > MAX_UTTERANCE_BYTES) {
        setError(DICTATION_TEXT.tooLong(MAX_UTTERANCE_MS / 1000));
        setState('idle');
        return;
      }
      setState('transcribing');
      await transcribe(await blob.arrayBuffer(), current);
    } catch (failure) {
      if (run.current !== current) return;
      if (failure instanceof MicrophoneError || failure instanceof DictationError) {
        setError(failure.message);
      } else {
        console.error('Dictation failed', failure);
        setError(DICTATION_TEXT.failed);
      }
    } finally {
      if (run.current === current) setState('idle');
    }
  }, [transcribe]);

  /** The microphone button: start, or stop and transcribe what was said. */
  const toggle = useCallback(() => {
    if (state === 'recording') {
      recording.current?.stop();
      recognition.current?.stop();
      return;
    }
    if (state === 'idle') void start();
  }, [state, start]);

  return {
    state,
    error,
    toggle,
    dismissError: useCallback(() => setError(null), []),
  };
}
