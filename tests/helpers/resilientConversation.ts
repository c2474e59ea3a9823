import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import type { Message } from '#shared/conversation';
import type { ServerMessage } from '#shared/protocol';
import { VOICE_TEXT } from '#shared/text';
import { reconnectDelayMs } from '#client/lib/reconnectBackoff';
import { bounded, GaveUp } from './bounded';
import { INSTANCE_HEADER } from './haproxy';
import { LoadSocket } from './loadSocket';
import { sendAudioPause, sendAudioStart } from './streamAudio';

/** How long one turn may take, from sending to its end, before the client gives up on it. */
export const TURN_WAIT_MS = 60_000;
/** How long one connection attempt may take (the upgrade and the history that follows it). */
const CONNECT_WAIT_MS = 10_000;
/** Attempts at the first connect before `open` gives up. */
const OPEN_ATTEMPTS = 5;
/** How long the client keeps trying to reconnect after a drop before it gives up. */
const RECONNECT_GIVE_UP_MS = 60_000;

/**
 * How a turn ended for the clinician:
 * - `replied`: the reply arrived whole (and, spoken, its speech).
 * - `answered_before`: a turn resent after a drop had been answered already; the reply is in the
 *   history the reconnect loaded.
 * - `reply_in_history`: the socket dropped mid-reply and the history holds a reply to the turn.
 * - `regenerated`: the socket dropped after the turn was stored, no reply to it was stored, so the
 *   turn went again with its clientId and the server answered it.
 * - `reply_lost`: the socket dropped after the turn was stored, and no reply to it ever came.
 * - `interrupted`: a spoken turn cut off before it was acknowledged (the browser abandons it).
 * - `refused`: the server answered with an error frame.
 */
export type TurnOutcome =
  | 'replied'
  | 'answered_before'
  | 'reply_in_history'
  | 'regenerated'
  | 'reply_lost'
  | 'interrupted'
  | 'refused';

export interface TurnRecord {
  kind: 'typed' | 'spoken';
  clientId: string;
  text: string;
  startedAt: number;
  /** The instance the turn started on (the load balancer's instance header), if known. */
  instance: string | null;
  /** The clinician's stored message, once `turn_stored` reached the client. */
  storedId: string | null;
  /** The connection (counted from 1) on which `turn_stored` arrived. */
  storedOn: number;
  replyId: string | null;
  reply: Message | null;
  firstDeltaAt: number | null;
  firstSpeechAt: number | null;
  /** Spoken: audio frames sent so far. */
  framesSent: number;
  /** Spoken: when `audio_commit` went on the wire (the end of speech). */
  endedAt: number | null;
  speechDone: boolean;
  /** A socket dropped while the turn was running. */
  dropped: boolean;
  /** Times the turn was resent after a reconnect (same clientId). */
  resent: number;
  /** Stored, unanswered when its instance died: sent again for the server to answer. */
  regenerated: boolean;
  error: { code: string; message: string } | null;
  outcome: TurnOutcome | null;
}

export interface Drop {
  at: number;
  /** The instance the dropped socket was on. */
  instance: string | null;
  /** When the attempt that succeeded started (after the backoff), and when its socket opened. */
  attemptAt: number | null;
  openedAt: number | null;
  /** When the history arrived on the next socket: the conversation resumed. */
  resumedAt: number | null;
  resumedOn: string | null;
  attempts: number;
  /** Ids the client had acknowledged that the resumed history did not hold. */
  missing: string[];
}

export interface SpokenUtterance {
  frames: Uint8Array[];
  frameMs: number;
  /** The words the stub hears, as the final partial at the speaker's pause. */
  words: string;
}

/**
 * One conversation as the browser holds it (client/src/lib/socket.ts, conversationConnection.ts,
 * the chat store and voice mode), for load and failover runs through a load balancer:
 * - a dropped socket reconnects with the browser's backoff (`reconnectDelayMs`) and resumes from
 *   the `history` frame;
 * - a typed turn whose `turn_stored` did not arrive is resent after that history with the same
 *   clientId (the chat store's flushPending); so is a stored turn, typed or spoken, whose reply
 *   did not arrive when the history holds no reply to it (the chat store's `unanswered`);
 * - a spoken turn running when the socket drops is abandoned, and voice mode shows
 *   VOICE_TEXT.offline (voiceController.onChannelState): its audio is never resent.
 * Every wait is bounded and names the conversation and what it waited for.
 */
