/**
 * Where the patient's voice is in a Realtime call, read off the sideband. Over WebRTC the
 * provider plays a reply's audio in real time from `output_audio_buffer.started` until
 * `output_audio_buffer.stopped` (played to its end) or `.cleared` (cut off), while the reply's
 * text runs ahead of it: often the whole transcript and `response.done` arrive before a second
 * of it has been heard. So what was heard of a reply is the time since its audio started,
 * turned into characters at this voice's speaking rate (decision 034). Pure: the call feeds it
 * the events with the time each arrived.
 */

/**
 * The provider's voices, in characters of transcript per second of audio, until this call has
 * heard a reply to its end. Measured on the live service at about 18.6 (65 characters heard
 * 3.5 s into a reply); a little under it, since storing a word that was not heard is the worse
 * mistake.
 */
export const SPOKEN_CHARS_PER_SECOND = 17;
/** A reply shorter than this says little about the rate: the events' own latency dominates. */
export const MIN_RATE_SAMPLE_MS = 1_000;
/** A rate outside this is not speech (a stalled stream, a reply that was mostly silence). */
export const PLAUSIBLE_CHARS_PER_SECOND = { min: 8, max: 30 } as const;

/** The reply whose audio was playing when it was cut. */
export interface CutReply {
  responseId: string;
  itemId: string;
  /** Audio played before the cut, in ms: what `conversation.item.truncate` takes. */
  playedMs: number;
}

export interface ReplyAudio {
  /** `response.created`: a reply is being generated. */
  created(responseId: string): void;
  /** The reply's message item (`response.output_item.added`, or `response.done`'s output). */
  item(responseId: string, itemId: string): void;
  /** `response.done`: nothing more is generated (a `response.cancel` would find nothing). */
  done(responseId: string): void;
  /** `output_audio_buffer.started`. */
  started(responseId: string, atMs: number): void;
  /** `output_audio_buffer.stopped`: played to its end; how long it played, to learn the rate. */
  stopped(responseId: string, atMs: number): CutReply | null;
  /**
   * The provider stopped a reply's audio itself (`output_audio_buffer.cleared` on its own
   * barge-in, or the response cancelled): what was played of it, unless it was over already.
   */
  interrupted(responseId: string, atMs: number): CutReply | null;
  /** Stop audio: the reply playing now, if any, and how much of it was played; it is over. */
  cut(atMs: number): CutReply | null;
  /** The response being generated now, if any (only that one can be cancelled). */
  generating(): string | null;
  /** A reply of `chars` characters played for `playedMs`: this voice's rate. */
  learn(chars: number, playedMs: number): void;
  /** Characters heard in `playedMs` of audio at this voice's rate. */
  heardChars(playedMs: number): number;
}

interface Reply {
  responseId: string;
  itemId: string | null;
  generating: boolean;
  startedAt: number | null;
  /** Played to its end, cleared, or cut. */
  over: boolean;
}

export function createReplyAudio(): ReplyAudio {
  // A call has tens of replies, a few hundred at most: they are all kept, in order.
  const replies = new Map<string, Reply>();
  let learntChars = 0;
  let learntMs = 0;

  function reply(responseId: string): Reply {
    let found = replies.get(responseId);
    if (!found) {
      found = { responseId, itemId: null, generating: false, startedAt: null, over: false };
      replies.set(responseId, found);
    }
    return found;
  }

  /** Ends a reply that was playing; null when it never played, or had already ended. */
  function end(found: Reply | undefined, atMs: number): CutReply | null {
    if (!found || found.over || found.startedAt === null || found.itemId === null) return null;
    found.over = true;
    return {
      responseId: found.responseId,
      itemId: found.itemId,
      playedMs: Math.max(0, Math.round(atMs - found.startedAt)),
    };
  }

  return {
    created(responseId) {
      reply(responseId).generating = true;
    },
    item(responseId, itemId) {
      reply(responseId).itemId ??= itemId;
    },
    done(responseId) {
      reply(responseId).generating = false;
    },
    started(responseId, atMs) {
      const found = reply(responseId);
      if (found.startedAt === null && !found.over) found.startedAt = atMs;
    },
    stopped: (responseId, atMs) => end(replies.get(responseId), atMs),
    interrupted: (responseId, atMs) => end(replies.get(responseId), atMs),
    cut(atMs) {
      const playing = [...replies.values()].filter((r) => !r.over && r.startedAt !== null);
      return end(playing.at(-1), atMs);
    },
    generating() {
      const busy = [...replies.values()].filter((r) => r.generating);
      return busy.at(-1)?.responseId ?? null;
    },
    learn(chars, playedMs) {
      if (chars <= 0 || playedMs < MIN_RATE_SAMPLE_MS) return;
      const rate = (chars / playedMs) * 1000;
      if (rate < PLAUSIBLE_CHARS_PER_SECOND.min || rate > PLAUSIBLE_CHARS_PER_SECOND.max) return;
      learntChars += chars;
      learntMs += playedMs;
    },
    heardChars(playedMs) {
      const perSecond = learntMs > 0 ? (learntChars / learntMs) * 1000 : SPOKEN_CHARS_PER_SECOND;
      return Math.max(0, Math.round((playedMs / 1000) * perSecond));
    },
  };
}
