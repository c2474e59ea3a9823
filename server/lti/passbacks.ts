import { LTI_TEXT } from '#shared/text';
import type { Db } from '../db/db';
import { getPlatformById } from '../db/ltiPlatforms';
import {
  claimDuePassbacks,
  markPassbackFailed,
  markPassbackSent,
  type ClaimedPassback,
} from '../db/ltiPassbacks';
import type { Logger } from '../logger';
import { postScore } from './agsClient';
import { LtiServiceError, type ServiceTokenClient } from './serviceToken';
import type { ToolKeys } from './toolKeys';

/**
 * Grade passback (decision 051): every instance sends the scores owed to LMS line items from
 * the queue in the database, each claimed under a lease so one instance sends it at a time.
 * A failure the platform may get over (5xx, 429, timeout, unreachable) is tried again after a
 * back-off that doubles; one it will not (a refused score, a line item gone), or the last
 * attempt, marks it failed for the trainer's "Send again".
 */

export const PASSBACK_ATTEMPTS = 10;
const LEASE_SECONDS = 60;
const BATCH = 20;

/** Seconds before attempt `attempt + 1`: 30 s, 1 min, 2 min, 4 min… at most an hour. */
export function passbackBackoffSeconds(attempt: number, retryAfterSeconds?: number): number {
  const doubling = Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));
  return Math.max(doubling, retryAfterSeconds ?? 0);
}

export interface PassbackWorker {
  /** Sends what is due at `now`; answers how many were sent. One pass at a time. */
  runOnce(now?: Date): Promise<number>;
  /** Waits for the pass under way, if any (closing the server waits for it). */
  settle(): Promise<void>;
}

export function createPassbackWorker(deps: {
  db: Db;
  logger: Logger;
  keys: ToolKeys;
  publicUrl: string;
  /** Made with the server's guarded platform client (platformFetch.ts). */
  tokens: ServiceTokenClient;
}): PassbackWorker {
  const { tokens } = deps;

  const send = async (claim: ClaimedPassback, now: Date): Promise<boolean> => {
    const platform = await getPlatformById(deps.db, { platformId: claim.platformId });
    try {
      if (!platform) throw new LtiServiceError('not_found', 'the registration was removed');
      const signingKey = await deps.keys.signingKey(now);
      const review = `${deps.publicUrl}/conversation/${claim.sessionId}`;
      await postScore(
        {
          tokens,
          platform: { tokenUrl: platform.tokenUrl, clientId: platform.clientId, signingKey },
        },
        claim.lineitemUrl,
        {
          userId: claim.lmsUserId,
          scoreGiven: claim.scoreGiven,
          scoreMaximum: claim.scoreMaximum,
          comment: claim.comment ?? LTI_TEXT.passbackComment(review),
          timestamp: claim.scoredAt.toISOString(),
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
        },
      );
      await markPassbackSent(deps.db, claim);
      return true;
    } catch (error) {
      const retryable = error instanceof LtiServiceError && error.retryable;
      const last = claim.attempts >= PASSBACK_ATTEMPTS;
      const retryAfter =
        error instanceof LtiServiceError ? error.details.retryAfterSeconds : undefined;
      const retryAt =
        retryable && !last
          ? new Date(now.getTime() + passbackBackoffSeconds(claim.attempts, retryAfter) * 1000)
          : null;
      const message = error instanceof Error ? error.message : String(error);
      await markPassbackFailed(deps.db, { ...claim, error: message, retryAt });
      deps.logger.warn('lti.passback_failed', {
        assignmentId: claim.assignmentId,
        attempts: claim.attempts,
        retrying: retryAt !== null,
        error: message,
      });
      return false;
    }
  };

  let running: Promise<number> | null = null;
  return {
    runOnce(now = new Date()) {
      running ??= (async () => {
        const claimed = await claimDuePassbacks(deps.db, {
          now,
          limit: BATCH,
          leaseSeconds: LEASE_SECONDS,
        });
        let sent = 0;
        for (const claim of claimed) if (await send(claim, now)) sent += 1;
        return sent;
      })().finally(() => {
        running = null;
      });
      return running;
    },
    async settle() {
      await running?.catch(() => undefined);
    },
  };
}
