import type { ReactNode } from 'react';
import type { Message } from '#shared/conversation';
import { formatClockTime } from '#shared/format';
import { CONVERSATION_TEXT } from '#shared/text';

interface TranscriptBubbleProps {
  message: Message;
  /** Who spoke, as this page names them ("You", "Trainee", "Patient"). */
  speaker: string;
  /** Controls beside the time (replay, "Try another answer here"). */
  actions?: ReactNode;
  /** What goes under the turn (debrief notes, a trainer's comments). */
  children?: ReactNode;
  /** Marked while its recording plays. */
  playing?: boolean;
}

/**
 * One turn of a past conversation's transcript, for the trainee's detail and the trainer's
 * review alike: who spoke, the words, the time, whether the reply was cut short.
 */
export function TranscriptBubble({
  message,
  speaker,
  actions,
  children,
  playing = false,
}: TranscriptBubbleProps) {
  const clinician = message.role === 'user';
  return (
    <li
      className={`message ${clinician ? 'message--user' : 'message--patient'}${playing ? ' message--playing' : ''}`}
      aria-current={playing ? 'true' : undefined}
    >
      <div className={`bubble ${clinician ? 'bubble--user' : 'bubble--patient'}`}>
        <span className="bubble__speaker">{speaker}</span>
        <p className="bubble__text">{message.content}</p>
        <div className="bubble__meta">
          <time dateTime={message.createdAt}>{formatClockTime(message.createdAt)}</time>
          {message.partial ? (
            <span className="bubble__note">{CONVERSATION_TEXT.replyCutShort}</span>
          ) : null}
          {actions}
        </div>
        {children}
      </div>
    </li>
  );
}
