import type { RealtimeEndReason, ServerMessage } from '#shared/protocol';
import { REALTIME_TEXT } from '#shared/text';
import { payloadBytes, type ClusterBus } from '../cluster/bus';
import { MAX_PAYLOAD_BYTES, type ClusterMessage } from '../cluster/messages';
import type { Db } from '../db/db';
import { getMessageInConversation } from '../db/messages';
import type { Logger } from '../logger';

/**
 * The Realtime calls of the other instances, as this one knows them, and what it tells them of
 * its own (decision 037). A call stays on the instance whose sideband it holds; the page's
 * socket may be anywhere. The holder sends its frames to the others, who relay them to the
 * conversation's sockets they hold; a page's hang-up, start or Stop audio that reaches another
 * instance is sent on to the holder.
 */

/** How long a hang-up waits for another instance's call to say it has stored what it owed. */
export const REMOTE_HANGUP_WAIT_MS = 5_000;

export interface RemoteCall {
  instanceId: string;
  userId: string;
  callId: string;
  begun: boolean;
}

export type CallCommand = Extract<ClusterMessage, { type: 'realtime_command' }>;

/** What this instance's own calls (realtimeCalls.ts) give and take. */
export interface LocalCalls {
  /** Sends a frame to the conversation's sockets here. */
  deliver(conversationId: string, message: ServerMessage): void;
  /** Sockets of the conversation open here. */
  sockets(conversationId: string): number;
  /** Every conversation with a socket here. */
  watched(): Iterable<string>;
  /** The calls held here, to say again when the others need it. */
  held(): Iterable<Omit<RemoteCall, 'instanceId'> & { conversationId: string }>;
  /** Another instance asked for something of a call held here. */
  command(message: CallCommand): void;
  /** The number of sockets elsewhere wanting a conversation's frames changed. */
  watchersChanged(conversationId: string): void;
}

export interface ClusterCalls {
  remote(conversationId: string): RemoteCall | null;
  /** Sockets of the conversation on other instances. */
  remoteSockets(conversationId: string): number;
  announce(call: Omit<RemoteCall, 'instanceId'> & { conversationId: string }): void;
  announceEnded(conversationId: string, callId: string): void;
  /** A frame of a call held here, for the conversation's sockets elsewhere. */
  relay(conversationId: string, message: ServerMessage): void;
  /** The sockets of a conversation here changed: the holder of its call is told. */
  socketsChanged(conversationId: string): void;
  /**
   * Asks the holder of the conversation's call (if another instance holds it) for `command`.
   * For a hang-up, settles once that call has ended, or after REMOTE_HANGUP_WAIT_MS.
   */
  command(
    conversationId: string,
    command: CallCommand['command'],
    options?: { reason?: RealtimeEndReason; standbyOnly?: boolean },
  ): Promise<void>;
}

