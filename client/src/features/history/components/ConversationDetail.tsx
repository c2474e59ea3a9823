import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatClockTime, formatLongDate, formatScore } from '../../../../../shared/format';
import type { Message } from '../../../../../shared/conversation';
import type { Feedback } from '../../../../../shared/feedback';
import type {
  BranchOrigin,
  ConversationDetail as Detail,
} from '../../../../../shared/api/conversations';
import type { Debrief } from '../../../../../shared/debrief';
import { BRANCH_TEXT } from '../../../../../shared/text';
import { errorMessage } from '../../../lib/api';
import { conversationPath, dashboardPath } from '../../../lib/paths';
import { TryAnotherAnswerButton } from '../../../components/TryAnotherAnswerButton';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { ArrowLeftIcon } from '../../../components/Icons';
import { useScreenResource } from '../../../lib/resource';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { conversationErrorMessage, getConversation } from '../api/getConversation';
import '../history.css';

interface ConversationDetailProps {
  sessionId: string;
  /** The page supplies the feedback report, so this feature does not import another. */
  renderFeedback: (props: {
    feedback: Feedback;
    debrief: Debrief | null;
    messages: readonly Message[];
    onClose: () => void;
    branch: BranchOrigin | null;
  }) => ReactNode;
  /**
   * "Try another answer here" on the clinician turn `messageId`: the page makes the branch and
   * opens it; a rejection is shown beside the transcript.
   */
  onTryAnother: (turn: {
    sessionId: string;
    scenarioId: string;
    messageId: string;
  }) => Promise<void>;
  /**
   * The debrief of an ended conversation, from the page: what goes under each turn of the
   * transcript (notes, reactions, thoughts) and what follows the transcript.
   */
  renderTurnDebrief?: (props: { debrief: Debrief; message: Message; turn: number }) => ReactNode;
  renderDebrief?: (props: { feedback: Feedback; debrief: Debrief }) => ReactNode;
}

/** Spec §2 Conversation detail (/conversation/{id}). */
export function ConversationDetail({
  sessionId,
  renderFeedback,
  onTryAnother,
  renderTurnDebrief,
  renderDebrief,
}: ConversationDetailProps) {
  const load = useScreenResource<Detail>(
    {
      fetch: getConversation,
      onError: (error) => {
        console.error('Could not load the conversation', error);
        return { message: conversationErrorMessage(error) };
      },
    },
    sessionId,
  );
  const [reportOpen, setReportOpen] = useState(false);
  const [branching, setBranching] = useState<string | null>(null);
  const [branchError, setBranchError] = useState<string | null>(null);
  const ids = useId();

  const detail = load.data;
  const title = detail?.scenario?.title.trim() || 'Conversation Detail';
  useDocumentTitle(detail === null && load.error === null ? 'Conversation Detail' : title);
  const feedback = detail?.feedback ?? null;

  return (
    <main className="page page--scenario conversation-detail">
      <header className="scenario-header">
        <Link href={dashboardPath('history')} className="back-link">
          <ArrowLeftIcon />
          Back to Dashboard
        </Link>
        <div className="scenario-header__title-row">
          <h1 className="scenario-header__title">{title}</h1>
          {feedback ? (
            <button
              type="button"
              className="score-badge"
              onClick={() => setReportOpen(true)}
              aria-haspopup="dialog"
            >
              <span className="score-badge__score">{formatScore(feedback.overallScore)}/10</span>
              <span>View Feedback</span>
            </button>
          ) : null}
        </div>
        {detail ? (
          <p className="conversation-detail__when">
            <time dateTime={detail.session.createdAt}>
              {formatLongDate(detail.session.createdAt)}
            </time>
            {' at '}
            <time dateTime={detail.session.createdAt}>
              {formatClockTime(detail.session.createdAt)}
            </time>
          </p>
        ) : null}
        {detail?.branch ? <BranchNote branch={detail.branch} /> : null}
        {detail?.scenario?.description ? (
          <p className="scenario-header__description">{detail.scenario.description}</p>
        ) : null}
      </header>

      {load.error !== null ? (
        <Alert>{load.error}</Alert>
      ) : detail === null ? (
        <p className="loading-line">
          <Spinner />
          Loading conversation...
        </p>
      ) : (
        <section className="card transcript" aria-labelledby={`${ids}-transcript`}>
          <h2 id={`${ids}-transcript`} className="card__title">
            Transcript
          </h2>
          {detail.messages.length === 0 ? (
            <p className="muted">No messages found for this conversation.</p>
          ) : (
            <Transcript
              messages={detail.messages}
              branching={branching}
              onTryAnother={(messageId) => {
                if (branching !== null) return;
                setBranching(messageId);
                setBranchError(null);
                onTryAnother({
                  sessionId: detail.session.id,
                  scenarioId: detail.session.scenarioId,
                  messageId,
                }).catch((error: unknown) => {
                  console.error('Could not start another answer', error);
                  setBranchError(errorMessage(error, BRANCH_TEXT.failed));
                  setBranching(null);
                });
              }}
              annotate={
                detail.debrief && renderTurnDebrief
                  ? (message, turn) =>
                      renderTurnDebrief({ debrief: detail.debrief!, message, turn })
                  : undefined
              }
            />
          )}
          {branchError ? <Alert>{branchError}</Alert> : null}
        </section>
      )}
      {feedback && detail?.debrief && renderDebrief ? (
        <div className="card conversation-detail__debrief">
          {renderDebrief({ feedback, debrief: detail.debrief })}
        </div>
      ) : null}

      {feedback && reportOpen
        ? renderFeedback({
            feedback,
            debrief: detail?.debrief ?? null,
            messages: detail?.messages ?? [],
            onClose: () => setReportOpen(false),
            branch: detail?.branch ?? null,
          })
        : null}
    </main>
  );
}

/** Where a branch came from: a link to the original and the turn it starts again from. */
function BranchNote({ branch }: { branch: BranchOrigin }) {
  return (
    <p className="conversation-detail__branch">
      Another answer to <Link href={conversationPath(branch.of)}>the original conversation</Link>
      {branch.atTurn === null ? '' : `, from your turn ${branch.atTurn}`}.
    </p>
  );
}

function Transcript({
  messages,
  branching,
  onTryAnother,
  annotate,
}: {
  messages: readonly Message[];
  /** The turn whose branch is being made. */
  branching: string | null;
  onTryAnother: (messageId: string) => void;
  annotate?: ((message: Message, turn: number) => ReactNode) | undefined;
}) {
  let turn = 0;
  return (
    <ol className="message-list transcript__list">
      {messages.map((message, index) => {
        const mine = message.role === 'user';
        if (mine) turn += 1;
        return (
          <li key={message.id} className={`message ${mine ? 'message--user' : 'message--patient'}`}>
            <div className={`bubble ${mine ? 'bubble--user' : 'bubble--patient'}`}>
              <span className="bubble__speaker">{mine ? 'You' : 'Patient'}</span>
              <p className="bubble__text">{message.content}</p>
              <div className="bubble__meta">
                <time dateTime={message.createdAt}>{formatClockTime(message.createdAt)}</time>
                {message.partial ? <span className="bubble__note">Reply cut short</span> : null}
                {mine ? (
                  <TryAnotherAnswerButton
                    turn={turn}
                    busy={branching === message.id}
                    disabled={branching !== null}
                    onClick={() => onTryAnother(message.id)}
                  />
                ) : null}
              </div>
              {annotate?.(message, index + 1)}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
