import { describe, expect, it } from 'vitest';
import { NOTHING_HEARD } from '#shared/heardPart';
import {
  createCallTranscript,
  heardCharsForAudio,
  SPOKEN_CHARS_PER_SECOND,
  type CallTranscript,
  type DueItem,
} from '#server/realtime/callTranscript';

const REPLY = 'I suppose the cost worries me more than the drilling, to be honest.';

type Step =
  | ['add', string, 'user' | 'assistant']
  | ['text', string, 'user' | 'assistant', string, boolean]
  | ['cancel', string]
  | ['truncate', string, number]
  | ['stored', string]
  | ['finish'];

function run(steps: Step[]): { due: DueItem[]; transcript: CallTranscript } {
  const transcript = createCallTranscript();
  const due: DueItem[] = [];
  for (const step of steps) {
    switch (step[0]) {
      case 'add':
        transcript.add(step[1], step[2]);
        break;
      case 'text':
        transcript.text(step[1], step[2], step[3], step[4]);
        break;
      case 'cancel':
        transcript.cancel(step[1]);
        break;
      case 'truncate':
        transcript.truncate(step[1], step[2]);
        break;
      case 'stored':
        transcript.stored(step[1], `m-${step[1]}`);
        break;
      case 'finish':
        transcript.finish();
        break;
    }
    for (const item of transcript.due()) {
      due.push(item);
      transcript.stored(item.itemId, `m-${item.itemId}`);
    }
  }
  return { due, transcript };
}

const said = (due: DueItem[]) => due.map((d) => `${d.role}:${d.content}${d.partial ? '*' : ''}`);

describe('a Realtime call transcript: stored in the order the items appeared', () => {
  it.each<[string, Step[], string[]]>([
    [
      'transcript first, then the reply',
      [
        ['add', 'u1', 'user'],
        ['text', 'u1', 'user', 'How are you?', true],
        ['add', 'a1', 'assistant'],
        ['text', 'a1', 'assistant', 'Nervous.', true],
      ],
      ['user:How are you?', 'assistant:Nervous.'],
    ],
    [
      'the reply is done before the clinician is transcribed: it waits for them',
      [
        ['add', 'u1', 'user'],
        ['add', 'a1', 'assistant'],
        ['text', 'a1', 'assistant', 'Nervous.', true],
        ['text', 'u1', 'user', 'How are you?', true],
      ],
      ['user:How are you?', 'assistant:Nervous.'],
    ],
    [
      'a failed (empty) transcript stores no clinician line, and lets the reply through',
      [
        ['add', 'u1', 'user'],
        ['add', 'a1', 'assistant'],
        ['text', 'a1', 'assistant', 'Sorry?', true],
        ['text', 'u1', 'user', '   ', true],
      ],
      ['assistant:Sorry?'],
    ],
    [
      'a reply cut by barge-in before it was done keeps what was heard, partial',
      [
        ['add', 'a1', 'assistant'],
        ['text', 'a1', 'assistant', REPLY, false],
        ['truncate', 'a1', 1300],
        ['cancel', 'a1'],
      ],
      ['assistant:I suppose the cost*'],
    ],
    [
      'a reply cancelled before any audio played is nothing heard',
      [
        ['add', 'a1', 'assistant'],
        ['text', 'a1', 'assistant', 'Well, I', false],
        ['cancel', 'a1'],
      ],
      [`assistant:${NOTHING_HEARD}*`],
    ],
    [
      'a reply cancelled before any word was generated stores nothing',
      [
        ['add', 'a1', 'assistant'],
        ['cancel', 'a1'],
      ],
      [],
    ],
    [
      'partial words are not stored until the end of the call, then as they stand',
      [
        ['add', 'u1', 'user'],
        ['text', 'u1', 'user', 'I wanted to ask', false],
        ['add', 'a1', 'assistant'],
        ['text', 'a1', 'assistant', 'Yes?', false],
        ['finish'],
      ],
      ['user:I wanted to ask', `assistant:${NOTHING_HEARD}*`],
    ],
    [
      'text after the final is ignored, and repeats of an item are one item',
      [
        ['add', 'u1', 'user'],
        ['add', 'u1', 'user'],
        ['text', 'u1', 'user', 'Hello.', true],
        ['text', 'u1', 'user', 'Hello again.', true],
      ],
      ['user:Hello.'],
    ],
  ])('%s', (_name, steps, expected) => {
    expect(said(run(steps).due)).toEqual(expected);
  });

  it('holds later items while an earlier one is still being stored', () => {
    const transcript = createCallTranscript();
    transcript.add('u1', 'user');
    transcript.text('u1', 'user', 'One.', true);
    expect(transcript.due().map((d) => d.itemId)).toEqual(['u1']);
    transcript.add('a1', 'assistant');
    transcript.text('a1', 'assistant', 'Two.', true);
    expect(transcript.due()).toEqual([]);
    transcript.stored('u1', 'm1');
    expect(transcript.due().map((d) => d.itemId)).toEqual(['a1']);
  });

  it('a cut reported after the reply was stored revises the stored text', () => {
    const { transcript } = run([
      ['add', 'a1', 'assistant'],
      ['text', 'a1', 'assistant', REPLY, true],
    ]);
    expect(transcript.truncate('a1', 1300)).toEqual({
      itemId: 'a1',
      messageId: 'm-a1',
      content: 'I suppose the cost',
    });
    // Heard to the end: nothing to change.
    const whole = run([
      ['add', 'a2', 'assistant'],
      ['text', 'a2', 'assistant', 'Fine.', true],
    ]).transcript;
    expect(whole.truncate('a2', 60_000)).toBeNull();
    expect(whole.truncate('unknown', 100)).toBeNull();
  });

  it('the latest reply is the one Stop audio cuts', () => {
    const { transcript } = run([
      ['add', 'a1', 'assistant'],
      ['add', 'u1', 'user'],
      ['add', 'a2', 'assistant'],
    ]);
    expect(transcript.lastReply()).toBe('a2');
    expect(createCallTranscript().lastReply()).toBeNull();
  });

  it.each([
    [0, 0],
    [1000, SPOKEN_CHARS_PER_SECOND],
    [2500, Math.round(2.5 * SPOKEN_CHARS_PER_SECOND)],
    [-5, 0],
  ])('%i ms of audio heard are %i characters', (ms, chars) => {
    expect(heardCharsForAudio(ms)).toBe(chars);
  });
});
