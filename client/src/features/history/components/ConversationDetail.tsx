import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatClockTime, formatLongDate, formatScore } from '../../../../../shared/format';
import type { Message } from '../../../../../shared/conversation';
import type { Feedback } from '../../../../../shared/feedback';
import type {
  ConversationDetail as Detail,
  MessageAudio,
} from '../../../../../shared/api/conversations';
import { dashboardPath } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { ArrowLeftIcon } from '../../../components/Icons';
import { useScreenResource } from '../../../lib/resource';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { conversationErrorMessage, getConversation } from '../api/getConversation';
import { useTurnReplay } from '../hooks/useTurnReplay';
import { replayOrder } from '../replay';
import { ReplayControls } from './ReplayControls';
import { TurnReplayButton } from './TurnReplayButton';
import '../history.css';

interface ConversationDetailProps {
  sessionId: string;
  /** The page supplies the feedback report, so this feature does not import another. */
  renderFeedback: (props: { feedback: Feedback; onClose: () => void }) => ReactNode;
}

/** Spec §2 Conversation detail (/conversation/{id}). */
export function ConversationDetail({ sessionId, renderFeedback }: ConversationDetailProps) {
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
              sessionId={sessionId}
              messages={detail.messages}
              audio={detail.audio}
              retentionDays={detail.audioRetentionDays}
            />
          )}
        </section>
      )}

      {feedback && reportOpen
        ? renderFeedback({ feedback, onClose: () => setReportOpen(false) })
        : null}
    </main>
  );
}

function Transcript({
  sessionId,
  messages,
  audio,
  retentionDays,
}: {
  sessionId: string;
  messages: readonly Message[];
  audio: Readonly<Record<string, MessageAudio>>;
  retentionDays: number;
}) {
  const order = useMemo(() => replayOrder(messages, audio), [messages, audio]);
  const replay = useTurnReplay(sessionId, order);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // The transcript follows what is heard (play all moves from turn to turn).
    if (replay.playing)
      listRef.current?.querySelector('[aria-current]')?.scrollIntoView?.({ block: 'nearest' });
  }, [replay.playing]);
  return (
    <>
      <ReplayControls
        replay={replay}
        order={order}
        spoken={messages.some((m) => m.source === 'voice')}
        retentionDays={retentionDays}
      />
      <ol ref={listRef} className="message-list transcript__list">
        {messages.map((message) => {
          const mine = message.role === 'user';
          const recording = audio[message.id];
          const playing = replay.playing === message.id;
          return (
            <li
              key={message.id}
              className={`message ${mine ? 'message--user' : 'message--patient'}${playing ? ' message--playing' : ''}`}
              aria-current={playing ? 'true' : undefined}
            >
              <div className={`bubble ${mine ? 'bubble--user' : 'bubble--patient'}`}>
                <span className="bubble__speaker">{mine ? 'You' : 'Patient'}</span>
                <p className="bubble__text">{message.content}</p>
                <div className="bubble__meta">
                  <time dateTime={message.createdAt}>{formatClockTime(message.createdAt)}</time>
                  {message.partial ? <span className="bubble__note">Reply cut short</span> : null}
                  {recording ? (
                    <TurnReplayButton
                      who={mine ? 'You' : 'Patient'}
                      audio={recording}
                      playing={playing}
                      onPlay={() => replay.play(message.id)}
                      onStop={replay.stop}
                    />
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
