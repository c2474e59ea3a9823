import type { RealtimeEndReason, ServerMessage } from '../../shared/protocol';
import { transcriptNonce } from '../ai/prompts';
import { listMessagesBySession, turnAdmission } from '../db/messages';
import { getScenarioRecordForSession } from '../db/scenarios';
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
    sessionId: string;
    scenarioId: string;
    offerSdp: string;
    signal: AbortSignal;
  }): Promise<string>;
  hangUp(sessionId: string, reason: RealtimeEndReason): Promise<void>;
  stopAudio(sessionId: string): void;
  /** A conversation socket joins: it gets the call's frames until it leaves. */
  subscribe(sessionId: string, listener: Listener): () => void;
  running(sessionId: string): boolean;
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

  function relay(sessionId: string, message: ServerMessage) {
    for (const listener of listeners.get(sessionId) ?? []) listener(message);
  }

  function watchForLeaving(sessionId: string) {
    if ((listeners.get(sessionId)?.size ?? 0) > 0 || !calls.has(sessionId)) return;
    clearTimeout(leaving.get(sessionId));
    const timer = setTimeout(() => {
      leaving.delete(sessionId);
      if ((listeners.get(sessionId)?.size ?? 0) === 0) void hangUp(sessionId, 'hung_up');
    }, LEAVE_GRACE_MS);
    timer.unref();
    leaving.set(sessionId, timer);
  }

  async function hangUp(sessionId: string, reason: RealtimeEndReason) {
    const call = calls.get(sessionId);
    if (call) await call.end(reason);
  }

  return {
    async start({ userId, sessionId, offerSdp, signal }) {
      const realtime = config.ai.realtime;
      if (!provider || !realtime) throw new AppError('not_found:realtime');
      const admission = await turnAdmission(db, {
        sessionId,
        turnsPerHour: config.limits.turnsPerHour,
        pending: 0,
      });
      if (admission === 'ended') throw new AppError('conflict:ended');
      if (admission === 'limited') throw new AppError('rate_limit:turns');
      if (admission === 'missing') throw new AppError('not_found:session');
      // A second call for the same conversation replaces the first, so it is not counted.
      const others = userCalls.running(userId) - (calls.get(sessionId)?.userId === userId ? 1 : 0);
      if (others >= config.limits.concurrentTurnsPerUser) {
        throw new AppError('rate_limit:concurrent');
      }
      const [scenario, messages] = await Promise.all([
        getScenarioRecordForSession(db, { sessionId }),
        listMessagesBySession(db, { sessionId }),
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
        logger.warn('realtime.call_failed', { sessionId, error });
        await refund();
        throw new AppError('unavailable:realtime');
      }
      let sideband;
      try {
        sideband = await provider.openSideband(answer.callId);
      } catch (error) {
        logger.warn('realtime.sideband_failed', { sessionId, callId: answer.callId, error });
        await Promise.all([provider.hangUp(answer.callId).catch(() => undefined), refund()]);
        throw new AppError('unavailable:realtime');
      }
      // The browser left while the call was being set up: nobody will answer this one.
      if (signal.aborted) {
        sideband.close();
        await provider.hangUp(answer.callId).catch(() => undefined);
        throw new AppError('unavailable:realtime');
      }
      await hangUp(sessionId, 'replaced');

      const call = startRealtimeCall({
        services,
        provider,
        sessionId,
        userId,
        callId: answer.callId,
        sideband,
        relay: (message) => relay(sessionId, message),
      });
      calls.set(sessionId, call);
      userCalls.start(userId);
      void call.ended.then(() => {
        userCalls.finish(userId);
        if (calls.get(sessionId) === call) calls.delete(sessionId);
      });
      logger.info('realtime.started', { sessionId, callId: answer.callId });
      watchForLeaving(sessionId);
      return answer.answerSdp;
    },

    hangUp,

    stopAudio(sessionId) {
      calls.get(sessionId)?.stopAudio();
    },

    subscribe(sessionId, listener) {
      let set = listeners.get(sessionId);
      if (!set) listeners.set(sessionId, (set = new Set()));
      set.add(listener);
      clearTimeout(leaving.get(sessionId));
      leaving.delete(sessionId);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(sessionId);
        watchForLeaving(sessionId);
      };
    },

    running: (sessionId) => calls.has(sessionId),

    async close() {
      for (const timer of leaving.values()) clearTimeout(timer);
      leaving.clear();
      await Promise.all([...calls.values()].map((call) => call.end('hung_up')));
    },
  };
}
