import type { RealtimeEndReason, ServerMessage } from '#shared/protocol';
import { transcriptNonce } from '../ai/prompts';
import { getConversationLanguage } from '../db/conversations';
import { listMessagesByConversation, turnAdmission } from '../db/messages';
import { getScenarioRecordForConversation } from '../db/scenarios';
import { AppError } from '../http/errors';
import type { CoreServices } from '../coreServices';
import { createClusterCount } from '../cluster/clusterCount';
import { createClusterCalls, type CallCommand } from './clusterCalls';
import { startRealtimeCall, type RealtimeCall } from './realtimeCall';
import { realtimeSession } from './sessionConfig';

/**
 * This instance's Realtime calls: at most one per conversation, each tied to the conversation's
 * sockets, here and on the other instances (clusterCalls.ts). Its live frames go to those
 * sockets; when the last of them closes (the page was left), the call is hung up after a short
 * grace for a reconnect, which may reach another instance.
 */

/** A socket that drops and comes back within this keeps its call. */
export const LEAVE_GRACE_MS = 5_000;

type Listener = (message: ServerMessage) => void;

export interface RealtimeCalls {
  /** Sets up a call for an owned conversation: the provider's SDP answer, or an AppError. */
  start(input: {
    userId: string;
    conversationId: string;
    scenarioId: string;
    offerSdp: string;
    /** Set up ahead with the microphone muted: started (and paid for) only by `begin`. */
    standby: boolean;
    signal: AbortSignal;
  }): Promise<string>;
  /** Hangs up the conversation's call; with `standbyOnly`, only one not started yet. */
  hangUp(
    conversationId: string,
    reason: RealtimeEndReason,
    options?: { standbyOnly?: boolean },
  ): Promise<void>;
  /** The clinician started the standby call (`realtime_start`). */
  begin(conversationId: string): void;
  stopAudio(conversationId: string): void;
  /** A conversation socket joins: it gets the call's frames until it leaves. */
  subscribe(conversationId: string, listener: Listener): () => void;
  running(conversationId: string): boolean;
  /** Shutdown: every call ends, having stored what it owed. */
  close(): Promise<void>;
}

