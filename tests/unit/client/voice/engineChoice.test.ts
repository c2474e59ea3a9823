import { describe, expect, it } from 'vitest';
import { activeEngine, type VoiceEngine } from '#client/features/voice/engineChoice';

describe('activeEngine: which engine Voice Mode runs', () => {
  const cases: Array<{
    name: string;
    offered: boolean;
    choice: { userId: string | null; chosen: VoiceEngine };
    userId: string | null;
    engine: VoiceEngine;
  }> = [
    {
      name: 'Realtime by default where it is offered',
      offered: true,
      choice: { userId: null, chosen: 'realtime' },
      userId: 'u1',
      engine: 'realtime',
    },
    {
      name: "the user's own choice is kept",
      offered: true,
      choice: { userId: 'u1', chosen: 'pipeline' },
      userId: 'u1',
      engine: 'pipeline',
    },
    {
      name: "someone else's choice on this tab is not",
      offered: true,
      choice: { userId: 'u1', chosen: 'pipeline' },
      userId: 'u2',
      engine: 'realtime',
    },
    {
      name: 'the standard engine whenever Realtime is not offered',
      offered: false,
      choice: { userId: 'u1', chosen: 'realtime' },
      userId: 'u1',
      engine: 'pipeline',
    },
  ];

  it.each(cases)('$name', ({ offered, choice, userId, engine }) => {
    expect(activeEngine(offered, choice, userId)).toBe(engine);
  });
});
