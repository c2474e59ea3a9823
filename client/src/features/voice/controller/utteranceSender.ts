import { UtteranceStream, type StreamSink } from '../../../lib/audio/utteranceStream';

/**
 * How an utterance that may have started relates to the socket's turn:
 * - `new`: nothing is running; it streams at once and becomes the next turn.
 * - `join`: the running turn has not started its reply, so the server adds this utterance to
 *   it (the clinician paused mid-thought); it streams at once and is not a turn of its own.
 * - `held`: the patient is answering. Speech over them is a barge-in, whose `cancel` must reach
 *   the server before the next utterance starts; a cough must not cut them off. So the audio is
 *   kept here until the VAD is sure it is speech (`release`), or dropped on a misfire.
 */
export type UtteranceMode = 'new' | 'join' | 'held';

/** What the end of speech amounted to. */
export type Committed =
  | { ok: true; clientId: string; speak: boolean; joins: boolean }
  | { ok: false; clientId: string | null };

/** The one utterance being spoken, from the VAD's speech start to its end or misfire. */
export class UtteranceSender {
  private stream: UtteranceStream | null = null;
  private held: Float32Array[] | null = null;
  private joins = false;
  private speak = false;
  private readonly sink: StreamSink;
  private readonly newClientId: () => string;

  constructor(sink: StreamSink, newClientId: () => string) {
    this.sink = sink;
    this.newClientId = newClientId;
  }

  /** The utterance streaming now, if any (its clientId labels the server's frames about it). */
  get clientId(): string | null {
    return this.stream?.clientId ?? null;
  }

  get active(): boolean {
    return this.stream !== null || this.held !== null;
  }

  /** Speech may have started; `lead` is the VAD's pre-speech padding and the first speech. */
  begin(lead: Float32Array, options: { mode: UtteranceMode; speak: boolean }): void {
    this.drop();
    this.speak = options.speak;
    this.joins = options.mode === 'join';
    if (options.mode === 'held') this.held = [lead];
    else this.open(lead);
  }

  /** More of the utterance; 'too_long' once (it is then cancelled and forgotten). */
  push(samples: Float32Array): 'ok' | 'too_long' {
    if (this.held) {
      this.held.push(samples);
      return 'ok';
    }
    if (this.stream?.push(samples) !== 'too_long') return 'ok';
    this.stream = null;
    return 'too_long';
  }

  /** A pause in a streaming utterance (a held one has no words to settle yet). */
  pause(): void {
    this.stream?.pause();
  }

  /** It is speech: a held utterance starts streaming now (the caller sent its cancel first). */
  release(): void {
    const held = this.held;
    if (!held) return;
    this.held = null;
    const lead = new Float32Array(held.reduce((length, part) => length + part.length, 0));
    let at = 0;
    for (const part of held) {
      lead.set(part, at);
      at += part.length;
    }
    this.open(lead);
  }

  /** A misfire, or listening stopped: the server drops the stream. Returns its clientId. */
  drop(): string | null {
    const stream = this.stream;
    this.stream = null;
    this.held = null;
    stream?.cancel();
    return stream?.clientId ?? null;
  }

  /** The socket went away: nothing more is sent, and the end of speech reports the failure. */
  abandon(): void {
    this.stream?.abandon();
  }

  /** The server refused or ended the stream (and said why): it is forgotten, silently. */
  refused(): void {
    this.stream?.abandon();
    this.stream = null;
    this.held = null;
  }

  /** End of speech: null when nothing was being sent (it was already dropped or too long). */
  commit(): Committed | null {
    // Ended before it was confirmed as speech: cannot happen with vad-web, whose end of
    // speech comes after its real start; treated as a misfire.
    if (this.held) {
      this.drop();
      return null;
    }
    const stream = this.stream;
    this.stream = null;
    if (!stream) return null;
    if (!stream.commit()) return { ok: false, clientId: stream.clientId };
    return { ok: true, clientId: stream.clientId, speak: this.speak, joins: this.joins };
  }

  private open(lead: Float32Array): void {
    const clientId = this.newClientId();
    this.stream = UtteranceStream.start(this.sink, { clientId, speak: this.speak }, lead);
  }
}
