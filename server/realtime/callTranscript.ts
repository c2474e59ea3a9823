import { heardPart } from '#shared/heardPart';

/**
 * The transcript of one Realtime call, kept in the order the items appeared on the sideband,
 * and released for storing in that order only: the clinician's words are transcribed after the
 * fact, often after the patient has begun to answer them, yet they must be stored first. Pure:
 * the call (realtimeCall.ts) feeds it events and stores what it releases.
 */

/**
 * The patient's speaking rate, for turning "audio heard up to 4.2 s" into characters: the
 * provider reports a cut in milliseconds of audio and keeps no text of it (decision 017).
 */
export const SPOKEN_CHARS_PER_SECOND = 15;

export function heardCharsForAudio(audioEndMs: number): number {
  return Math.max(0, Math.round((audioEndMs / 1000) * SPOKEN_CHARS_PER_SECOND));
}

export type ItemRole = 'user' | 'assistant';

interface Item {
  itemId: string;
  role: ItemRole;
  text: string;
  final: boolean;
  /** The response was cancelled (barge-in, Stop audio) before it finished. */
  cancelled: boolean;
  /** Audio heard before a cut, when the provider reported one. */
  heardMs: number | null;
  state: 'open' | 'storing' | 'stored' | 'skipped';
  /** The stored message's id. */
  messageId: string | null;
}

export interface DueItem {
  itemId: string;
  role: ItemRole;
  content: string;
  /** A patient reply cut short. */
  partial: boolean;
}

export interface Revision {
  itemId: string;
  messageId: string;
  content: string;
}

export interface CallTranscript {
  /** An item appeared (the clinician's committed speech, or a reply); repeats are ignored. */
  add(itemId: string, role: ItemRole): void;
  /** The text so far; `final` when no more will come. Unknown items are added as `role`. */
  text(itemId: string, role: ItemRole, text: string, final: boolean): void;
  /** A reply ended before its end: cancelled, and final with whatever text it had. */
  cancel(itemId: string): void;
  /**
   * The provider cut a reply's audio at `audioEndMs`. When it was already stored, the stored
   * text must shrink to what was heard: the revision says how (null when nothing changes).
   */
  truncate(itemId: string, audioEndMs: number): Revision | null;
  /** The items now ready to store, in order; each is handed out once. */
  due(): DueItem[];
  stored(itemId: string, messageId: string): void;
  /** The call is over: every item with words is final as it stands. */
  finish(): void;
  /** Item id of the latest reply, for Stop audio. */
  lastReply(): string | null;
}

function contentOf(item: Item): string {
  if (item.role === 'user') return item.text.trim();
  if (item.heardMs !== null) return heardPart(item.text, heardCharsForAudio(item.heardMs));
  // Cancelled before the provider said how much played: nothing of it is known to be heard.
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
        heardMs: null,
        state: 'open',
        messageId: null,
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

    truncate(itemId, audioEndMs) {
      const item = byId.get(itemId);
      if (!item || item.role !== 'assistant') return null;
      item.heardMs = item.heardMs === null ? audioEndMs : Math.min(item.heardMs, audioEndMs);
      if (item.state !== 'stored' || !item.messageId) return null;
      const content = contentOf(item);
      return content === item.text.trim() ? null : { itemId, messageId: item.messageId, content };
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
        out.push({
          itemId: item.itemId,
          role: item.role,
          content,
          partial: item.role === 'assistant' && (item.cancelled || item.heardMs !== null),
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

    lastReply() {
      for (let i = items.length - 1; i >= 0; i--) {
        if (items[i]!.role === 'assistant') return items[i]!.itemId;
      }
      return null;
    },
  };
}
