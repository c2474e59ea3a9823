import type { ComponentProps } from 'react';
import { graderScores } from '#shared/countedScore';
import type { ScoreOverride } from '#shared/review';
import { HISTORY_TEXT } from '#shared/text';
import { FeedbackReport } from '../features/feedback/components/FeedbackReport';
import { ScoreComparison } from '../features/review/components/ScoreComparison';

type ReportProps = Omit<ComponentProps<typeof FeedbackReport>, 'secondaryLabel' | 'review'>;

/**
 * The report of a past conversation, opened from its page (the trainee's or the trainer's): the
 * trainers' scores beside the grader's, and a way back to the transcript.
 */
export function PastConversationReport({
  overrides,
  ...report
}: ReportProps & { overrides: readonly ScoreOverride[] }) {
  return (
    <FeedbackReport
      {...report}
      secondaryLabel={HISTORY_TEXT.backToConversation}
      review={<ScoreComparison ai={graderScores(report.feedback)} overrides={overrides} />}
    />
  );
}
