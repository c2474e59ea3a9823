import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { Message } from '#shared/conversation';
import { languageOf } from '#shared/languages';
import type { Feedback } from '#shared/feedback';
import type {
  BranchOrigin,
  ConversationDetail as Detail,
  MessageAudio,
} from '#shared/api/conversations';
import type { Debrief } from '#shared/debrief';
import { countedOverall } from '#shared/countedScore';
import { EMPTY_REVIEW, reviewScores, type TrainerReview } from '#shared/review';
import { BRANCH_TEXT, HISTORY_TEXT } from '#shared/text';
import { turnNumbers } from '#shared/turns';
import { errorMessage } from '../../../lib/api';
import { conversationPath, dashboardPath } from '../../../lib/paths';
import { TryAnotherAnswerButton } from '../../../components/TryAnotherAnswerButton';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { DetailHeader } from '../../../components/DetailHeader';
import { TranscriptBubble } from '../../../components/TranscriptBubble';
import { useScreenResource } from '../../../lib/resource';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { conversationErrorMessage, getConversation } from '../api/getConversation';
import { useTurnReplay } from '../hooks/useTurnReplay';
import { replayOrder } from '../replay';
import { forgetHistoryEntry } from '../store';
import { DeleteConversation } from './DeleteConversation';
import { ReplayControls } from './ReplayControls';
import { TurnReplayButton } from './TurnReplayButton';
import '../history.css';

interface ConversationDetailProps {
  conversationId: string;
  /** The page supplies the feedback report, so this feature does not import another. */
  renderFeedback: (props: {
    feedback: Feedback;
    debrief: Debrief | null;
    messages: readonly Message[];
    onClose: () => void;
    branch: BranchOrigin | null;
    review: TrainerReview;
    /** The scenario's language (BCP-47), for its own words; undefined when it was deleted. */
    scenarioLang: string | undefined;
  }) => ReactNode;
  /**
   * "Try another answer here" on the clinician turn `messageId`: the page makes the branch and
   * opens it; a rejection is shown beside the transcript.
   */
  onTryAnother: (turn: {
    conversationId: string;
    scenarioId: string;
    messageId: string;
  }) => Promise<void>;
  /**
   * The debrief of an ended conversation, from the page: what goes under each turn of the
   * transcript (notes, reactions, thoughts) and what follows the transcript.
   */
  renderTurnDebrief?: (props: {
    debrief: Debrief;
    message: Message;
    turn: number | null;
  }) => ReactNode;
  renderDebrief?: (props: {
    feedback: Feedback;
    debrief: Debrief;
    messages: readonly Message[];
    /** The scenario's language (BCP-47), for its own words; undefined when it was deleted. */
    scenarioLang: string | undefined;
  }) => ReactNode;
  /**
   * A trainer's review, from the page: the scores beside each other under the title,
   * and the comments under a turn. Nothing shows for a conversation nobody reviewed.
   */
  renderReview?: (props: { feedback: Feedback | null; review: TrainerReview }) => ReactNode;
  renderTurnReview?: (props: {
    review: TrainerReview;
    message: Message;
    turn: number | null;
  }) => ReactNode;
}

