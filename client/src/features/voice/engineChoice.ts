import { create } from 'zustand';

/** Voice Mode's two engines: speech-to-speech over WebRTC, or our VAD, transcription and TTS. */
export type VoiceEngine = 'realtime' | 'pipeline';

/** Realtime, wherever the server offers it. */
export const DEFAULT_ENGINE: VoiceEngine = 'realtime';

interface EngineChoiceState {
  /** Whose choice it is: someone else signing in on this tab starts from the default. */
  userId: string | null;
  chosen: VoiceEngine;
  choose: (userId: string | null, engine: VoiceEngine) => void;
}

/**
 * The engine the user picked, kept in memory for this visit so reopening Voice Mode keeps it.
 * Never written to the browser's storage, and only ever the signed-in user's own.
 */
export const useEngineChoice = create<EngineChoiceState>()((set) => ({
  userId: null,
  chosen: DEFAULT_ENGINE,
  choose: (userId, chosen) => set({ userId, chosen }),
}));

/** The engine Voice Mode runs for this user: their choice, when the server offers Realtime. */
export function activeEngine(
  realtimeOffered: boolean,
  choice: Pick<EngineChoiceState, 'userId' | 'chosen'>,
  userId: string | null,
): VoiceEngine {
  if (!realtimeOffered) return 'pipeline';
  return choice.userId === userId ? choice.chosen : DEFAULT_ENGINE;
}
