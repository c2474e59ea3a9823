import type { RealtimeEndReason, ServerMessage } from '#shared/protocol';
import { transcriptNonce } from '../ai/prompts';
import { listMessagesByConversation, turnAdmission } from '../db/messages';
import { getScenarioRecordForConversation } from '../db/scenarios';
import { AppError } from '../http/errors';
import type { CoreServices } from '../coreServices';
import { createPerUserCount } from '../conversations/perUserCount';
import { startRealtimeCall, type RealtimeCall } from './realtimeCall';
import { realtimeSession } from './sessionConfig';

/**
 * This instance's Realtime calls: at most one per conversation, each tied to the conversation's
 * sockets here. Its live frames go to those sockets; when the last of them closes (the page was
 * left), the call is hung up after a short grace for a reconnect.
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
    signal: AbortSignal;
  }): Promise<string>;
  hangUp(conversationId: string, reason: RealtimeEndReason): Promise<void>;
  stopAudio(conversationId: string): void;
  /** A conversation socket joins: it gets the call's frames until it leaves. */
  subscribe(conversationId: string, listener: Listener): () => void;
  running(conversationId: string): boolean;
  /** Shutdown: every call ends, having stored what it owed. */
  close(): Promise<void>;
}

export function createRealtimeCalls(services: CoreServices): RealtimeCalls {
  const { db, config, logger } = services;
  const provider = services.ai.realtime;
  const calls = new Map<string, RealtimeCall>();
  const listeners = new Map<string, Set<Listener>>();
  const leaving = new Map<string, NodeJS.Timeout>();
  const userCalls = createPerUserCount();

  function relay(conversationId: string, message: ServerMessage) {
    for (const listener of listeners.get(conversationId) ?? []) listener(message);
  }

  function watchForLeaving(conversationId: string) {
    if ((listeners.get(conversationId)?.size ?? 0) > 0 || !calls.has(conversationId)) return;
    clearTimeout(leaving.get(conversationId));
    const timer = setTimeout(() => {
      leaving.delete(conversationId);
      if ((listeners.get(conversationId)?.size ?? 0) === 0) void hangUp(conversationId, 'hung_up');
    }, LEAVE_GRACE_MS);
    timer.unref();
    leaving.set(conversationId, timer);
  }

  async function hangUp(conversationId: string, reason: RealtimeEndReason) {
    const call = calls.get(conversationId);
    if (call) await call.end(reason);
  }

  return {
    async start({ userId, conversationId, offerSdp, signal }) {
      const realtime = config.ai.realtime;
      if (!provider || !realtime) throw new AppError('not_found:realtime');
      const admission = await turnAdmission(db, {
        conversationId,
        turnsPerHour: config.limits.turnsPerHour,
        pending: 0,
      });
      if (admission === 'ended') throw new AppError('conflict:ended');
      if (admission === 'limited') throw new AppError('rate_limit:turns');
      if (admission === 'missing') throw new AppError('not_found:conversation');
      // A second call for the same conversation replaces the first, so it is not counted.
      const others =
        userCalls.running(userId) - (calls.get(conversationId)?.userId === userId ? 1 : 0);
      if (others >= config.limits.concurrentTurnsPerUser) {
        throw new AppError('rate_limit:concurrent');
      }
      const [scenario, messages] = await Promise.all([
        getScenarioRecordForConversation(db, { conversationId }),
        listMessagesByConversation(db, { conversationId }),
      ]);
      if (!scenario) throw new AppError('not_found:scenario');
      // The call's first minute is paid for before it is set up, each further one as it starts
      // (realtimeCall.ts); a call that cannot be set up costs nothing (decision 027).
      await services.budget.spend(userId, 'realtimeMinute');
      const refund = () => services.budget.giveBack(userId, 'realtimeMinute');
      const session = realtimeSession({
        config: realtime,
        scenario,
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
      // The browser left while the call was being set up: nobody will answer this one.
      if (signal.aborted) {
        sideband.close();
        await provider.hangUp(answer.callId).catch(() => undefined);
        throw new AppError('unavailable:realtime');
      }
      await hangUp(conversationId, 'replaced');

      const call = startRealtimeCall({
        services,
        provider,
        conversationId,
        userId,
        callId: answer.callId,
        sideband,
        relay: (message) => relay(conversationId, message),
      });
      calls.set(conversationId, call);
      userCalls.start(userId);
      void call.ended.then(() => {
        userCalls.finish(userId);
        if (calls.get(conversationId) === call) calls.delete(conversationId);
      });
      logger.info('realtime.started', { conversationId, callId: answer.callId });
      watchForLeaving(conversationId);
      return answer.answerSdp;
    },

    hangUp,

    stopAudio(conversationId) {
      calls.get(conversationId)?.stopAudio();
    },

    subscribe(conversationId, listener) {
      let set = listeners.get(conversationId);
      if (!set) listeners.set(conversationId, (set = new Set()));
      set.add(listener);
      clearTimeout(leaving.get(conversationId));
      leaving.delete(conversationId);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(conversationId);
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
