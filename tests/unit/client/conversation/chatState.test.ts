import { describe, expect, it } from 'vitest';
import type { Message } from '#shared/conversation';
import type { ServerMessage } from '#shared/protocol';
import { CONVERSATION_TEXT } from '#shared/text';
import {
  applyCancel,
  applyServerMessage,
  applyTurnSent,
  chatItems,
  emptyChat,
  type ChatSnapshot,
} from '#client/features/conversation/chatState';

const VOICE = { transcription: true, speech: false, realtime: false };

function message(id: string, role: Message['role'], content = `${role} ${id}`): Message {
  return {
    id,
    role,
    content,
    createdAt: '2026-03-01T09:30:00.000Z',
    source: 'typed',
    partial: false,
  };
}

const opening = message('m0', 'assistant', 'Hello, I am here about my crown.');
const question = message('m1', 'user', 'What worries you?');
const answer = message('m2', 'assistant', 'The cost, mostly.');

const history = (messages: Message[], ended = false): ServerMessage => ({
  type: 'history',
  messages,
  ended,
  voice: VOICE,
});

/** A chat whose history arrived, with `sent` turns typed and waiting for the server. */
function chat(messages: Message[] = [opening], sent: string[] = []): ChatSnapshot {
  let state = applyServerMessage(emptyChat, history(messages));
  for (const clientId of sent) {
    state = applyTurnSent(state, { clientId, text: `text of ${clientId}`, stream: true });
  }
  return state;
}

function run(state: ChatSnapshot, frames: ServerMessage[]): ChatSnapshot {
  return frames.reduce(applyServerMessage, state);
}

const ids = (state: ChatSnapshot) => state.messages.map((m) => m.id);
const pendingOf = (state: ChatSnapshot) =>
  state.pending.map((t) => ({ clientId: t.clientId, status: t.status, error: t.error }));

interface Case {
  name: string;
  start: ChatSnapshot;
  frames: ServerMessage[];
  expected: Partial<{
    messages: string[];
    pending: ReturnType<typeof pendingOf>;
    streaming: ChatSnapshot['streaming'];
    awaitingReply: boolean;
    historyLoaded: boolean;
    ended: boolean;
    notice: string | null;
    voice: ChatSnapshot['voice'];
    unsaved: number;
    /** The clientId of the stored turn that goes again after a drop, if any. */
    unanswered: string | null;
  }>;
}

