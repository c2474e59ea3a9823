import { heardPart } from '#shared/heardPart';

/**
 * The transcript of one Realtime call, kept in the order the items appeared on the sideband,
 * and released for storing in that order only: the clinician's words are transcribed after the
 * fact, often after the patient has begun to answer them, yet they must be stored first. Pure:
 * the call (realtimeCall.ts) feeds it events and stores what it releases.
 */

export type ItemRole = 'user' | 'assistant';

interface Item {
  itemId: string;
  role: ItemRole;
  text: string;
  final: boolean;
  /** The response was cancelled (barge-in, Stop audio) before it finished. */
  cancelled: boolean;
  /** Characters heard before a cut (Stop audio, barge-in); null while it was not cut. */
  heardChars: number | null;
  state: 'open' | 'storing' | 'stored' | 'skipped';
  /** The stored message's id, and what it holds. */
  messageId: string | null;
  storedContent: string | null;
}

export interface DueItem {
  itemId: string;
  role: ItemRole;
  content: string;
  /** A patient reply cut short. */
  partial: boolean;
}

/** A stored reply that was cut: what it holds, and how much of it was heard. */
export interface HeardReply {
  messageId: string;
  content: string;
  heardChars: number;
}

export interface CallTranscript {
  /** An item appeared (the clinician's committed speech, or a reply); repeats are ignored. */
  add(itemId: string, role: ItemRole): void;
  /** The text so far; `final` when no more will come. Unknown items are added as `role`. */
  text(itemId: string, role: ItemRole, text: string, final: boolean): void;
  /** A reply ended before its end: cancelled, and final with whatever text it had. */
  cancel(itemId: string): void;
  /**
   * A reply was cut after `heardChars` of it were heard (the least of every report counts). Not
   * stored yet, it will be stored as heard; stored already, `storedReply` says what to cut.
   */
  heard(itemId: string, heardChars: number): void;
  /** A stored reply that was cut, to cut back to what was heard (null otherwise). */
  storedReply(itemId: string): HeardReply | null;
  /** The stored reply now holds `content`. */
  revised(itemId: string, content: string): void;
  /** What would be stored of a reply now: its heard part when it was cut. */
  replyText(itemId: string): string;
  /** The items now ready to store, in order; each is handed out once. */
  due(): DueItem[];
  stored(itemId: string, messageId: string): void;
  /** The call is over: every item with words is final as it stands. */
  finish(): void;
}

function contentOf(item: Item): string {
  if (item.role === 'user') return item.text.trim();
  if (item.heardChars !== null) return heardPart(item.text, item.heardChars);
  // Cancelled before any of its audio was known to play: nothing of it is known to be heard.
  return item.cancelled ? heardPart(item.text, 0) : item.text.trim();
}

export function createCallTranscript(): CallTranscript {
  const items: Item[] = [];
  const byId = new Map<string, Item>();

  function add(itemId: string, role: ItemRole): Item {
    let item = byId.get(itemId);
    if (!item) {
      item = {
        itemId,
        role,
        text: '',
        final: false,
        cancelled: false,
        heardChars: null,
        state: 'open',
        messageId: null,
        storedContent: null,
      };
      items.push(item);
      byId.set(itemId, item);
    }
    return item;
  }

  return {
    add(itemId, role) {
      add(itemId, role);
    },

    text(itemId, role, text, final) {
      const item = add(itemId, role);
      if (item.final) return;
      item.text = text;
      item.final = final;
    },

    cancel(itemId) {
      const item = byId.get(itemId);
      if (!item || item.final) return;
      item.cancelled = true;
      item.final = true;
    },

    heard(itemId, heardChars) {
      const item = byId.get(itemId);
      // An item this call never saw begin would hold back everything after it: ignored.
      if (!item || item.role !== 'assistant') return;
      item.heardChars = Math.min(item.heardChars ?? heardChars, heardChars);
    },

    storedReply(itemId) {
      const item = byId.get(itemId);
      if (!item || item.state !== 'stored' || item.heardChars === null) return null;
      if (item.messageId === null || item.storedContent === null) return null;
      return {
        messageId: item.messageId,
        content: item.storedContent,
        heardChars: item.heardChars,
      };
    },

    revised(itemId, content) {
      const item = byId.get(itemId);
      if (item) item.storedContent = content;
    },

    replyText(itemId) {
      const item = byId.get(itemId);
      return item ? contentOf(item) : '';
    },

    due() {
      const out: DueItem[] = [];
      for (const item of items) {
        if (item.state === 'stored' || item.state === 'skipped') continue;
        if (item.state === 'storing' || !item.final) break;
        const content = contentOf(item);
        if (content === '') {
          // Nothing said (a cough the VAD took for speech) or nothing generated: no message.
          item.state = 'skipped';
          continue;
        }
        item.state = 'storing';
        item.storedContent = content;
        out.push({
          itemId: item.itemId,
          role: item.role,
          content,
          partial: item.role === 'assistant' && (item.cancelled || content !== item.text.trim()),
        });
      }
      return out;
    },

    stored(itemId, messageId) {
      const item = byId.get(itemId);
      if (!item) return;
      item.state = 'stored';
      item.messageId = messageId;
    },

    finish() {
      for (const item of items) {
        if (item.final) continue;
        item.final = true;
        if (item.role === 'assistant') item.cancelled = true;
      }
    },
  };
}
