import { describe, expect, it } from 'vitest';
import { NOTHING_HEARD } from '#shared/heardPart';
import {
  createCallTranscript,
  type CallTranscript,
  type DueItem,
} from '#server/realtime/callTranscript';

const REPLY = 'I suppose the cost worries me more than the drilling, to be honest.';

type Step =
  | ['add', string, 'user' | 'assistant']
  | ['text', string, 'user' | 'assistant', string, boolean]
  | ['cancel', string]
  | ['heard', string, number]
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
      case 'heard':
        transcript.heard(step[1], step[2]);
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
        ['heard', 'a1', 20],
        ['cancel', 'a1'],
      ],
      ['assistant:I suppose the cost*'],
    ],
    [
      'a reply cut after it was done, before it was stored, is stored as heard; the least heard counts',
      [
        ['add', 'u1', 'user'],
        ['add', 'a1', 'assistant'],
        ['text', 'a1', 'assistant', REPLY, true],
        ['heard', 'a1', 30],
        ['heard', 'a1', 20],
        ['heard', 'a1', 40],
        ['text', 'u1', 'user', 'Go on.', true],
      ],
      ['user:Go on.', 'assistant:I suppose the cost*'],
    ],
    [
      'a reply heard to its end is stored whole, not partial',
      [
        ['add', 'a1', 'assistant'],
        ['text', 'a1', 'assistant', 'Fine.', true],
        ['heard', 'a1', 400],
      ],
      ['assistant:Fine.'],
    ],
    [
      'a cut of an item never seen begin holds nothing back',
      [
        ['heard', 'x1', 5],
        ['add', 'u1', 'user'],
        ['text', 'u1', 'user', 'Hello.', true],
      ],
      ['user:Hello.'],
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

  it('a reply cut after it was stored: what is stored, and what was heard of it, to cut it back', () => {
    const { transcript } = run([
      ['add', 'a1', 'assistant'],
      ['text', 'a1', 'assistant', REPLY, true],
    ]);
    expect(transcript.storedReply('a1')).toBeNull();
    transcript.heard('a1', 20);
    expect(transcript.storedReply('a1')).toEqual({
      messageId: 'm-a1',
      content: REPLY,
      heardChars: 20,
    });
    expect(transcript.replyText('a1')).toBe('I suppose the cost');
    transcript.revised('a1', 'I suppose the cost');
    expect(transcript.storedReply('a1')?.content).toBe('I suppose the cost');
    expect(transcript.storedReply('unknown')).toBeNull();
  });
});