/** Spec §2 Conversation detail (/conversation/{id}). */
export function ConversationDetail({
  conversationId,
  renderFeedback,
  onTryAnother,
  renderTurnDebrief,
  renderDebrief,
  renderReview,
  renderTurnReview,
}: ConversationDetailProps) {
  const load = useScreenResource<Detail>(
    {
      fetch: getConversation,
      onError: (error) => {
        console.error('Could not load the conversation', error);
        return { message: conversationErrorMessage(error) };
      },
    },
    conversationId,
  );
  const [reportOpen, setReportOpen] = useState(false);
  const [, navigate] = useLocation();
  const [branching, setBranching] = useState<string | null>(null);
  const [branchError, setBranchError] = useState<string | null>(null);
  const ids = useId();

  const detail = load.data;
  const title = detail?.scenario?.title.trim() || HISTORY_TEXT.detailTitle;
  // The scenario's own words (title, description, concerns) are in its language (WCAG 3.1.2).
  const scenarioLang = detail?.scenario ? languageOf(detail.scenario.language).tag : undefined;
  useDocumentTitle(detail === null && load.error === null ? HISTORY_TEXT.detailTitle : title);
  const feedback = detail?.feedback ?? null;

  return (
    <main className="page page--scenario conversation-detail">
      <DetailHeader
        back={{ href: dashboardPath('history'), label: HISTORY_TEXT.backToDashboard }}
        title={title}
        titleLang={detail?.scenario?.title.trim() ? scenarioLang : undefined}
        score={
          feedback && detail
            ? countedOverall(feedback.overallScore, detail.review.overrides.map(reviewScores))
            : null
        }
        viewLabel={HISTORY_TEXT.viewFeedback}
        onOpenReport={() => setReportOpen(true)}
        createdAt={detail?.session.createdAt ?? null}
      >
        {detail && renderReview ? renderReview({ feedback, review: detail.review }) : null}
        {detail?.branch ? <BranchNote branch={detail.branch} /> : null}
        {detail?.scenario?.description ? (
          <p className="scenario-header__description" lang={scenarioLang}>
            {detail.scenario.description}
          </p>
        ) : null}
      </DetailHeader>

      {load.error !== null ? (
        <Alert>{load.error}</Alert>
      ) : detail === null ? (
        <p className="loading-line">
          <Spinner />
          {HISTORY_TEXT.loadingConversation}
        </p>
      ) : (
        <section className="card transcript" aria-labelledby={`${ids}-transcript`}>
          <h2 id={`${ids}-transcript`} className="card__title">
            {HISTORY_TEXT.transcript}
          </h2>
          {detail.messages.length === 0 ? (
            <p className="muted">{HISTORY_TEXT.noMessages}</p>
          ) : (
            <Transcript
              conversationId={conversationId}
              messages={detail.messages}
              audio={detail.audio}
              retentionDays={detail.audioRetentionDays}
              branching={branching}
              onTryAnother={(messageId) => {
                if (branching !== null) return;
                setBranching(messageId);
                setBranchError(null);
                onTryAnother({
                  conversationId: detail.session.id,
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
              comment={
                renderTurnReview
                  ? (message, turn) => renderTurnReview({ review: detail.review, message, turn })
                  : undefined
              }
            />
          )}
          {branchError ? <Alert>{branchError}</Alert> : null}
        </section>
      )}
      {feedback && detail?.debrief && renderDebrief ? (
        <div className="card conversation-detail__debrief">
          {renderDebrief({
            feedback,
            debrief: detail.debrief,
            messages: detail.messages,
            scenarioLang,
          })}
        </div>
      ) : null}

      {detail?.session.endedAt ? (
        <div className="conversation-detail__delete">
          <DeleteConversation
            conversationId={detail.session.id}
            onDeleted={() => {
              forgetHistoryEntry(detail.session.id);
              navigate(dashboardPath('history'), { replace: true });
            }}
          />
        </div>
      ) : null}

      {feedback && reportOpen
        ? renderFeedback({
            feedback,
            debrief: detail?.debrief ?? null,
            messages: detail?.messages ?? [],
            onClose: () => setReportOpen(false),
            branch: detail?.branch ?? null,
            review: detail?.review ?? EMPTY_REVIEW,
            scenarioLang,
          })
        : null}
    </main>
  );
}

/** Where a branch came from: a link to the original and the turn it starts again from. */
function BranchNote({ branch }: { branch: BranchOrigin }) {
  const { before, after } = HISTORY_TEXT.branchNote(branch.atTurn);
  return (
    <p className="conversation-detail__branch">
      {before}
      <Link href={conversationPath(branch.of)}>{HISTORY_TEXT.branchNoteLink}</Link>
      {after}
    </p>
  );
}

function Transcript({
  conversationId,
  messages,
  audio,
  retentionDays,
  branching,
  onTryAnother,
  annotate,
  comment,
}: {
  conversationId: string;
  messages: readonly Message[];
  audio: Readonly<Record<string, MessageAudio>>;
  retentionDays: number;
  /** The turn whose branch is being made. */
  branching: string | null;
  onTryAnother: (messageId: string) => void;
  /** The debrief's notes under a line (`turn`: its turn by shared/turns.ts, null: the opening). */
  annotate?: ((message: Message, turn: number | null) => ReactNode) | undefined;
  /** A trainer's comments under a line. */
  comment?: ((message: Message, turn: number | null) => ReactNode) | undefined;
}) {
  const order = useMemo(() => replayOrder(messages, audio), [messages, audio]);
  const replay = useTurnReplay(conversationId, order);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // The transcript follows what is heard (play all moves from turn to turn).
    if (replay.playing)
      listRef.current?.querySelector('[aria-current]')?.scrollIntoView?.({ block: 'nearest' });
  }, [replay.playing]);
  const turns = turnNumbers(messages);
  return (
    <>
      <ReplayControls
        replay={replay}
        order={order}
        spoken={messages.some((m) => m.source === 'voice')}
        retentionDays={retentionDays}
      />
      <ol ref={listRef} className="message-list transcript__list">
        {messages.map((message, index) => {
          const mine = message.role === 'user';
          const turn = turns[index] ?? null;
          const recording = audio[message.id];
          const playing = replay.playing === message.id;
          return (
            <TranscriptBubble
              key={message.id}
              message={message}
              speaker={mine ? HISTORY_TEXT.you : HISTORY_TEXT.patient}
              playing={playing}
              actions={
                <>
                  {recording ? (
                    <TurnReplayButton
                      who={mine ? 'You' : 'Patient'}
                      audio={recording}
                      playing={playing}
                      onPlay={() => replay.play(message.id)}
                      onStop={replay.stop}
                    />
                  ) : null}
                  {mine ? (
                    <TryAnotherAnswerButton
                      turn={turn ?? 0}
                      busy={branching === message.id}
                      disabled={branching !== null}
                      onClick={() => onTryAnother(message.id)}
                    />
                  ) : null}
                </>
              }
            >
              {annotate?.(message, turn)}
              {comment?.(message, turn)}
            </TranscriptBubble>
          );
        })}
      </ol>
    </>
  );
}
