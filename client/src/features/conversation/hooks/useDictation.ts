import { useCallback, useEffect, useRef, useState } from 'react';
import { MicrophoneError } from '../../../lib/audio/microphone';
import { listenForOneUtterance, type OneUtterance } from '../../../lib/audio/oneUtterance';
import {
  hasSpeechRecognition,
  recognizeOnce,
  type RecognitionHandle,
} from '../../../lib/audio/speechRecognition';
import { newClientId } from '../../../lib/clientId';
import { conversationConnection as conversationChannel } from '../../../lib/conversationConnection';
import { DICTATION_TEXT } from '#shared/text';

/** An expected failure whose message is the sentence to show (the unexpected are logged). */
class DictationError extends Error {}

/** How long a transcript may take before we give up on it. */
const TRANSCRIPT_TIMEOUT_MS = 30_000;

export type DictationState = 'idle' | 'recording' | 'transcribing';

/**
 * The chat's microphone button: one utterance, heard by voice mode's capture and detector and
 * streamed as it is said, until the end of speech (or a second click), transcribed by the
 * server (or the browser's own recognition when the server has none), and handed to `onText`
 * for the message box. While it is said, `partial` holds the server's words so far (null when
 * there are none), for the box to show until the final words replace them.
 */
export function useDictation(onText: (text: string) => void) {
  const [state, setState] = useState<DictationState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [partial, setPartial] = useState<string | null>(null);
  const recording = useRef<OneUtterance | null>(null);
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

  /** The words of the committed utterance `clientId`, as the server sends them back. */
  const transcript = useCallback(async (clientId: string, current: number) => {
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
    });
    if (run.current !== current) return;
    // The final words take the partial ones' place in the same render.
    setPartial(null);
    if (text.trim() !== '') onTextRef.current(text.trim());
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

    // The server may refuse the utterance while it is being said (a limit, say): listening
    // stops, and the user is told why. Its partial transcripts show until the final words.
    let refusal: string | null = null;
    let committedId: string | null = null;
    const stopWatching = conversationChannel.subscribe({
      onMessage(message) {
        const handle = recording.current;
        if (message.type === 'transcript_partial') {
          const ours = message.clientId === (handle?.clientId ?? committedId);
          if (ours && run.current === current) setPartial(message.text);
          return;
        }
        if (message.type !== 'error' || !handle || message.clientId !== handle.clientId) return;
        refusal = message.message;
        handle.cancel();
      },
    });
    try {
      const handle = await listenForOneUtterance({
        sink: conversationChannel,
        purpose: 'dictation',
        newClientId,
      });
      if (run.current !== current) {
        handle.cancel();
        return;
      }
      recording.current = handle;
      setState('recording');
      const result = await handle.done;
      recording.current = null;
      if (run.current !== current) return;
      if (refusal !== null) {
        setError(DICTATION_TEXT.transcriptionError(refusal));
        return;
      }
      if (result.kind === 'nothing') {
        setError(DICTATION_TEXT.noAudio);
        return;
      }
      if (result.kind !== 'committed') {
        if (result.kind === 'failed') setError(DICTATION_TEXT.failed);
        return;
      }
      setState('transcribing');
      committedId = result.clientId;
      await transcript(result.clientId, current);
    } catch (failure) {
      if (run.current !== current) return;
      if (failure instanceof MicrophoneError || failure instanceof DictationError) {
        setError(failure.message);
      } else {
        console.error('Dictation failed', failure);
        setError(DICTATION_TEXT.failed);
      }
    } finally {
      stopWatching();
      if (run.current === current) {
        setPartial(null);
        setState('idle');
      }
    }
  }, [transcript]);

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
    partial,
    toggle,
    dismissError: useCallback(() => setError(null), []),
  };
}
