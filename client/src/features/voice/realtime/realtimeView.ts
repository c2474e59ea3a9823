import type { RealtimeEndReason, RealtimeState, ServerMessage } from '#shared/protocol';
import { REALTIME_TEXT, VOICE_STATUS } from '#shared/text';
import type { VoiceState } from '../voiceController';

/** Where the dialog's call is: none, being set up (microphone, offer, answer), or running. */
export type CallStage = 'off' | 'starting' | 'live';

/** The spec's status lines for the call's state as the server reads it off the provider. */
export function realtimeStatus(state: RealtimeState): string {
  switch (state) {
    case 'connecting':
      return REALTIME_TEXT.connecting;
    // The same line: the clinician is heard either way (the microphone ring shows who speaks).
    case 'listening':
    case 'user_speaking':
      return VOICE_STATUS.listening;
    case 'processing':
      return REALTIME_TEXT.thinking;
    case 'patient_speaking':
      return VOICE_STATUS.playing;
  }
}

/** The status line: before any call the spec's invitation, then the call's own state. */
export function realtimeStatusLine(input: {
  stage: CallStage;
  /** null until the server's first `realtime_state` of this call. */
  state: RealtimeState | null;
  /** A call got through before in this dialog. */
  calledBefore: boolean;
}): string {
  switch (input.stage) {
    case 'off':
      return input.calledBefore ? VOICE_STATUS.again : VOICE_STATUS.start;
    case 'starting':
      return REALTIME_TEXT.connecting;
    case 'live':
      return realtimeStatus(input.state ?? 'connecting');
  }
}

/** The coarse state on the dialog's `data-voice-state`, the same values as the pipeline's. */
export function realtimeVoiceState(stage: CallStage, state: RealtimeState | null): VoiceState {
  if (stage === 'off') return 'idle';
  if (stage === 'starting') return 'processing';
  switch (state ?? 'connecting') {
    case 'connecting':
    case 'processing':
      return 'processing';
    case 'listening':
    case 'user_speaking':
      return 'listening';
    case 'patient_speaking':
      return 'speaking';
  }
}

/** The live 'You:' and 'Patient:' lines: the latest item of each side. */
export interface LiveLines {
  you: string | null;
  patient: string | null;
  /** Every item shown so far per side, so a late frame of an older one is not shown again. */
  items: { user: readonly string[]; assistant: readonly string[] };
}

export const noLines: LiveLines = { you: null, patient: null, items: { user: [], assistant: [] } };

type TranscriptFrame = Extract<ServerMessage, { type: 'realtime_transcript' }>;

/**
 * A transcript frame carries the whole text so far of one item. A new item replaces its side's
 * line; a frame for an item already replaced (a user transcript that finished after the next
 * utterance began) is stale and changes nothing.
 */
export function applyRealtimeTranscript(lines: LiveLines, frame: TranscriptFrame): LiveLines {
  const seen = lines.items[frame.role];
  const latest = seen[seen.length - 1];
  if (frame.itemId !== latest && seen.includes(frame.itemId)) return lines;
  const items =
    frame.itemId === latest
      ? lines.items
      : { ...lines.items, [frame.role]: [...seen, frame.itemId] };
  return frame.role === 'user'
    ? { ...lines, you: frame.text, items }
    : { ...lines, patient: frame.text, items };
}

/** After these ends the standard engine is the way to carry on speaking. */
export function endOffersStandard(reason: RealtimeEndReason): boolean {
  return reason === 'dropped' || reason === 'call_too_long';
}
