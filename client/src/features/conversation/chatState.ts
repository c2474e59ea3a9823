import type { Message } from '#shared/conversation';
import type { ServerMessage } from '#shared/protocol';
import { CONVERSATION_TEXT } from '#shared/text';
import type { VoiceCapabilities } from '../../lib/conversationChannel';

/** A turn the user wrote that the server has not confirmed yet. Kept until it is stored. */
export interface PendingTurn {
  clientId: string;
  text: string;
  stream: boolean;
  status: 'sending' | 'failed';
  error: string | null;
}

/** Spec §8: a failed reply shows as a patient line; it exists only in this browser. */
export interface UnsavedReply {
  id: string;
  /** The stored message it followed, so a history reload can put it back in place. */
  afterId: string | null;
  content: string;
  createdAt: string;
}

export interface ChatSnapshot {
  messages: Message[];
  unsaved: UnsavedReply[];
  pending: PendingTurn[];
  streaming: { replyId: string; text: string } | null;
  awaitingReply: boolean;
  /** Set by each `history`; cleared when the socket drops, so sends wait for the replay. */
  historyLoaded: boolean;
  ended: boolean;
  /** A problem the user should read that belongs to no single turn. */
  notice: string | null;
  /** Server transcription and speech (from `history`); null until it arrives. */
  voice: VoiceCapabilities | null;
  /**
   * Every turn this chat sent. Voice mode and dictation send on the same socket; an error for
   * a client id not in here is theirs to show.
   */
  sentClientIds: readonly string[];
  /**
   * The last turn the server stored for this socket (typed or spoken) while its reply has not
   * arrived. If the socket drops and the history it reconnects to holds no reply to it (the
   * instance answering it died), the turn is sent again with its clientId: the server stores it
   * once and answers a stored turn that is still the last message (runTurn).
   */
  unanswered: { clientId: string; text: string; stream: boolean; messageId: string } | null;
}

export const emptyChat: ChatSnapshot = {
  messages: [],
  unsaved: [],
  pending: [],
  streaming: null,
  awaitingReply: false,
  historyLoaded: false,
  ended: false,
  notice: null,
  voice: null,
  sentClientIds: [],
  unanswered: null,
};

function upsert(messages: Message[], message: Message): Message[] {
  const index = messages.findIndex((m) => m.id === message.id);
  if (index === -1) return [...messages, message];
  const copy = [...messages];
  copy[index] = message;
  return copy;
}

function stillSending(pending: PendingTurn[]): boolean {
  return pending.some((turn) => turn.status === 'sending');
}

/** True when the stored turn already has a patient reply after it (a resend of an old turn). */
function alreadyAnswered(messages: Message[], messageId: string): boolean {
  const index = messages.findIndex((m) => m.id === messageId);
  return index !== -1 && messages.slice(index + 1).some((m) => m.role === 'assistant');
}

function failTurns(
  pending: PendingTurn[],
  error: string,
  which: (turn: PendingTurn) => boolean,
): PendingTurn[] {
  return pending.map((turn) =>
    which(turn) && turn.status === 'sending' ? { ...turn, status: 'failed', error } : turn,
  );
}

function lastMessageId(state: ChatSnapshot): string | null {
  return state.messages[state.messages.length - 1]?.id ?? null;
}

let unsavedCounter = 0;

/** How every server frame changes what the chat shows. Pure, so the rules can be read in one place. */
export function applyServerMessage(state: ChatSnapshot, message: ServerMessage): ChatSnapshot {
  switch (message.type) {
    case 'history': {
      const pending = message.ended
        ? failTurns(state.pending, CONVERSATION_TEXT.ended, () => true)
        : state.pending;
      // A reply cut off by the drop is stored as far as it got and arrives in `messages`; none
      // after the turn means nobody stored one, and the turn goes again.
      const unanswered =
        !message.ended && message.messages.at(-1)?.id === state.unanswered?.messageId
          ? state.unanswered
          : null;
      return {
        ...state,
        messages: message.messages,
        pending,
        unanswered,
        streaming: null,
        awaitingReply: stillSending(pending) || unanswered !== null,
        historyLoaded: true,
        ended: message.ended,
        voice: message.voice,
      };
    }
    case 'turn_stored': {
      const sent = state.pending.find((turn) => turn.clientId === message.clientId);
      const pending = state.pending.filter((turn) => turn !== sent);
      const answered = alreadyAnswered(state.messages, message.message.id);
      const { clientId, message: stored } = message;
      return {
        ...state,
        messages: upsert(state.messages, stored),
        pending,
        unanswered: answered
          ? null
          : { clientId, text: stored.content, stream: sent?.stream ?? true, messageId: stored.id },
        awaitingReply: answered ? stillSending(pending) : state.awaitingReply,
      };
    }
    case 'reply_start':
      return { ...state, streaming: { replyId: message.replyId, text: '' }, awaitingReply: true };
    case 'reply_delta': {
      const current = state.streaming?.replyId === message.replyId ? state.streaming.text : '';
      return { ...state, streaming: { replyId: message.replyId, text: current + message.text } };
    }
    case 'reply_done':
      return {
        ...state,
        unanswered: null,
        messages: upsert(state.messages, message.message),
        streaming: null,
        awaitingReply: stillSending(state.pending),
      };
    case 'reply_revised':
      return { ...state, messages: upsert(state.messages, message.message) };
    case 'message_stored':
      // A Realtime call's turns (either side's) arrive in the conversation's order. By id, so a
      // frame that crosses a history reload after a reconnect shows its message once.
      return { ...state, messages: upsert(state.messages, message.message) };
    case 'error':
      // The turn failed and the user is told: it is not sent again by itself.
      if (
        state.unanswered &&
        (message.clientId === undefined || message.clientId === state.unanswered.clientId)
      ) {
        state = { ...state, unanswered: null };
      }
      // Someone else's turn failed (voice mode, dictation): they show it. A failed reply is
      // still a line of this conversation, whoever asked for it.
      if (
        message.clientId !== undefined &&
        !state.sentClientIds.includes(message.clientId) &&
        message.code !== 'unavailable:reply'
      ) {
        return state;
      }
      return applyError(state, message);
    default:
      // Voice frames (transcript, speech, the Realtime call's state) belong to the voice feature.
      return state;
  }
}