export class ResilientConversation {
  socket: LoadSocket | null = null;
  ready = false;
  /** What the chat shows: the last history, with acknowledged messages upserted. */
  messages: Message[] = [];
  /** Ids of every message whose stored id reached the client. */
  readonly acknowledged = new Set<string>();
  readonly drops: Drop[] = [];
  readonly turns: TurnRecord[] = [];
  /** Every sentence shown to the user: error frames and voice mode's own. */
  readonly errorsShown: Array<{ code: string | null; message: string }> = [];
  /** Connection attempts that failed, and why (an upgrade refused, a timeout). */
  readonly connectFailures: string[] = [];
  /** Connections opened so far (1 for the first). */
  connections = 0;
  failure: string | null = null;
  private current: TurnRecord | null = null;
  /** The last stored turn whose reply has not arrived (ChatSnapshot.unanswered). */
  private unanswered: TurnRecord | null = null;
  private closing = false;
  private partials = new Map<string, string>();
  private waiters = new Set<() => void>();

  constructor(
    readonly baseUrl: string,
    readonly conversationId: string,
    private readonly cookie: string,
    private readonly random: () => number = Math.random,
  ) {}

  get instance(): string | null {
    const name = this.socket?.headers[INSTANCE_HEADER];
    return typeof name === 'string' ? name : null;
  }

