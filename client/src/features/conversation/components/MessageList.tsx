import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { formatMessageTime } from '#shared/conversation';
import type { PatientAvatar } from '#shared/illustrations';
import { CONVERSATION_TEXT } from '#shared/text';
import { Spinner } from '../../../components/Spinner';
import { SpeakerIcon, StopIcon } from '../../../components/Icons';
import { turnNumbers } from '#shared/turns';
import { TryAnotherAnswerButton } from '../../../components/TryAnotherAnswerButton';
import { PatientAvatarArt } from '../art/PatientAvatarArt';
import type { ChatItem, PendingTurn } from '../chatState';
import type { SpokenLine } from '../hooks/useSpeech';

interface MessageListProps {
  items: ChatItem[];
  streamingText: string | null;
  awaitingReply: boolean;
  avatar: PatientAvatar | null;
  speech: {
    supported: boolean;
    speakingId: string | null;
    speak: (line: SpokenLine) => void;
    stop: () => void;
  };
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** "Try another answer here" on each stored clinician turn; absent where it cannot be. */
  branch?: BranchControls | null;
  /**
   * The conversation's language (BCP 47): its lines are marked with it, so a screen reader
   * reads an English line in English on a page in another language (WCAG 3.1.2).
   */
  lang?: string;
}

export interface BranchControls {
  onBranch: (messageId: string) => void;
  /** The turn whose branch is being made. */
  busyId: string | null;
  disabled: boolean;
}

/** Follow new messages only when the reader is already at the bottom, never yank them away. */
const STICKY_DISTANCE_PX = 80;

export function MessageList({
  items,
  streamingText,
  awaitingReply,
  avatar,
  speech,
  onRetry,
  onDiscard,
  branch = null,
  lang,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickRef = useRef(true);
  // Turns as every screen numbers them (shared/turns.ts): only stored lines count.
  const turns = turnNumbers(
    items.map((item) => ({ role: item.kind === 'message' ? item.message.role : 'assistant' })),
  );

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    stickRef.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_DISTANCE_PX;
  };

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && stickRef.current) el.scrollTop = el.scrollHeight;
  }, [items.length, streamingText, awaitingReply]);

  return (
    <div
      ref={scrollRef}
      className="message-scroll"
      onScroll={onScroll}
      // Keyboard users must be able to scroll the transcript too.
      tabIndex={0}
      role="region"
      aria-label={CONVERSATION_TEXT.messages.label}
    >
      <ol className="message-list" aria-live="polite" aria-relevant="additions">
        {items.map((item, index) => {
          switch (item.kind) {
            case 'message':
            case 'opening': {
              const { message } = item;
              if (message.role === 'user') {
                const turn = turns[index] ?? 0;
                return (
                  <UserBubble
                    lang={lang}
                    key={message.id}
                    time={message.createdAt}
                    action={
                      branch && item.kind === 'message' ? (
                        <TryAnotherAnswerButton
                          turn={turn}
                          busy={branch.busyId === message.id}
                          disabled={branch.disabled || branch.busyId !== null}
                          onClick={() => branch.onBranch(message.id)}
                        />
                      ) : null
                    }
                  >
                    {message.content}
                  </UserBubble>
                );
              }
              return (
                <PatientBubble
                  lang={lang}
                  key={message.id}
                  avatar={avatar}
                  time={message.createdAt}
                  note={message.partial ? CONVERSATION_TEXT.replyCutShort : null}
                  unsaved={false}
                  speak={
                    speech.supported
                      ? {
                          speaking: speech.speakingId === message.id,
                          onSpeak: () =>
                            speech.speak({
                              id: message.id,
                              text: message.content,
                              stored: item.kind === 'message',
                            }),
                          onStop: speech.stop,
                        }
                      : null
                  }
                >
                  {message.content}
                </PatientBubble>
              );
            }
            case 'unsaved':
              return (
                <PatientBubble
                  lang={lang}
                  key={item.reply.id}
                  avatar={avatar}
                  time={item.reply.createdAt}
                  note={CONVERSATION_TEXT.messages.notSaved}
                  unsaved
                  speak={null}
                >
                  {item.reply.content}
                </PatientBubble>
              );
            case 'pending':
              return (
                <PendingBubble
                  key={item.turn.clientId}
                  turn={item.turn}
                  onRetry={onRetry}
                  onDiscard={onDiscard}
                />
              );
          }
        })}
        {streamingText !== null && streamingText !== '' ? (
          // Hidden from the live region while it grows; the finished message is announced once.
          <li className="message message--patient" aria-hidden="true">
            {avatar ? <PatientAvatarArt kind={avatar} size={36} /> : null}
            <div className="bubble bubble--patient bubble--streaming">
              <p className="bubble__text">
                {streamingText}
                <span className="caret" />
              </p>
            </div>
          </li>
        ) : awaitingReply ? (
          <li className="message message--patient message--typing">
            {avatar ? <PatientAvatarArt kind={avatar} size={36} /> : null}
            <div className="bubble bubble--patient bubble--typing">
              <Spinner />
              <span>{CONVERSATION_TEXT.messages.replying}</span>
            </div>
          </li>
        ) : null}
      </ol>
    </div>
  );
}

