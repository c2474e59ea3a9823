import { SCORE_RANGE } from '#shared/skills';
import { queuePassbacks } from '../db/ltiPassbacks';
import type { Services } from '../services';

/**
 * A conversation was graded, or a trainer scored it (decision 051): the LMS line items of its
 * LTI assignments are owed that score, queued in the database (so it survives a restart) and
 * sent now by this instance, or by any instance's next pass. A failure here never fails the
 * grading or the override: the queue is the record.
 */
export async function owePassbacks(
  services: Pick<Services, 'db' | 'logger' | 'ltiPassbacks'>,
  input: { sessionId: string; score: number; trainerId?: string },
): Promise<void> {
  try {
    const owed = await queuePassbacks(services.db, {
      sessionId: input.sessionId,
      trainerId: input.trainerId ?? null,
      scoreGiven: input.score,
      scoreMaximum: SCORE_RANGE.max,
      comment: null,
      scoredAt: new Date(),
    });
    if (owed > 0) {
      services.ltiPassbacks.runOnce().catch((error: unknown) => {
        services.logger.warn('lti.passbacks_failed', { error });
      });
    }
  } catch (error) {
    services.logger.warn('lti.passback_queue_failed', { sessionId: input.sessionId, error });
  }
}
