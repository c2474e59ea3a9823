import { describe, expect, it } from 'vitest';
import type { RealtimeState } from '#shared/protocol';
import { REALTIME_TEXT, VOICE_STATUS } from '#shared/text';
import {
  applyRealtimeTranscript,
  noLines,
  realtimeStatusLine,
  realtimeVoiceState,
  type CallStage,
  type LiveLines,
} from '#client/features/voice/realtime/realtimeView';

describe('realtimeStatusLine and realtimeVoiceState', () => {
  const cases: Array<{
    stage: CallStage;
    state: RealtimeState | null;
    calledBefore?: boolean;
    status: string;
    voiceState: string;
  }> = [
    { stage: 'off', state: null, status: VOICE_STATUS.start, voiceState: 'idle' },
    {
      stage: 'off',
      state: null,
      calledBefore: true,
      status: VOICE_STATUS.again,
      voiceState: 'idle',
    },
    { stage: 'starting', state: null, status: REALTIME_TEXT.connecting, voiceState: 'processing' },
    // A stale state from the previous call does not show while this one connects.
    {
      stage: 'starting',
      state: 'listening',
      status: REALTIME_TEXT.connecting,
      voiceState: 'processing',
    },
    { stage: 'live', state: null, status: REALTIME_TEXT.connecting, voiceState: 'processing' },
    {
      stage: 'live',
      state: 'connecting',
      status: REALTIME_TEXT.connecting,
      voiceState: 'processing',
    },
    { stage: 'live', state: 'listening', status: VOICE_STATUS.listening, voiceState: 'listening' },
    {
      stage: 'live',
      state: 'user_speaking',
      status: VOICE_STATUS.listening,
      voiceState: 'listening',
    },
    {
      stage: 'live',
      state: 'processing',
      status: REALTIME_TEXT.thinking,
      voiceState: 'processing',
    },
    {
      stage: 'live',
      state: 'patient_speaking',
      status: VOICE_STATUS.playing,
      voiceState: 'speaking',
    },
  ];

  it.each(cases)(
    '$stage / $state → "$status" ($voiceState)',
    ({ stage, state, calledBefore, status, voiceState }) => {
      expect(realtimeStatusLine({ stage, state, calledBefore: calledBefore ?? false })).toBe(
        status,
      );
      expect(realtimeVoiceState(stage, state)).toBe(voiceState);
    },
  );
});

describe('applyRealtimeTranscript', () => {
  type Frame = [role: 'user' | 'assistant', itemId: string, text: string];
  const run = (frames: Frame[]): LiveLines =>
    frames.reduce(
      (lines, [role, itemId, text]) =>
        applyRealtimeTranscript(lines, {
          type: 'realtime_transcript',
          role,
          itemId,
          text,
          final: false,
        }),
      noLines,
    );

  it.each<{ name: string; frames: Frame[]; you: string | null; patient: string | null }>([
    { name: 'nothing yet', frames: [], you: null, patient: null },
    {
      name: 'an item grows in place',
      frames: [
        ['user', 'u1', 'Hi'],
        ['user', 'u1', 'Hi there'],
      ],
      you: 'Hi there',
      patient: null,
    },
    {
      name: "each side's line is its own",
      frames: [
        ['user', 'u1', 'Hi'],
        ['assistant', 'a1', 'Hello'],
      ],
      you: 'Hi',
      patient: 'Hello',
    },
    {
      name: 'a new item replaces the line',
      frames: [
        ['assistant', 'a1', 'Hello'],
        ['assistant', 'a2', 'It hurts'],
      ],
      you: null,
      patient: 'It hurts',
    },
    {
      name: 'a late frame of a replaced item is stale',
      frames: [
        ['user', 'u1', 'Does it'],
        ['user', 'u2', 'When did it start?'],
        ['user', 'u1', 'Does it hurt?'],
      ],
      you: 'When did it start?',
      patient: null,
    },
  ])('$name', ({ frames, you, patient }) => {
    expect(run(frames)).toMatchObject({ you, patient });
  });
});