const cases: Case[] = [
  // history
  {
    name: 'history: the stored messages, the voice capabilities, ready to send',
    start: emptyChat,
    frames: [history([opening, question, answer])],
    expected: {
      messages: ['m0', 'm1', 'm2'],
      historyLoaded: true,
      ended: false,
      voice: VOICE,
      awaitingReply: false,
      streaming: null,
    },
  },
  {
    name: 'history of an ended conversation fails every waiting turn with the spec sentence',
    start: chat([opening], ['c1']),
    frames: [history([opening], true)],
    expected: {
      ended: true,
      pending: [{ clientId: 'c1', status: 'failed', error: CONVERSATION_TEXT.ended }],
      awaitingReply: false,
    },
  },
  {
    name: 'history after a drop drops the half-streamed reply (it comes back stored)',
    start: run(chat([opening, question]), [
      { type: 'reply_start', replyId: 'r1' },
      { type: 'reply_delta', replyId: 'r1', text: 'The co' },
    ]),
    frames: [history([opening, question, { ...answer, content: 'The co', partial: true }])],
    expected: { messages: ['m0', 'm1', 'm2'], streaming: null, awaitingReply: false },
  },
  {
    name: 'history keeps a turn still being sent waiting for its reply',
    start: chat([opening], ['c1']),
    frames: [history([opening])],
    expected: {
      pending: [{ clientId: 'c1', status: 'sending', error: null }],
      awaitingReply: true,
    },
  },
  // A reply lost with the instance answering it (issue 25): the stored turn goes again.
  {
    name: 'a stored turn whose reply never came, and a history with no reply to it: sent again',
    start: run(chat([opening], ['c1']), [
      { type: 'turn_stored', clientId: 'c1', message: question },
      { type: 'reply_start', replyId: 'r1' },
      { type: 'reply_delta', replyId: 'r1', text: 'The co' },
    ]),
    frames: [history([opening, question])],
    expected: { unanswered: 'c1', awaitingReply: true, streaming: null, pending: [] },
  },
  {
    name: 'a spoken turn stored for this socket is sent again the same way',
    start: run(chat([opening]), [
      { type: 'turn_stored', clientId: 'voice-1', message: { ...question, source: 'voice' } },
    ]),
    frames: [history([opening, question])],
    expected: { unanswered: 'voice-1', awaitingReply: true },
  },
  {
    name: 'a reply stored as far as it got is in the history: nothing is sent again',
    start: run(chat([opening], ['c1']), [
      { type: 'turn_stored', clientId: 'c1', message: question },
    ]),
    frames: [history([opening, question, { ...answer, partial: true }])],
    expected: { unanswered: null, awaitingReply: false },
  },
  {
    name: 'a reply that arrived whole: nothing to send again',
    start: chat([opening], ['c1']),
    frames: [
      { type: 'turn_stored', clientId: 'c1', message: question },
      { type: 'reply_done', replyId: 'r1', message: answer },
      history([opening, question, answer]),
    ],
    expected: { unanswered: null, awaitingReply: false },
  },
  {
    name: 'a failed reply was told to the user: it is not sent again by itself',
    start: chat([opening], ['c1']),
    frames: [
      { type: 'turn_stored', clientId: 'c1', message: question },
      {
        type: 'error',
        code: 'unavailable:reply',
        message: CONVERSATION_TEXT.replyFailed,
        clientId: 'c1',
      },
      history([opening, question]),
    ],
    expected: { unanswered: null, awaitingReply: false },
  },
  {
    name: 'a resent turn found answered already: nothing more to send',
    start: chat([opening, question, answer], ['c1']),
    frames: [{ type: 'turn_stored', clientId: 'c1', message: question }],
    expected: { unanswered: null, awaitingReply: false },
  },
  {
    name: 'an ended conversation sends nothing again',
    start: run(chat([opening], ['c1']), [
      { type: 'turn_stored', clientId: 'c1', message: question },
    ]),
    frames: [history([opening, question], true)],
    expected: { unanswered: null, awaitingReply: false },
  },
  // turn_stored
  {
    name: 'turn_stored: the pending turn becomes a stored message, the reply is awaited',
    start: chat([opening], ['c1']),
    frames: [{ type: 'turn_stored', clientId: 'c1', message: question }],
    expected: { messages: ['m0', 'm1'], pending: [], awaitingReply: true },
  },
  {
    name: 'turn_stored for a resent turn that was already answered waits for nothing',
    start: chat([opening, question, answer], ['c1']),
    frames: [{ type: 'turn_stored', clientId: 'c1', message: question }],
    expected: { messages: ['m0', 'm1', 'm2'], pending: [], awaitingReply: false },
  },
  {
    name: "turn_stored of voice mode's turn shows it in the chat",
    start: chat([opening]),
    frames: [{ type: 'turn_stored', clientId: 'voice-1', message: question }],
    expected: { messages: ['m0', 'm1'], pending: [] },
  },
  // the reply
  {
    name: 'reply_start: an empty streaming reply, awaited',
    start: chat([opening, question]),
    frames: [{ type: 'reply_start', replyId: 'r1' }],
    expected: { streaming: { replyId: 'r1', text: '' }, awaitingReply: true },
  },
  {
    name: 'reply_delta: the text grows',
    start: chat([opening, question]),
    frames: [
      { type: 'reply_start', replyId: 'r1' },
      { type: 'reply_delta', replyId: 'r1', text: 'The ' },
      { type: 'reply_delta', replyId: 'r1', text: 'cost.' },
    ],
    expected: { streaming: { replyId: 'r1', text: 'The cost.' } },
  },
  {
    name: 'reply_delta of another reply starts over rather than joining two replies',
    start: run(chat([opening, question]), [
      { type: 'reply_start', replyId: 'r1' },
      { type: 'reply_delta', replyId: 'r1', text: 'Old' },
    ]),
    frames: [{ type: 'reply_delta', replyId: 'r2', text: 'New' }],
    expected: { streaming: { replyId: 'r2', text: 'New' } },
  },
  {
    name: 'reply_done: the stored reply replaces the stream and the composer is free',
    start: chat([opening], ['c1']),
    frames: [
      { type: 'turn_stored', clientId: 'c1', message: question },
      { type: 'reply_start', replyId: 'r1' },
      { type: 'reply_delta', replyId: 'r1', text: 'The cost, mostly.' },
      { type: 'reply_done', replyId: 'r1', message: answer },
    ],
    expected: {
      messages: ['m0', 'm1', 'm2'],
      streaming: null,
      awaitingReply: false,
      pending: [],
    },
  },
  {
    name: 'reply_done while another typed turn is still sending keeps waiting',
    start: chat([opening, question], ['c2']),
    frames: [{ type: 'reply_done', replyId: 'r1', message: answer }],
    expected: { awaitingReply: true },
  },
  {
    name: 'reply_revised: the reply is cut to what was heard, in place',
    start: chat([opening, question, answer]),
    frames: [{ type: 'reply_revised', message: { ...answer, content: 'The co', partial: true } }],
    expected: { messages: ['m0', 'm1', 'm2'] },
  },
  // errors
  {
    name: 'an error for a typed turn fails that turn only, with the server sentence',
    start: chat([opening], ['c1', 'c2']),
    frames: [
      {
        type: 'error',
        code: 'rate_limit:turns',
        message: CONVERSATION_TEXT.quotaReached,
        clientId: 'c1',
      },
    ],
    expected: {
      pending: [
        { clientId: 'c1', status: 'failed', error: CONVERSATION_TEXT.quotaReached },
        { clientId: 'c2', status: 'sending', error: null },
      ],
      awaitingReply: true,
      notice: null,
    },
  },
  {
    name: 'an error for no turn shows as a notice',
    start: chat([opening, question, answer]),
    frames: [{ type: 'error', code: 'unavailable:database', message: 'Try again.' }],
    expected: { notice: 'Try again.', pending: [], awaitingReply: false },
  },
  {
    name: 'conflict:ended closes the conversation',
    start: chat([opening], ['c1']),
    frames: [
      {
        type: 'error',
        code: 'conflict:ended',
        message: CONVERSATION_TEXT.ended,
        clientId: 'c1',
      },
    ],
    expected: {
      ended: true,
      pending: [{ clientId: 'c1', status: 'failed', error: CONVERSATION_TEXT.ended }],
    },
  },
  {
    name: 'unavailable:reply for a stored turn adds an unsaved patient line',
    start: run(chat([opening], ['c1']), [
      { type: 'turn_stored', clientId: 'c1', message: question },
      { type: 'reply_start', replyId: 'r1' },
    ]),
    frames: [
      {
        type: 'error',
        code: 'unavailable:reply',
        message: CONVERSATION_TEXT.replyFailed,
        clientId: 'c1',
      },
    ],
    expected: { unsaved: 1, streaming: null, awaitingReply: false, messages: ['m0', 'm1'] },
  },
  {
    name: 'unavailable:reply for a turn never stored fails the turn instead',
    start: chat([opening], ['c1']),
    frames: [
      {
        type: 'error',
        code: 'unavailable:reply',
        message: CONVERSATION_TEXT.replyFailed,
        clientId: 'c1',
      },
    ],
    expected: {
      unsaved: 0,
      pending: [{ clientId: 'c1', status: 'failed', error: CONVERSATION_TEXT.replyFailed }],
    },
  },
  {
    name: 'unavailable:reply of a voice turn is still a line of this conversation',
    start: run(chat([opening]), [{ type: 'turn_stored', clientId: 'voice-1', message: question }]),
    frames: [
      {
        type: 'error',
        code: 'unavailable:reply',
        message: CONVERSATION_TEXT.replyFailed,
        clientId: 'voice-1',
      },
    ],
    expected: { unsaved: 1 },
  },
  {
    name: "a voice-mode or dictation error (someone else's client id) stays out of the chat",
    start: chat([opening], ['c1']),
    frames: [
      {
        type: 'error',
        code: 'unprocessable:nothing_heard',
        message: 'Nothing heard.',
        clientId: 'voice-1',
      },
      { type: 'error', code: 'rate_limit:turns', message: 'Slow down.', clientId: 'dictation-1' },
    ],
    expected: {
      notice: null,
      pending: [{ clientId: 'c1', status: 'sending', error: null }],
      awaitingReply: true,
    },
  },
  {
    name: 'a speech error without a turn (read aloud) shows as a notice',
    start: chat([opening, question, answer]),
    frames: [{ type: 'error', code: 'unavailable:speech', message: 'No voice.' }],
    expected: { notice: 'No voice.' },
  },
  // reconnect dedupe
  {
    name: 'reconnect: a history that already holds the turn and reply shows each once',
    start: run(chat([opening], ['c1']), [
      { type: 'turn_stored', clientId: 'c1', message: question },
      { type: 'reply_done', replyId: 'r1', message: answer },
    ]),
    frames: [history([opening, question, answer])],
    expected: { messages: ['m0', 'm1', 'm2'], pending: [], awaitingReply: false },
  },
  {
    name: 'reconnect: the resent turn is stored once, though the server confirms it again',
    start: run(chat([opening], ['c1']), [
      { type: 'turn_stored', clientId: 'c1', message: question },
      history([opening, question]),
    ]),
    frames: [
      { type: 'turn_stored', clientId: 'c1', message: question },
      { type: 'reply_done', replyId: 'r1', message: answer },
      { type: 'reply_done', replyId: 'r1', message: answer },
    ],
    expected: { messages: ['m0', 'm1', 'm2'], pending: [], awaitingReply: false },
  },
  // message_stored (a Realtime call's turns)
  {
    name: "message_stored: the call's turns are appended in the order they arrive, either role",
    start: chat([opening]),
    frames: [
      { type: 'message_stored', message: { ...question, source: 'voice' } },
      { type: 'message_stored', message: { ...answer, source: 'voice' } },
    ],
    expected: { messages: ['m0', 'm1', 'm2'] },
  },
  {
    name: 'message_stored of a message already shown (a repeated frame) shows it once, in place',
    start: chat([opening]),
    frames: [
      { type: 'message_stored', message: question },
      { type: 'message_stored', message: answer },
      { type: 'message_stored', message: question },
    ],
    expected: { messages: ['m0', 'm1', 'm2'] },
  },
  {
    name: 'message_stored then a history reload that holds it: once (reconnect)',
    start: run(chat([opening]), [{ type: 'message_stored', message: question }]),
    frames: [history([opening, question, answer])],
    expected: { messages: ['m0', 'm1', 'm2'] },
  },
  {
    name: 'message_stored crossing a history reload that already holds it: once',
    start: chat([opening]),
    frames: [history([opening, question, answer]), { type: 'message_stored', message: answer }],
    expected: { messages: ['m0', 'm1', 'm2'] },
  },
  {
    name: 'message_stored leaves a typed turn still waiting for its reply as it was',
    start: chat([opening], ['c1']),
    frames: [{ type: 'message_stored', message: question }],
    expected: {
      messages: ['m0', 'm1'],
      pending: [{ clientId: 'c1', status: 'sending', error: null }],
      awaitingReply: true,
      notice: null,
    },
  },
  {
    name: 'the Realtime call state and live transcripts leave the chat as it was',
    start: chat([opening]),
    frames: [
      { type: 'realtime_state', state: 'patient_speaking' },
      { type: 'realtime_transcript', role: 'user', itemId: 'i1', text: 'Hi', final: false },
      { type: 'realtime_ended', reason: 'dropped', message: 'Dropped.' },
    ],
    expected: { messages: ['m0'], notice: null, streaming: null, awaitingReply: false },
  },
  // frames that belong to voice mode
  {
    name: 'transcript and speech_done leave the chat as it was',
    start: chat([opening]),
    frames: [
      { type: 'transcript', clientId: 'voice-1', text: 'Hello' },
      { type: 'speech_done', replyId: 'r1' },
    ],
    expected: { messages: ['m0'], notice: null, streaming: null },
  },
];