export function createRealtimeCalls(
  services: CoreServices,
  options: { now?: () => number } = {},
): RealtimeCalls {
  const { db, config, logger } = services;
  const provider = services.ai.realtime;
  const calls = new Map<string, RealtimeCall>();
  const listeners = new Map<string, Set<Listener>>();
  const leaving = new Map<string, NodeJS.Timeout>();
  // Counted over every instance: a user's calls are capped wherever they were set up.
  const userCalls = createClusterCount(services.cluster, 'calls');
  const cluster = createClusterCalls({
    bus: services.cluster,
    db,
    logger,
    local: {
      deliver,
      sockets: (conversationId) => listeners.get(conversationId)?.size ?? 0,
      watched: () => listeners.keys(),
      *held() {
        for (const [conversationId, call] of calls) {
          yield { conversationId, userId: call.userId, callId: call.callId, begun: call.begun };
        }
      },
      command: onCommand,
      watchersChanged: (conversationId) => {
        if (cluster.remoteSockets(conversationId) > 0) stayForNow(conversationId);
        else watchForLeaving(conversationId);
      },
    },
  });

  function deliver(conversationId: string, message: ServerMessage) {
    for (const listener of listeners.get(conversationId) ?? []) listener(message);
  }

  function relay(conversationId: string, message: ServerMessage) {
    deliver(conversationId, message);
    cluster.relay(conversationId, message);
  }

  function watchers(conversationId: string) {
    return (listeners.get(conversationId)?.size ?? 0) + cluster.remoteSockets(conversationId);
  }

  function stayForNow(conversationId: string) {
    clearTimeout(leaving.get(conversationId));
    leaving.delete(conversationId);
  }

  function watchForLeaving(conversationId: string) {
    if (watchers(conversationId) > 0 || !calls.has(conversationId)) return;
    clearTimeout(leaving.get(conversationId));
    const timer = setTimeout(() => {
      leaving.delete(conversationId);
      if (watchers(conversationId) === 0) void hangUp(conversationId, 'hung_up');
    }, LEAVE_GRACE_MS);
    timer.unref();
    leaving.set(conversationId, timer);
  }

  async function hangUp(
    conversationId: string,
    reason: RealtimeEndReason,
    options: { standbyOnly?: boolean } = {},
  ) {
    const call = calls.get(conversationId);
    if (call) {
      if (!(options.standbyOnly && call.begun)) await call.end(reason);
      return;
    }
    // The call may be held by another instance (set up through it): ask it, and wait for it to
    // have stored what it owed, as a local hang-up does.
    await cluster.command(conversationId, 'hang_up', { reason, ...options });
  }

  /** Another instance passed on what the page asked it of a call held here. */
  function onCommand(message: CallCommand) {
    const call = calls.get(message.conversationId);
    if (!call) return;
    if (message.command === 'begin') return call.begin();
    if (message.command === 'stop_audio') return call.stopAudio();
    void hangUp(message.conversationId, message.reason ?? 'hung_up', {
      standbyOnly: message.standbyOnly ?? false,
    });
  }

  /** A call of this conversation by this user, here or elsewhere (a new one replaces it). */
  function replaces(conversationId: string, userId: string) {
    const here = calls.get(conversationId);
    if (here) return here.userId === userId;
    return cluster.remote(conversationId)?.userId === userId;
  }

  return {
    async start({ userId, conversationId, offerSdp, standby, signal }) {
      const realtime = config.ai.realtime;
      if (!provider || !realtime) throw new AppError('not_found:realtime');
      // Opening Voice Mode in a second window must not hang up the call going on in the first.
      const inUse = () =>
        standby &&
        (calls.get(conversationId)?.begun ?? cluster.remote(conversationId)?.begun ?? false);
      if (inUse()) throw new AppError('conflict:realtime_call');
      const admission = await turnAdmission(db, {
        conversationId,
        turnsPerHour: config.limits.turnsPerHour,
        pending: 0,
      });
      if (admission === 'ended') throw new AppError('conflict:ended');
      if (admission === 'limited') throw new AppError('rate_limit:turns');
      if (admission === 'missing') throw new AppError('not_found:conversation');
      // A second call for the same conversation replaces the first, so it is not counted.
      const others = userCalls.running(userId) - (replaces(conversationId, userId) ? 1 : 0);
      if (others >= config.limits.concurrentTurnsPerUser) {
        throw new AppError('rate_limit:concurrent');
      }
      const [scenario, messages, language] = await Promise.all([
        getScenarioRecordForConversation(db, { conversationId }),
        listMessagesByConversation(db, { conversationId }),
        getConversationLanguage(db, { conversationId }),
      ]);
      if (!scenario) throw new AppError('not_found:scenario');
      // The call's first minute is paid for before it is set up, each further one as it starts
      // (realtimeCall.ts); a call that cannot be set up costs nothing (decision 027), nor does a
      // standby call that was never started (decision 034).
      await services.budget.spend(userId, 'realtimeMinute');
      const refund = () => services.budget.giveBack(userId, 'realtimeMinute');
      const session = realtimeSession({
        config: realtime,
        scenario,
        language,
        history: messages.map(({ role, content }) => ({ role, content })),
        nonce: transcriptNonce(),
      });

      let answer: { answerSdp: string; callId: string };
      try {
        answer = await provider.createCall({ offerSdp, session }, { signal });
      } catch (error) {
        logger.warn('realtime.call_failed', { conversationId, error });
        await refund();
        throw new AppError('unavailable:realtime');
      }
      let sideband;
      try {
        sideband = await provider.openSideband(answer.callId);
      } catch (error) {
        logger.warn('realtime.sideband_failed', { conversationId, callId: answer.callId, error });
        await Promise.all([provider.hangUp(answer.callId).catch(() => undefined), refund()]);
        throw new AppError('unavailable:realtime');
      }
      // The browser left while the call was being set up, or a call came into use meanwhile:
      // nobody will answer this one.
      if (signal.aborted || inUse()) {
        sideband.close();
        await Promise.all([provider.hangUp(answer.callId).catch(() => undefined), refund()]);
        throw new AppError(signal.aborted ? 'unavailable:realtime' : 'conflict:realtime_call');
      }
      await hangUp(conversationId, 'replaced');

      const call = startRealtimeCall({
        services,
        provider,
        conversationId,
        userId,
        callId: answer.callId,
        sideband,
        standby,
        relay: (message) => {
          // Counted free before the page hears of the end, so a call it sets up at once (a
          // standby, on any instance) is not refused as one too many.
          if (message.type === 'realtime_ended') release();
          relay(conversationId, message);
        },
        onBegun: () => announce(true),
        ...options,
      });
      const announce = (begun: boolean) =>
        cluster.announce({ conversationId, userId, callId: answer.callId, begun });
      let counted = true;
      function release() {
        if (!counted) return;
        counted = false;
        userCalls.finish(userId);
      }
      calls.set(conversationId, call);
      userCalls.start(userId);
      announce(call.begun);
      void call.ended.then(() => {
        release();
        cluster.announceEnded(conversationId, answer.callId);
        if (calls.get(conversationId) === call) calls.delete(conversationId);
      });
      logger.info('realtime.started', { conversationId, callId: answer.callId, standby });
      watchForLeaving(conversationId);
      return answer.answerSdp;
    },

    hangUp,

    begin(conversationId) {
      const call = calls.get(conversationId);
      if (call) call.begin();
      else void cluster.command(conversationId, 'begin');
    },

    stopAudio(conversationId) {
      const call = calls.get(conversationId);
      if (call) call.stopAudio();
      // Only a call known to be elsewhere: every barge-in of the other engine asks this too.
      else if (cluster.remote(conversationId)) void cluster.command(conversationId, 'stop_audio');
    },

    subscribe(conversationId, listener) {
      let set = listeners.get(conversationId);
      if (!set) listeners.set(conversationId, (set = new Set()));
      set.add(listener);
      stayForNow(conversationId);
      cluster.socketsChanged(conversationId);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(conversationId);
        cluster.socketsChanged(conversationId);
        watchForLeaving(conversationId);
      };
    },

    running: (conversationId) => calls.has(conversationId),

    async close() {
      for (const timer of leaving.values()) clearTimeout(timer);
      leaving.clear();
      await Promise.all([...calls.values()].map((call) => call.end('hung_up')));
    },
  };
}
