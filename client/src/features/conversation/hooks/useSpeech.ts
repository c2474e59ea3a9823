import { useCallback, useEffect, useRef, useState } from 'react';
import { isPermanentPlaybackError } from '../../../lib/audio/audioMessages';
import { browserSpeech } from '../../../lib/audio/browserSpeech';
import { PatientSpeech } from '../../../lib/audio/patientSpeech';
import { conversationConnection as conversationChannel } from '../../../lib/conversationConnection';

export { voicesReady } from '../../../lib/audio/browserSpeech';

/** A patient line to read aloud; only a stored one can be asked of the server's voice. */
export interface SpokenLine {
  id: string;
  text: string;
  stored: boolean;
}

/**
 * Reads patient lines aloud, one message at a time: with the server's voice when it has one
 * (the same voice as voice mode), otherwise the browser's own (spec §9: rate 0.9, pitch 1,
 * volume 1, long texts sentence by sentence). `PatientSpeech` plays them, as it does in voice
 * mode; this hook is the chat's side of it. `speakingId` says which message is playing so its
 * button can offer Stop.
 */
export function useSpeech(options: { serverVoice: boolean }) {
  const { serverVoice } = options;
  const [speakingId, setSpeakingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const runRef = useRef(0);
  /** Set once anything was read aloud or stopped: the opening line is then not read by itself. */
  const usedRef = useRef(false);
  const speechRef = useRef<PatientSpeech | null>(null);
  const supported = serverVoice || browserSpeech() !== null;

  const patient = useCallback(() => {
    const finished = (replyId: string | null) => {
      speechRef.current?.unfollow();
      setSpeakingId((id) => (id === replyId ? null : id));
    };
    speechRef.current ??= new PatientSpeech({
      onIdle: () => {
        const speech = speechRef.current;
        if (speech?.drained) finished(speech.replyId);
      },
      onFailed: (message, failure) => {
        speechRef.current?.unfollow();
        setSpeakingId(null);
        // Blocked autoplay only happens to the opening line, before any click: stay quiet.
        if (!isPermanentPlaybackError(failure)) setError(message);
      },
    });
    return { speech: speechRef.current, finished };
  }, []);

  useEffect(
    () =>
      conversationChannel.subscribe({
        onSpeech(chunk) {
          patient().speech.add(chunk);
        },
        onMessage(message) {
          const { speech, finished } = patient();
          const replyId = speech.replyId;
          if (replyId === null) return;
          const done = message.type === 'speech_done' && speech.end(message.replyId);
          // Read-aloud errors carry no clientId (they belong to no turn); the chat shows them.
          const failed = message.type === 'error' && message.clientId === undefined;
          if ((done && !speech.busy) || failed) finished(replyId);
        },
      }),
    [patient],
  );

  const stop = useCallback(() => {
    usedRef.current = true;
    runRef.current += 1;
    const speech = speechRef.current;
    if (speech?.replyId != null) conversationChannel.send({ type: 'stop_speaking' });
    speech?.stop();
    setSpeakingId(null);
  }, []);

  const speak = useCallback(
    async ({ id, text, stored }: SpokenLine) => {
      stop();
      setError(null);
      const run = runRef.current;
      setSpeakingId(id);
      const { speech } = patient();
      if (serverVoice && stored && conversationChannel.getState().ready) {
        speech.follow(id);
        if (conversationChannel.send({ type: 'speak', messageId: id })) return;
        speech.unfollow();
      }
      await speech.speakInBrowser(text);
      if (run === runRef.current) setSpeakingId(null);
    },
    [serverVoice, stop, patient],
  );

  useEffect(
    () => () => {
      runRef.current += 1;
      speechRef.current?.dispose();
    },
    [],
  );

  return {
    supported,
    speakingId,
    speak,
    stop,
    error,
    dismissError: useCallback(() => setError(null), []),
    /** Whether nothing has been read aloud or stopped yet in this conversation. */
    untouched: useCallback(() => !usedRef.current, []),
  };
}
