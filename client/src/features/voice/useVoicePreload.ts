import { useEffect } from 'react';
import type { ChannelState, ConversationChannel } from '../../lib/conversationChannel';
import { whenIdle } from '../../lib/whenIdle';
import { preloadVad } from '../../lib/audio/detection/warmDetector';

/**
 * While the scenario screen sits idle, loads what voice mode's first use needs (the VAD's
 * detector, running in its worker with its model, and the capture worklet), so the microphone
 * button starts listening at once. Only when the server transcribes: otherwise voice mode uses
 * the browser's recogniser and needs none of it.
 */
export function useVoicePreload(channel: ConversationChannel): void {
  useEffect(() => {
    let cancel: (() => void) | null = null;
    const check = (state: ChannelState) => {
      if (cancel || !state.voice?.transcription) return;
      cancel = whenIdle(() => void preloadVad());
    };
    check(channel.getState());
    const unsubscribe = channel.subscribe({ onState: check });
    return () => {
      unsubscribe();
      cancel?.();
    };
  }, [channel]);
}