export function createClusterCalls(input: {
  bus: ClusterBus;
  db: Db;
  logger: Logger;
  local: LocalCalls;
}): ClusterCalls {
  const { bus, db, logger, local } = input;
  const calls = new Map<string, RemoteCall>();
  /** Conversation → instance → its sockets of that conversation. */
  const watchers = new Map<string, Map<string, number>>();
  /** Hang-ups waiting for a remote call to end, by conversation. */
  const waiting = new Map<string, Set<() => void>>();

  function callOver(conversationId: string) {
    calls.delete(conversationId);
    for (const done of waiting.get(conversationId) ?? []) done();
    waiting.delete(conversationId);
  }

  function tellWatch(conversationId: string) {
    bus.publish({
      type: 'realtime_watch',
      conversationId,
      sockets: local.sockets(conversationId),
    });
  }

  bus.on('realtime_call', (message, from) => {
    const { conversationId, userId, callId, begun } = message;
    const before = calls.get(conversationId);
    calls.set(conversationId, { instanceId: from, userId, callId, begun });
    // A new call elsewhere: say whether a page here wants its frames.
    if (before?.callId !== callId && local.sockets(conversationId) > 0) tellWatch(conversationId);
  });
  bus.on('realtime_call_ended', ({ conversationId, callId }) => {
    if (calls.get(conversationId)?.callId === callId) callOver(conversationId);
  });
  bus.on('realtime_watch', ({ conversationId, sockets }, from) => {
    let byInstance = watchers.get(conversationId);
    if (!byInstance) watchers.set(conversationId, (byInstance = new Map()));
    if (sockets > 0) byInstance.set(from, sockets);
    else byInstance.delete(from);
    if (byInstance.size === 0) watchers.delete(conversationId);
    local.watchersChanged(conversationId);
  });
  bus.on('realtime_frame', ({ conversationId, message }) => {
    if (local.sockets(conversationId) > 0) local.deliver(conversationId, message);
  });
  bus.on('realtime_stored', ({ conversationId, messageId, frame }) => {
    if (local.sockets(conversationId) === 0) return;
    getMessageInConversation(db, { conversationId, id: messageId }).then(
      (message) => {
        if (message) local.deliver(conversationId, { type: frame, message });
      },
      (error: unknown) => logger.warn('realtime.relay_load_failed', { conversationId, error }),
    );
  });
  bus.on('realtime_command', (message) => local.command(message));
  bus.onSync(() => {
    for (const call of local.held()) bus.publish({ type: 'realtime_call', ...call });
    for (const conversationId of local.watched()) tellWatch(conversationId);
  });
  bus.onPeerGone((peer) => {
    for (const [conversationId, byInstance] of watchers) {
      if (!byInstance.delete(peer)) continue;
      if (byInstance.size === 0) watchers.delete(conversationId);
      local.watchersChanged(conversationId);
    }
    for (const [conversationId, call] of calls) {
      if (call.instanceId !== peer) continue;
      callOver(conversationId);
      // The call died with its instance (its sideband was there): the page is told, as it is
      // when the provider drops a call.
      local.deliver(conversationId, {
        type: 'realtime_ended',
        reason: 'dropped',
        message: REALTIME_TEXT.dropped,
      });
    }
  });

  return {
    remote: (conversationId) => calls.get(conversationId) ?? null,
    remoteSockets(conversationId) {
      let total = 0;
      for (const n of watchers.get(conversationId)?.values() ?? []) total += n;
      return total;
    },
    announce: (call) => bus.publish({ type: 'realtime_call', ...call }),
    announceEnded: (conversationId, callId) =>
      bus.publish({ type: 'realtime_call_ended', conversationId, callId }),
    relay(conversationId, message) {
      if (!bus.hasPeers()) return;
      const frame: ClusterMessage = { type: 'realtime_frame', conversationId, message };
      if (payloadBytes(frame) <= MAX_PAYLOAD_BYTES) return bus.publish(frame);
      if (message.type === 'message_stored' || message.type === 'reply_revised') {
        return bus.publish({
          type: 'realtime_stored',
          conversationId,
          messageId: message.message.id,
          frame: message.type,
        });
      }
      // A live line longer than a payload: the stored message that follows carries the words.
      logger.debug('realtime.relay_skipped', { conversationId, type: message.type });
    },
    socketsChanged(conversationId) {
      if (calls.has(conversationId)) tellWatch(conversationId);
    },
    command(conversationId, command, options = {}) {
      const call = calls.get(conversationId);
      // Alone, nobody else can hold a call; with others, one may hold a call not yet heard of.
      if (!call && !bus.hasPeers()) return Promise.resolve();
      bus.publish({ type: 'realtime_command', conversationId, command, ...options });
      if (command !== 'hang_up' || !call || (options.standbyOnly && call.begun)) {
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        let set = waiting.get(conversationId);
        if (!set) waiting.set(conversationId, (set = new Set()));
        const timer = setTimeout(() => {
          set.delete(done);
          logger.warn('realtime.remote_hangup_unanswered', { conversationId });
          resolve();
        }, REMOTE_HANGUP_WAIT_MS);
        timer.unref();
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        set.add(done);
      });
    },
  };
}