function applyError(
  state: ChatSnapshot,
  error: Extract<ServerMessage, { type: 'error' }>,
): ChatSnapshot {
  switch (error.code) {
    case 'unavailable:speech':
    case 'unavailable:transcription':
    case 'unprocessable:nothing_heard':
    case 'bad_request:audio':
      return { ...state, notice: error.message };
    case 'unavailable:reply': {
      const unsent = error.clientId
        ? state.pending.some((turn) => turn.clientId === error.clientId)
        : false;
      if (unsent) {
        const pending = failTurns(
          state.pending,
          error.message,
          (t) => t.clientId === error.clientId,
        );
        return { ...state, pending, streaming: null, awaitingReply: stillSending(pending) };
      }
      unsavedCounter += 1;
      const reply: UnsavedReply = {
        id: `unsaved-${unsavedCounter}`,
        afterId: lastMessageId(state),
        content: CONVERSATION_TEXT.replyFailed,
        createdAt: new Date().toISOString(),
      };
      return {
        ...state,
        unsaved: [...state.unsaved, reply],
        streaming: null,
        awaitingReply: stillSending(state.pending),
      };
    }
    default: {
      const matches = (turn: PendingTurn) =>
        error.clientId === undefined || turn.clientId === error.clientId;
      const matched = state.pending.some((turn) => turn.status === 'sending' && matches(turn));
      const pending = failTurns(state.pending, error.message, matches);
      return {
        ...state,
        pending,
        streaming: null,
        awaitingReply: stillSending(pending),
        ended: state.ended || error.code === 'conflict:ended',
        notice: matched ? state.notice : error.message,
      };
    }
  }
}

/** The user sent a turn: it shows as pending until the server says it is stored. */
export function applyTurnSent(
  state: ChatSnapshot,
  turn: Pick<PendingTurn, 'clientId' | 'text' | 'stream'>,
): ChatSnapshot {
  return {
    ...state,
    pending: [...state.pending, { ...turn, status: 'sending', error: null }],
    sentClientIds: [...state.sentClientIds, turn.clientId],
    awaitingReply: true,
    notice: null,
  };
}

/** The client cancelled the running reply (barge-in, stop): stop waiting for it. */
export function applyCancel(state: ChatSnapshot): ChatSnapshot {
  // A part that was heard arrives later as an ordinary (partial) reply_done.
  return {
    ...state,
    streaming: null,
    unanswered: null,
    awaitingReply: stillSending(state.pending),
  };
}

export type ChatItem =
  | { kind: 'message'; message: Message }
  /** The scenario's opening line standing in until the stored one arrives (not stored). */
  | { kind: 'opening'; message: Message }
  | { kind: 'unsaved'; reply: UnsavedReply }
  | { kind: 'pending'; turn: PendingTurn };

/** Stored messages with the unsaved failure lines slotted back after the message they followed. */
export function chatItems(
  state: Pick<ChatSnapshot, 'messages' | 'unsaved' | 'pending'>,
): ChatItem[] {
  const items: ChatItem[] = [];
  const placed = new Set<string>();
  const unsavedAfter = (id: string | null) =>
    state.unsaved.filter((reply) => reply.afterId === id && !placed.has(reply.id));
  const place = (id: string | null) => {
    for (const reply of unsavedAfter(id)) {
      placed.add(reply.id);
      items.push({ kind: 'unsaved', reply });
    }
  };
  place(null);
  for (const message of state.messages) {
    items.push({ kind: 'message', message });
    place(message.id);
  }
  for (const reply of state.unsaved) {
    if (!placed.has(reply.id)) items.push({ kind: 'unsaved', reply });
  }
  for (const turn of state.pending) items.push({ kind: 'pending', turn });
  return items;
}
