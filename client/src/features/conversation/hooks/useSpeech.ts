import { useCallback, useEffect, useRef, useState } from 'react';
import { isPermanentPlaybackError } from '../../../lib/audio/audioMessages';
import {
  browserSpeech,
  cancelBrowserSpeech,
  speakWithBrowser,
} from '../../../lib/audio/browserSpeech';
import { SpeechPlayer } from '../../../lib/audio/speechPlayer';
import { SpeechQueue } from '../../../lib/audio/speechQueue';
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
 * volume 1, long texts sentence by sentence). `speakingId` says which message is playing so its
 * button can offer Stop.
 */
export function useSpeech(options: { serverVoice: boolean }) {
  const { serverVoice } = options;
  const [speakingId, setSpeakingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const runRef = useRef(0);
  /** Set once anything was read aloud or stopped: the opening line is then not read by itself. */
  const usedRef = useRef(false);
  const serverRef = useRef<{ id: string; queue: SpeechQueue } | null>(null);
  const playerRef = useRef<SpeechPlayer | null>(null);
  const supported = serverVoice || browserSpeech() !== null;

  const player = useCallback(() => {
    playerRef.current ??= new SpeechPlayer({
      onIdle: () => {
        const server = serverRef.current;
        if (server?.queue.drained) {
          serverRef.current = null;
          setSpeakingId((id) => (id === server.id ? null : id));
        }
      },
      onFailed: (message, failure) => {
        serverRef.current = null;
        setSpeakingId(null);
        // Blocked autoplay only happens to the opening line, before any click: stay quiet.
        if (!isPermanentPlaybackError(failure)) setError(message);
      },
    });
    return playerRef.current;
  }, []);

  useEffect(
    () =>
      conversationChannel.subscribe({
        onSpeech(chunk) {
          const server = serverRef.current;
          if (!server || chunk.replyId !== server.id) return;
          server.queue.add(chunk);
          for (let p = server.queue.take(); p; p = server.queue.take()) player().enqueue(p);
        },
        onMessage(message) {
          const server = serverRef.current;
          if (!server) return;
          const done = message.type === 'speech_done' && message.replyId === server.id;
          // Read-aloud errors carry no clientId (they belong to no turn); the chat shows them.
          const failed = message.type === 'error' && message.clientId === undefined;
          if (done) server.queue.end();
          if ((done && !player().busy) || failed) {
            serverRef.current = null;
            setSpeakingId((id) => (id === server.id ? null : id));
          }
        },
      }),
    [player],
  );

  const stop = useCallback(() => {
    usedRef.current = true;
    runRef.current += 1;
    if (serverRef.current) conversationChannel.send({ type: 'stop_speaking' });
    serverRef.current = null;
    playerRef.current?.stop();
    cancelBrowserSpeech();
    setSpeakingId(null);
  }, []);

  const speak = useCallback(
    async ({ id, text, stored }: SpokenLine) => {
      stop();
      setError(null);
      const run = runRef.current;
      setSpeakingId(id);
      if (serverVoice && stored && conversationChannel.getState().ready) {
        serverRef.current = { id, queue: new SpeechQueue(id) };
        if (conversationChannel.send({ type: 'speak', messageId: id })) return;
        serverRef.current = null;
      }
      await speakWithBrowser(text, { isCurrent: () => run === runRef.current });
      if (run === runRef.current) setSpeakingId(null);
    },
    [serverVoice, stop],
  );

  useEffect(
    () => () => {
      runRef.current += 1;
      playerRef.current?.dispose();
      playerRef.current = null;
      cancelBrowserSpeech();
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
