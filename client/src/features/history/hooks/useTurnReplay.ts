import { useCallback, useRef, useState } from 'react';
import { conversationsApi } from '#shared/api/conversations';
import { endpointPath } from '#shared/api/endpoint';
import { nextInOrder } from '../replay';

export interface TurnReplay {
  /** The <audio> element the page renders once. */
  audioRef: React.RefObject<HTMLAudioElement | null>;
  /** The message being played, if any: the transcript marks it. */
  playing: string | null;
  /** Playing every recording in order ("play all"). */
  playingAll: boolean;
  failed: boolean;
  play(messageId: string, options?: { all?: boolean }): void;
  stop(): void;
  /** The element's own events: the end moves "play all" on; an error stops with a message. */
  onEnded(): void;
  onError(): void;
}

/**
 * Replays a conversation's kept recordings one at a time through a single <audio> element, so
 * starting one turn stops another and the transcript can mark exactly the turn being heard.
 */
export function useTurnReplay(conversationId: string, order: readonly string[]): TurnReplay {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [playingAll, setPlayingAll] = useState(false);
  const [failed, setFailed] = useState(false);

  const play = useCallback(
    (messageId: string, options: { all?: boolean } = {}) => {
      const element = audioRef.current;
      if (!element) return;
      setFailed(false);
      setPlaying(messageId);
      setPlayingAll(options.all ?? false);
      element.src = endpointPath(conversationsApi.audio, { id: conversationId, messageId });
      element.play().catch((error: unknown) => {
        // A newer play() or a stop interrupted this one: not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setFailed(true);
        setPlaying(null);
        setPlayingAll(false);
      });
    },
    [conversationId],
  );

  const stop = useCallback(() => {
    audioRef.current?.pause();
    setPlaying(null);
    setPlayingAll(false);
  }, []);

  const onEnded = useCallback(() => {
    const next = playing && playingAll ? nextInOrder(order, playing) : null;
    if (next) play(next, { all: true });
    else {
      setPlaying(null);
      setPlayingAll(false);
    }
  }, [order, play, playing, playingAll]);

  const onError = useCallback(() => {
    // An element with no source (before the first play) reports nothing worth showing.
    if (!audioRef.current?.getAttribute('src')) return;
    setFailed(true);
    setPlaying(null);
    setPlayingAll(false);
  }, []);

  return { audioRef, playing, playingAll, failed, play, stop, onEnded, onError };
}