describe('chatState: how each server frame changes the chat', () => {
  it.each(cases)('$name', ({ start, frames, expected }) => {
    const state = run(start, frames);
    const actual: Case['expected'] = {};
    if (expected.messages) actual.messages = ids(state);
    if (expected.pending) actual.pending = pendingOf(state);
    if ('streaming' in expected) actual.streaming = state.streaming;
    if ('awaitingReply' in expected) actual.awaitingReply = state.awaitingReply;
    if ('historyLoaded' in expected) actual.historyLoaded = state.historyLoaded;
    if ('ended' in expected) actual.ended = state.ended;
    if ('notice' in expected) actual.notice = state.notice;
    if ('voice' in expected) actual.voice = state.voice;
    if ('unsaved' in expected) actual.unsaved = state.unsaved.length;
    if ('unanswered' in expected) actual.unanswered = state.unanswered?.clientId ?? null;
    expect(actual).toEqual(expected);
  });

  it('keeps the content of a revised reply, not the first one', () => {
    const cut = { ...answer, content: 'The co', partial: true };
    const state = run(chat([opening, question, answer]), [{ type: 'reply_revised', message: cut }]);
    expect(state.messages[2]).toEqual(cut);
  });

  it('revises a patient message the call stored (cut to what was heard after a barge-in)', () => {
    const spoken = { ...answer, content: 'The cost, mostly. And the time off work.' };
    const cut = { ...spoken, content: 'The cost, mostly.', partial: true };
    const state = run(chat([opening]), [
      { type: 'message_stored', message: question },
      { type: 'message_stored', message: spoken },
      { type: 'message_stored', message: message('m3', 'user', 'I see.') },
      { type: 'reply_revised', message: cut },
    ]);
    expect(ids(state)).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(state.messages[2]).toEqual(cut);
  });

  it('keeps the newest copy when the same stored message arrives twice', () => {
    const cut = { ...answer, content: 'The co', partial: true };
    const state = run(chat([opening]), [
      { type: 'message_stored', message: answer },
      { type: 'message_stored', message: cut },
    ]);
    expect(state.messages).toEqual([opening, cut]);
  });

  it('never changes the state it was given', () => {
    const start = chat([opening], ['c1']);
    const copy = structuredClone(start);
    run(start, [
      { type: 'turn_stored', clientId: 'c1', message: question },
      { type: 'reply_start', replyId: 'r1' },
      { type: 'reply_delta', replyId: 'r1', text: 'x' },
      { type: 'error', code: 'unavailable:reply', message: 'x', clientId: 'c1' },
    ]);
    expect(start).toEqual(copy);
  });
});

