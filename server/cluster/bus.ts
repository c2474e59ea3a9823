import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger';
import { watchClusterPeers } from '../metrics/metrics';
import {
  clusterMessageSchema,
  envelopeSchema,
  MAX_PAYLOAD_BYTES,
  type ClusterMessage,
  type ClusterMessageOf,
} from './messages';
import type { Transport } from './transport';

/**
 * The instances of one deployment, as each sees the others: a small bus over PostgreSQL
 * LISTEN/NOTIFY (decision 037). Messages are batched per turn of the event loop into one NOTIFY
 * and sent one NOTIFY after another, so the others read this instance's messages in the order
 * it sent them. It is best effort, like NOTIFY itself: what must never be lost lives in rows.
 */

/** How often an instance says it is alive. */
export const HEARTBEAT_MS = 2_000;
/** An instance not heard from for this long is taken as gone, with whatever it held. */
export const PEER_TIMEOUT_MS = 3 * HEARTBEAT_MS;
/**
 * A NOTIFY not sent within this is given up (logged), so one stuck statement never holds back
 * every later message, nor lets them pile up in memory.
 */
export const SEND_TIMEOUT_MS = 5_000;

type Handler<T extends ClusterMessage['type']> = (
  message: ClusterMessageOf<T>,
  from: string,
) => void;

export interface ClusterBus {
  readonly instanceId: string;
  /** Another instance has been heard from lately: only then is there anyone to tell. */
  hasPeers(): boolean;
  /**
   * Tells the other instances (never this one), after everything this one told them before.
   * Alone, nothing is sent unless `always` (a peer may be starting and not yet heard from).
   */
  publish(message: ClusterMessage, options?: { always?: boolean }): void;
  on<T extends ClusterMessage['type']>(type: T, handler: Handler<T>): () => void;
  /**
   * The others need this instance's state again (one of them started, or came back, or this
   * one's listener did): each owner of shared state says it in full.
   */
  onSync(handler: () => void): () => void;
  /** An instance went away (said bye or went quiet): forget what it held. */
  onPeerGone(handler: (instanceId: string) => void): () => void;
  close(): Promise<void>;
}

/** The size of a message as it would travel, to see whether it fits a NOTIFY on its own. */
export function payloadBytes(message: ClusterMessage): number {
  return Buffer.byteLength(JSON.stringify({ from: randomUUID(), messages: [message] }));
}