  /** Opens the first socket and waits for its history. */
  async open(): Promise<void> {
    // The browser retries a first connect that fails as it retries after a drop.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.connectOnce();
        break;
      } catch (error) {
        this.connectFailures.push(String(error));
        if (attempt >= OPEN_ATTEMPTS) throw error;
        await sleep(reconnectDelayMs(attempt, this.random()));
      }
    }
    await this.until("a 'history' frame", () => this.ready, CONNECT_WAIT_MS);
  }

  /** A typed turn, as the chat sends it; resolves with how it ended. */
  async typedTurn(text: string): Promise<TurnRecord> {
    const turn = this.startTurn('typed', text);
    if (this.ready) this.sendTurn(turn);
    await this.until(
      `the reply to typed turn ${turn.clientId} ('reply_done')`,
      () => this.settleTyped(turn),
      TURN_WAIT_MS,
    ).finally(() => this.endTurn(turn));
    return turn;
  }

  /** A spoken turn streamed in real time, as voice mode sends it (speaker's pause, then end). */
  async spokenTurn(utterance: SpokenUtterance): Promise<TurnRecord> {
    await this.until("a 'history' frame before speaking", () => this.ready, TURN_WAIT_MS);
    const turn = this.startTurn('spoken', utterance.words);
    try {
      const connection = this.connections;
      const live = () => this.ready && this.connections === connection && !turn.dropped;
      const socket = this.socket!;
      sendAudioStart(socket, turn.clientId, { stream: true, speak: true });
      for (const frame of utterance.frames.slice(0, -1)) {
        if (!live()) break;
        socket.ws.send(frame);
        turn.framesSent += 1;
        this.changed();
        await sleep(utterance.frameMs);
      }
      if (live()) {
        sendAudioPause(socket, turn.clientId, utterance.frames.length - 1);
        await this.until(
          `the words at the pause of ${turn.clientId} ('transcript_partial')`,
          () =>
            !live() || turn.error !== null || this.partials.get(turn.clientId) === utterance.words,
          TURN_WAIT_MS,
        );
      }
      if (live() && turn.error === null) {
        socket.ws.send(utterance.frames.at(-1)!);
        turn.endedAt = await new Promise<number>((resolve) =>
          socket.ws.send(
            JSON.stringify({
              type: 'audio_commit',
              clientId: turn.clientId,
              frames: utterance.frames.length,
            }),
            () => resolve(performance.now()),
          ),
        );
      }
      await this.until(
        `the spoken reply to ${turn.clientId} ('reply_done' and 'speech_done')`,
        () => this.settleSpoken(turn),
        TURN_WAIT_MS,
      );
    } finally {
      this.endTurn(turn);
    }
    return turn;
  }

  /** Closes for good (the page is left). */
  async close(): Promise<void> {
    this.closing = true;
    this.changed();
    await this.socket?.close();
  }

  private startTurn(kind: TurnRecord['kind'], text: string): TurnRecord {
    const turn: TurnRecord = {
      kind,
      clientId: randomUUID(),
      text,
      startedAt: performance.now(),
      instance: this.instance,
      storedId: null,
      storedOn: 0,
      replyId: null,
      reply: null,
      firstDeltaAt: null,
      firstSpeechAt: null,
      framesSent: 0,
      endedAt: null,
      speechDone: false,
      dropped: false,
      resent: 0,
      regenerated: false,
      error: null,
      outcome: null,
    };
    this.turns.push(turn);
    this.current = turn;
    return turn;
  }

  private endTurn(turn: TurnRecord): void {
    if (this.current === turn) this.current = null;
  }

  private sendTurn(turn: TurnRecord): void {
    this.socket?.ws.send(
      JSON.stringify({ type: 'turn', clientId: turn.clientId, text: turn.text, stream: true }),
    );
  }

  /** Whether the chat is done waiting for this typed turn (and with what). */
  private settleTyped(turn: TurnRecord): boolean {
    if (turn.outcome) return true;
    if (turn.reply) return this.settle(turn, turn.regenerated ? 'regenerated' : 'replied');
    if (turn.error) return this.settle(turn, 'refused');
    if (this.closing) return this.settle(turn, 'reply_lost');
    if (!turn.dropped || !this.ready || turn.storedId === null) return false;
    if (this.answered(turn.storedId)) {
      return this.settle(
        turn,
        turn.storedOn < this.connections ? 'reply_in_history' : 'answered_before',
      );
    }
    // Stored by a resend on this connection, or sent again unanswered: its reply is coming.
    if (turn.storedOn === this.connections || turn.regenerated) return false;
    return this.settle(turn, 'reply_lost');
  }

  private settleSpoken(turn: TurnRecord): boolean {
    if (turn.outcome) return true;
    // Sent again as text after a drop, its reply is not spoken (voice mode dropped the turn).
    if (turn.reply && turn.regenerated) return this.settle(turn, 'regenerated');
    if (turn.reply && turn.speechDone) return this.settle(turn, 'replied');
    if (turn.error) return this.settle(turn, 'refused');
    if (this.closing) return this.settle(turn, 'interrupted');
    if (!turn.dropped || !this.ready) return false;
    if (turn.storedId === null) return this.settle(turn, 'interrupted');
    if (this.answered(turn.storedId)) return this.settle(turn, 'reply_in_history');
    return turn.regenerated ? false : this.settle(turn, 'reply_lost');
  }

  private settle(turn: TurnRecord, outcome: TurnOutcome): true {
    turn.outcome = outcome;
    return true;
  }

  /** The chat holds a patient reply after the stored turn `id`. */
  private answered(id: string): boolean {
    const index = this.messages.findIndex((m) => m.id === id);
    return index !== -1 && this.messages.slice(index + 1).some((m) => m.role === 'assistant');
  }

  /** Waits until `condition` holds, re-checked on every frame and state change; bounded. */
  until(what: string, condition: () => boolean, ms: number): Promise<void> {
    if (condition()) return Promise.resolve();
    let wake = () => {};
    const done = new Promise<void>((resolve) => {
      wake = () => {
        if (condition()) resolve();
      };
    });
    this.waiters.add(wake);
    return bounded(done, ms, `conversation ${this.conversationId}: ${what}`)
      .catch((error: unknown) => {
        if (error instanceof GaveUp) this.failure ??= error.message;
        throw error;
      })
      .finally(() => this.waiters.delete(wake));
  }

  private changed(): void {
    for (const wake of [...this.waiters]) wake();
  }

  private async connectOnce(): Promise<void> {
    const socket = await bounded(
      LoadSocket.open(this.baseUrl, this.conversationId, this.cookie),
      CONNECT_WAIT_MS,
      `conversation ${this.conversationId}: the socket to open`,
    );
    this.connections += 1;
    this.socket = socket;
    this.ready = false;
    socket.onFrame = (frame, at) => this.receive(frame, at);
    socket.ws.once('close', () => {
      if (this.socket === socket) this.dropped();
    });
    // The history may have arrived before the handler was set.
    for (const { frame, at } of socket.frames) this.receive(frame, at);
  }

  private dropped(): void {
    this.ready = false;
    if (this.closing) return;
    const drop: Drop = {
      at: performance.now(),
      instance: this.instance,
      attemptAt: null,
      openedAt: null,
      resumedAt: null,
      resumedOn: null,
      attempts: 0,
      missing: [],
    };
    this.drops.push(drop);
    const turn = this.current;
    if (turn && !turn.outcome) {
      turn.dropped = true;
      // Voice mode: "the reply will never arrive on this socket" (voiceController).
      if (turn.kind === 'spoken')
        this.errorsShown.push({ code: null, message: VOICE_TEXT.offline });
    }
    this.changed();
    void this.reconnect(drop);
  }

  /** The browser's loop: wait, try, and again with a longer wait, until a socket opens. */
  private async reconnect(drop: Drop): Promise<void> {
    const giveUpAt = drop.at + RECONNECT_GIVE_UP_MS;
    while (!this.closing && performance.now() < giveUpAt) {
      drop.attempts += 1;
      await sleep(reconnectDelayMs(drop.attempts, this.random()));
      if (this.closing) return;
      try {
        drop.attemptAt = performance.now();
        await this.connectOnce();
        drop.openedAt = performance.now();
        return;
      } catch (error) {
        // Refused or timed out: the next attempt waits longer, as the browser's does.
        this.connectFailures.push(String(error));
      }
    }
    if (!this.closing) {
      this.failure ??= `conversation ${this.conversationId}: gave up reconnecting after ${drop.attempts} attempts`;
      this.changed();
    }
  }

  private receive(frame: ServerMessage, at: number): void {
    const turn = this.current;
    switch (frame.type) {
      case 'history': {
        if (this.ready) return;
        this.ready = true;
        this.messages = frame.messages;
        const drop = this.drops.at(-1);
        if (drop && drop.resumedAt === null) {
          drop.resumedAt = at;
          drop.resumedOn = this.instance;
          const held = new Set(frame.messages.map((m) => m.id));
          drop.missing = [...this.acknowledged].filter((id) => !held.has(id));
        }
        // The chat store's flushPending: a turn not yet acknowledged goes again, same clientId.
        for (const pending of this.turns) {
          if (pending.kind === 'typed' && !pending.outcome && pending.storedId === null) {
            pending.resent += 1;
            this.sendTurn(pending);
          }
        }
        // And a stored turn nobody answered: the server answers it now.
        const unanswered = this.unanswered;
        if (unanswered && frame.messages.at(-1)?.id === unanswered.storedId) {
          unanswered.regenerated = true;
          unanswered.resent += 1;
          this.sendTurn(unanswered);
        } else {
          this.unanswered = null;
        }
        break;
      }
      case 'turn_stored': {
        const stored = this.turns.find((t) => t.clientId === frame.clientId);
        if (stored) {
          stored.storedId = frame.message.id;
          stored.storedOn = this.connections;
          // What a resend carries: the words as stored (a spoken turn's transcript).
          stored.text = frame.message.content;
          this.unanswered = this.answered(frame.message.id) ? null : stored;
        }
        this.acknowledged.add(frame.message.id);
        this.upsert(frame.message);
        break;
      }
      case 'reply_start':
        if (turn && turn.storedId !== null && !turn.reply) turn.replyId = frame.replyId;
        break;
      case 'reply_delta':
        if (turn?.replyId === frame.replyId) turn.firstDeltaAt ??= at;
        break;
      case 'speech':
        if (turn?.replyId === frame.replyId && frame.bytes > 0) turn.firstSpeechAt ??= at;
        break;
      case 'speech_done':
        if (turn?.replyId === frame.replyId) turn.speechDone = true;
        break;
      case 'reply_done':
        if (turn?.replyId === frame.replyId) turn.reply = frame.message;
        this.unanswered = null;
        this.acknowledged.add(frame.message.id);
        this.upsert(frame.message);
        break;
      case 'reply_revised':
        this.upsert(frame.message);
        break;
      case 'transcript_partial':
        this.partials.set(frame.clientId, frame.text);
        break;
      case 'error':
        this.errorsShown.push({ code: frame.code, message: frame.message });
        if (frame.clientId === undefined || frame.clientId === this.unanswered?.clientId) {
          this.unanswered = null;
        }
        if (turn && (frame.clientId === undefined || frame.clientId === turn.clientId)) {
          turn.error = { code: frame.code, message: frame.message };
        }
        break;
      default:
        break;
    }
    this.changed();
  }

  private upsert(message: Message): void {
    const index = this.messages.findIndex((m) => m.id === message.id);
    if (index === -1) this.messages.push(message);
    else this.messages[index] = message;
  }
}

/** The instance a socket is on, if still open (for picking the one to kill). */
export function isOpen(conversation: ResilientConversation): boolean {
  return conversation.socket?.ws.readyState === WebSocket.OPEN;
}