describe('applyTurnSent and applyCancel', () => {
  it('a sent turn waits, clears the notice, and is remembered as the chat’s own', () => {
    const start = { ...chat(), notice: 'Old problem' };
    const state = applyTurnSent(start, { clientId: 'c1', text: 'Hi', stream: false });
    expect(state.pending).toEqual([
      { clientId: 'c1', text: 'Hi', stream: false, status: 'sending', error: null },
    ]);
    expect(state.sentClientIds).toEqual(['c1']);
    expect(state.awaitingReply).toBe(true);
    expect(state.notice).toBeNull();
  });

  it('a cancelled reply stops the stream; a typed turn still sending keeps the wait', () => {
    const streaming = run(chat([opening, question]), [
      { type: 'reply_start', replyId: 'r1' },
      { type: 'reply_delta', replyId: 'r1', text: 'The' },
    ]);
    expect(applyCancel(streaming)).toMatchObject({
      streaming: null,
      awaitingReply: false,
      unanswered: null,
    });
    const typing = applyTurnSent(streaming, { clientId: 'c2', text: 'And?', stream: true });
    expect(applyCancel(typing)).toMatchObject({ streaming: null, awaitingReply: true });
  });
});

describe('chatItems', () => {
  it('slots an unsaved failure line back after the message it followed', () => {
    const state = run(chat([opening], ['c1']), [
      { type: 'turn_stored', clientId: 'c1', message: question },
      { type: 'error', code: 'unavailable:reply', message: 'x', clientId: 'c1' },
    ]);
    const reloaded = applyServerMessage(state, history([opening, question, answer]));
    const withPending = applyTurnSent(reloaded, { clientId: 'c2', text: 'More?', stream: true });
    expect(chatItems(withPending).map((item) => item.kind)).toEqual([
      'message',
      'message',
      'unsaved',
      'message',
      'pending',
    ]);
  });
});