export function createClusterBus(input: {
  transport: Transport;
  logger: Logger;
  instanceId?: string;
  /** The clock peers are timed on (tests). */
  now?: () => number;
}): ClusterBus {
  const { transport, logger } = input;
  const instanceId = input.instanceId ?? randomUUID();
  const now = input.now ?? (() => Date.now());
  const handlers = new Map<string, Set<(message: never, from: string) => void>>();
  const syncHandlers = new Set<() => void>();
  const goneHandlers = new Set<(instanceId: string) => void>();
  const peers = new Map<string, number>();
  const unwatch = watchClusterPeers(() => peers.size);
  let outbox: ClusterMessage[] = [];
  let flushScheduled = false;
  let sending: Promise<void> = Promise.resolve();
  let closed = false;

  function publish(message: ClusterMessage, options: { always?: boolean } = {}) {
    if (closed || (!options.always && peers.size === 0)) return;
    outbox.push(message);
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(flush);
  }

  function flush() {
    flushScheduled = false;
    const envelopes = pack(instanceId, outbox, logger);
    outbox = [];
    for (const payload of envelopes) {
      // One after another: NOTIFYs from separate statements arrive in commit order.
      sending = sending.then(() => sendBounded(payload));
    }
  }

  async function sendBounded(payload: string) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('NOTIFY timed out')), SEND_TIMEOUT_MS);
      timer.unref();
    });
    try {
      await Promise.race([transport.send(payload), timeout]);
    } catch (error) {
      logger.warn('cluster.send_failed', { error });
    } finally {
      clearTimeout(timer);
    }
  }

  function receive(text: string) {
    let envelope: { from: string; messages: unknown[] };
    try {
      const parsed = envelopeSchema.safeParse(JSON.parse(text));
      if (!parsed.success) throw parsed.error;
      envelope = parsed.data;
    } catch (error) {
      logger.warn('cluster.bad_envelope', { error });
      return;
    }
    const { from } = envelope;
    if (from === instanceId) return;
    const known = peers.has(from);
    peers.set(from, now());
    let sync = !known;
    // A peer this instance had forgotten (it went quiet, or its listener was away) may not know
    // it was: ask every instance to say its state again, so nothing it holds stays uncounted.
    if (!known && !envelope.messages.some((m) => (m as { type?: unknown }).type === 'hello')) {
      publish({ type: 'hello' }, { always: true });
    }
    for (const raw of envelope.messages) {
      const parsed = clusterMessageSchema.safeParse(raw);
      if (!parsed.success) {
        logger.warn('cluster.bad_message', { from, error: parsed.error });
        continue;
      }
      const message = parsed.data;
      if (message.type === 'bye') {
        peers.delete(from);
        forget(from);
        sync = false;
        continue;
      }
      if (message.type === 'hello') {
        sync = true;
        // The newcomer learns of this instance now rather than at the next heartbeat.
        publish({ type: 'alive' }, { always: true });
      }
      for (const handler of handlers.get(message.type) ?? []) {
        try {
          (handler as Handler<typeof message.type>)(message as never, from);
        } catch (error) {
          logger.error('cluster.handler_failed', { type: message.type, error });
        }
      }
    }
    if (sync) runSync();
  }

  function runSync() {
    for (const handler of syncHandlers) {
      try {
        handler();
      } catch (error) {
        logger.error('cluster.sync_failed', { error });
      }
    }
  }

  function forget(peer: string) {
    logger.info('cluster.peer_gone', { peer });
    for (const handler of goneHandlers) {
      try {
        handler(peer);
      } catch (error) {
        logger.error('cluster.peer_gone_failed', { peer, error });
      }
    }
  }

  let checking = false;
  /** Forgets the peers whose listener the database no longer holds (killed, or cut off). */
  async function checkListening() {
    if (!transport.listening || checking || peers.size === 0) return;
    checking = true;
    const asked = now();
    try {
      const listening = await transport.listening();
      for (const [peer, seen] of peers) {
        // One heard from since the question was asked is alive, whatever the answer says.
        if (listening.has(peer) || seen >= asked) continue;
        peers.delete(peer);
        forget(peer);
      }
    } catch (error) {
      logger.debug('cluster.listening_check_failed', { error });
    } finally {
      checking = false;
    }
  }

  const heartbeat = setInterval(() => {
    publish({ type: 'alive' }, { always: true });
    const cutoff = now() - PEER_TIMEOUT_MS;
    for (const [peer, seen] of peers) {
      if (seen >= cutoff) continue;
      peers.delete(peer);
      forget(peer);
    }
    void checkListening();
  }, HEARTBEAT_MS);
  heartbeat.unref();

  transport.start({
    payload: receive,
    connected: () => publish({ type: 'hello' }, { always: true }),
  });

  return {
    instanceId,
    hasPeers: () => peers.size > 0,
    publish,
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      const added = handler as (message: never, from: string) => void;
      set.add(added);
      return () => set.delete(added);
    },
    onSync(handler) {
      syncHandlers.add(handler);
      return () => syncHandlers.delete(handler);
    },
    onPeerGone(handler) {
      goneHandlers.add(handler);
      return () => goneHandlers.delete(handler);
    },
    async close() {
      if (closed) return;
      unwatch();
      clearInterval(heartbeat);
      publish({ type: 'bye' }, { always: true });
      closed = true;
      if (flushScheduled) flush();
      flushScheduled = false;
      // Bounded: the bye is a courtesy (peers time out anyway), never a reason to hang.
      await Promise.race([sending, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      await transport.close();
    },
  };
}

/**
 * Envelopes of at most MAX_PAYLOAD_BYTES, in order. A message too large for one on its own is
 * dropped and logged: the sender shrinks what may be large (realtimeRelay.ts) before this.
 */
export function pack(from: string, messages: ClusterMessage[], logger?: Logger): string[] {
  const payloads: string[] = [];
  const base = Buffer.byteLength(JSON.stringify({ from, messages: [] }));
  let batch: string[] = [];
  let size = base;
  const close = () => {
    if (batch.length > 0)
      payloads.push(`{"from":${JSON.stringify(from)},"messages":[${batch.join(',')}]}`);
    batch = [];
    size = base;
  };
  for (const message of messages) {
    const text = JSON.stringify(message);
    const bytes = Buffer.byteLength(text) + 1;
    if (base + bytes > MAX_PAYLOAD_BYTES) {
      logger?.warn('cluster.message_too_large', { type: message.type, bytes });
      continue;
    }
    if (size + bytes > MAX_PAYLOAD_BYTES) close();
    batch.push(text);
    size += bytes;
  }
  close();
  return payloads;
}
