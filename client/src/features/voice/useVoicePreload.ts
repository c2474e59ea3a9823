import { useEffect } from 'react';
import type { ChannelState, ConversationChannel } from '../../lib/conversationChannel';
import { whenIdle } from '../../lib/whenIdle';
import { preloadVad } from '../../lib/audio/detection/vadAssets';

/**
 * While the scenario screen sits idle, fetches what voice mode's first use needs (the VAD's
 * model, wasm and code), so the microphone button starts listening at once. Only when the
 * server transcribes: otherwise voice mode uses the browser's recogniser and needs none of it.
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
