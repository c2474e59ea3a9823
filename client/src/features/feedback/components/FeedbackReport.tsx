import { FEEDBACK_TEXT } from '#shared/text';
import { useId, type ReactNode } from 'react';
import {
  feedbackBarColour,
  type FeedbackItem,
  type Feedback,
  type ScoreKey,
} from '#shared/feedback';
import type { BranchOrigin } from '#shared/api/conversations';
import type { Message } from '#shared/conversation';
import type { Debrief as DebriefData } from '#shared/debrief';
import { formatOutOfTen } from '#shared/format';
import { anchorFor } from '#shared/rubric';
import { SCORES } from '#shared/skills';
import { Dialog } from '../../../components/Dialog';
import { Debrief } from './Debrief';
import { CloseIcon } from '../../../components/Icons';
import { BranchComparison } from './BranchComparison';
import '../feedback.css';

/**
 * Spec §2 feedback report: the five bars, in this order, with these labels. Read when rendered,
 * in the current language.
 */
function scoreRows(): readonly { key: ScoreKey; label: string }[] {
  return SCORES.map((s) => ({ key: s.feedbackKey, label: s.reportLabel }));
}

function fallbackNote(fallback: NonNullable<Feedback['fallback']>): string {
  return fallback === 'default' ? FEEDBACK_TEXT.defaultScores : FEEDBACK_TEXT.partlyRead;
}

interface FeedbackReportProps {
  feedback: Feedback;
  onClose: () => void;
  /**
   * The second button. Right after a conversation it is 'Try Another Scenario'; a review of a
   * past conversation offers 'Back to Conversation'. Both simply close (spec §2).
   */
  secondaryLabel?: string;
  /** For a branch ("Try another answer here"): where it came from, to compare scores. */
  branch?: BranchOrigin | null;
  /** The debrief and the transcript it annotates; absent for conversations graded before it. */
  debrief?: DebriefData | null;
  messages?: readonly Pick<Message, 'id' | 'role' | 'content'>[];
  /** A trainer's score beside the grader's, under the scores; absent when none. */
  review?: ReactNode;
  /** The scenario's language (BCP-47), for the debrief's quotes of the scenario. */
  scenarioLang?: string | undefined;
}

export function FeedbackReport({
  feedback,
  onClose,
  secondaryLabel = FEEDBACK_TEXT.tryAnother,
  branch = null,
  debrief = null,
  messages = [],
  review = null,
  scenarioLang,
}: FeedbackReportProps) {
  const ids = useId();
  const titleId = `${ids}-title`;
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="dialog--report">
      <div className="report">
        <header className="report__head">
          <h2 id={titleId} className="report__title">
            {FEEDBACK_TEXT.title}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label={FEEDBACK_TEXT.close}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </header>

        {/* Focusable so keyboard users can scroll a long report. */}
        <div className="report__body" tabIndex={0} role="region" aria-labelledby={titleId}>
          {feedback.fallback ? (
            <p className="report__note" role="note">
              {fallbackNote(feedback.fallback)}
            </p>
          ) : null}

          <section aria-labelledby={`${ids}-scores`}>
            <h3 id={`${ids}-scores`} className="report__section-title">
              {FEEDBACK_TEXT.scoresTitle}
            </h3>
            <ul className="score-list">
              {scoreRows().map(({ key, label }) => {
                const score = feedback[key];
                const colour = feedbackBarColour(score);
                const width = `${Math.max(0, Math.min(10, score)) * 10}%`;
                const anchor = anchorFor(key, score);
                return (
                  <li key={key} className="score">
                    <div className="score__row">
                      <span className="score__label">{label}</span>
                      <span className="score__value">{formatOutOfTen(score)}</span>
                    </div>
                    <div className="score__track" aria-hidden="true">
                      <div className={`score__bar score__bar--${colour}`} style={{ width }} />
                    </div>
                    {/* Beneath the spec's bar: the rubric anchor this score met. */}
                    <p className={`score__anchor score__anchor--${anchor.level}`}>
                      <span className="score__level">{anchor.label}:</span> {anchor.text}
                    </p>
                  </li>
                );
              })}
            </ul>
          </section>

          {review}

          {branch ? <BranchComparison scores={feedback} branch={branch} /> : null}

          <ItemSection title={FEEDBACK_TEXT.strengths} items={feedback.strengths} tone="good" />
          <ItemSection
            title={FEEDBACK_TEXT.areasForImprovement}
            items={feedback.areasForImprovement}
            tone="improve"
          />

          <section aria-labelledby={`${ids}-suggested`}>
            <h3 id={`${ids}-suggested`} className="report__section-title">
              {FEEDBACK_TEXT.suggestedTitle}
            </h3>
            <ul className="report__list report__list--suggested">
              {feedback.suggestedResponses.map((text, index) => (
                <li key={index}>{text}</li>
              ))}
            </ul>
          </section>

          {debrief ? (
            <Debrief
              debrief={debrief}
              messages={messages}
              persuasionScore={feedback.persuasionScore}
              scenarioLang={scenarioLang}
            />
          ) : null}
        </div>

        <footer className="report__actions">
          {/* The print stylesheet prints only this report, laid out for paper. */}
          <button
            type="button"
            className="button button--ghost report__print"
            onClick={() => window.print()}
          >
            {FEEDBACK_TEXT.print}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {FEEDBACK_TEXT.closeButton}
          </button>
          <button type="button" className="button button--primary" onClick={onClose}>
            {secondaryLabel}
          </button>
        </footer>
      </div>
    </Dialog>
  );
}

function ItemSection({
  title,
  items,
  tone,
}: {
  title: string;
  items: FeedbackItem[];
  tone: 'good' | 'improve';
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="report__section-title">
        {title}
      </h3>
      <ul className={`report__list report__list--${tone}`}>
        {items.map((item, index) => (
          <li key={index}>
            <p>{item.text}</p>
            {item.quote !== null ? (
              <blockquote className="report__quote">
                <p>{FEEDBACK_TEXT.quoted(item.quote)}</p>
                <footer>{FEEDBACK_TEXT.youSaid}</footer>
              </blockquote>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