/** For each item, which of the clinician's stored turns it is (1-based); 0 for other items. */
function UserBubble({
  time,
  action = null,
  lang,
  children,
}: {
  time: string;
  action?: ReactNode;
  lang: string | undefined;
  children: string;
}) {
  return (
    <li className="message message--user">
      <div className="bubble bubble--user">
        <span className="visually-hidden">{CONVERSATION_TEXT.messages.youSaid} </span>
        <p className="bubble__text" lang={lang}>
          {children}
        </p>
        <div className="bubble__meta">
          <time dateTime={time}>{formatMessageTime(time)}</time>
          {action}
        </div>
      </div>
    </li>
  );
}

interface PatientBubbleProps {
  avatar: PatientAvatar | null;
  time: string;
  note: string | null;
  /** A reply the server could not store: shown, but marked. */
  unsaved: boolean;
  speak: { speaking: boolean; onSpeak: () => void; onStop: () => void } | null;
  lang: string | undefined;
  children: ReactNode;
}

function PatientBubble({ avatar, time, note, unsaved, speak, lang, children }: PatientBubbleProps) {
  return (
    <li className="message message--patient">
      {avatar ? <PatientAvatarArt kind={avatar} size={36} /> : null}
      <div className={`bubble bubble--patient ${unsaved ? 'bubble--unsaved' : ''}`}>
        <span className="visually-hidden">{CONVERSATION_TEXT.messages.patientSaid} </span>
        <p className="bubble__text" lang={lang}>
          {children}
        </p>
        <div className="bubble__meta">
          <time dateTime={time}>{formatMessageTime(time)}</time>
          {note ? <span className="bubble__note">{note}</span> : null}
          {speak ? (
            <button
              type="button"
              className="bubble__speak"
              onClick={speak.speaking ? speak.onStop : speak.onSpeak}
              aria-label={
                speak.speaking
                  ? CONVERSATION_TEXT.messages.stopReading
                  : CONVERSATION_TEXT.messages.readAloud
              }
            >
              {speak.speaking ? <StopIcon /> : <SpeakerIcon />}
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function PendingBubble({
  turn,
  onRetry,
  onDiscard,
}: {
  turn: PendingTurn;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}) {
  const failed = turn.status === 'failed';
  return (
    <li className="message message--user">
      <div className={`bubble bubble--user bubble--pending ${failed ? 'bubble--failed' : ''}`}>
        <span className="visually-hidden">{CONVERSATION_TEXT.messages.youSaid} </span>
        <p className="bubble__text">{turn.text}</p>
        <div className="bubble__meta">
          {failed ? (
            <>
              <span className="bubble__error">
                {CONVERSATION_TEXT.messages.notSent} {turn.error}
              </span>
              <button
                type="button"
                className="bubble__action"
                onClick={() => onRetry(turn.clientId)}
              >
                {CONVERSATION_TEXT.messages.retry}
              </button>
              <button
                type="button"
                className="bubble__action"
                onClick={() => onDiscard(turn.clientId)}
              >
                {CONVERSATION_TEXT.messages.edit}
              </button>
            </>
          ) : (
            <span>{CONVERSATION_TEXT.messages.sending}</span>
          )}
        </div>
      </div>
    </li>
  );
}
