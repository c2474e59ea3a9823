import { CONVERSATION_TEXT, FEEDBACK_TEXT } from '../../../../../shared/text';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  concernsLine,
  MESSAGES_TO_END,
  type ConversationSession,
  type Message,
} from '../../../../../shared/conversation';
import type { Feedback } from '../../../../../shared/feedback';
import type { PatientAvatar } from '../../../../../shared/illustrations';
import type { Scenario } from '../../../../../shared/scenario';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { BulbIcon, CheckIcon, HeadsetIcon } from '../../../components/Icons';
import { errorMessage } from '../../../lib/api';
import { endConversation, isTooShort } from '../api/endConversation';
import { getHint } from '../api/getHint';
import { chatItems, type ChatItem } from '../chatState';
import { useDictation } from '../hooks/useDictation';
import { useDraft } from '../hooks/useDraft';
import { useSpeech, voicesReady } from '../hooks/useSpeech';
import { useChatStore } from '../store';
import { Composer } from './Composer';
import { GeneratingFeedback } from './GeneratingFeedback';
import { HintCallout } from './HintCallout';
import { MessageList } from './MessageList';
import { TogglePill } from './TogglePill';

/** Spec §9: the first patient line is spoken about half a second after the voices are ready. */
const INITIAL_SPEECH_DELAY_MS = 500;

interface ChatPanelProps {
  scenario: Scenario;
  /** Null while the session is being created or when that failed. */
  session: ConversationSession | null;
  sessionProblem: { message: string; retrying: boolean; onRetry: () => void } | null;
  avatar: PatientAvatar;
  resourcesOn: boolean;
  onToggleResources: () => void;
  onOpenVoice: () => void;
  onFeedback: (feedback: Feedback) => void;
}

type HintState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'shown'; text: string; tone: 'hint' | 'error' };

export function ChatPanel({
  scenario,
  session,
  sessionProblem,
  avatar,
  resourcesOn,
  onToggleResources,
  onOpenVoice,
  onFeedback,
}: ChatPanelProps) {
  const chat = useChatStore();
  const { connect, disconnect } = chat;
  const [streamingOn, setStreamingOn] = useState(true);
  const [avatarOn, setAvatarOn] = useState(true);
  const [draft, setDraft] = useDraft(session?.id ?? null);
  const [hint, setHint] = useState<HintState>({ status: 'idle' });
  const [ending, setEnding] = useState(false);
  const [endError, setEndError] = useState<string | null>(null);
  const speech = useSpeech({ serverVoice: chat.voice?.speech ?? false });
  const composerRef = useRef<HTMLTextAreaElement>(null);
  // Dictated words join whatever is already in the box.
  const dictation = useDictation((text) => {
    setDraft((current) => (current.trim() === '' ? text : `${current.trimEnd()} ${text}`));
    composerRef.current?.focus();
  });

  const sessionId = session?.id ?? null;
  useEffect(() => {
    if (sessionId === null) return;
    connect(sessionId);
    return () => disconnect();
  }, [sessionId, connect, disconnect]);

  // The server stores the opening line with the session; until its history arrives (or if it
  // ever has none) the scenario's own opening line stands in, so the patient always speaks first.
  const opening = useMemo<Message | null>(() => {
    if (!session || chat.messages.length > 0 || scenario.initialMessage.trim() === '') return null;
    return {
      id: `opening-${session.id}`,
      role: 'assistant',
      content: scenario.initialMessage,
      createdAt: session.createdAt,
      source: 'typed',
      partial: false,
    };
  }, [session, chat.messages.length, scenario.initialMessage]);

  const { messages, unsaved, pending } = chat;
  const items = useMemo<ChatItem[]>(() => {
    const list = chatItems({ messages, unsaved, pending });
    return opening ? [{ kind: 'message', message: opening }, ...list] : list;
  }, [messages, unsaved, pending, opening]);

  const messageCount = chat.messages.length + (opening ? 1 : 0);
  const busy = chat.awaitingReply || ending;
  const closed = chat.ended || session === null;
  const canEnd = !busy && !closed && messageCount >= MESSAGES_TO_END;

  useInitialSpeech(chat.historyLoaded ? chat.messages : null, speech);

  const send = () => {
    const text = draft.trim();
    if (text === '' || busy || closed) return;
    speech.stop();
    chat.sendTurn(text, streamingOn);
    setDraft('');
    setHint((h) => (h.status === 'shown' && h.tone === 'error' ? { status: 'idle' } : h));
    composerRef.current?.focus();
  };

  const editFailed = (clientId: string) => {
    const text = chat.discardTurn(clientId);
    if (text !== null) setDraft(draft.trim() === '' ? text : `${draft}\n${text}`);
    composerRef.current?.focus();
  };

  const askHint = async () => {
    if (!session || hint.status === 'loading') return;
    setHint({ status: 'loading' });
    try {
      setHint({ status: 'shown', text: await getHint(session.id), tone: 'hint' });
    } catch (error) {
      setHint({
        status: 'shown',
        text: errorMessage(error, CONVERSATION_TEXT.hintFailed),
        tone: 'error',
      });
    }
  };

  const end = async () => {
    if (!session || !canEnd) return;
    speech.stop();
    setEnding(true);
    setEndError(null);
    try {
      const feedback = await endConversation(session.id);
      chat.markEnded();
      setEnding(false);
      onFeedback(feedback);
    } catch (error) {
      setEnding(false);
      setEndError(isTooShort(error) ? error.message : FEEDBACK_TEXT.failed);
    }
  };

  const reconnecting = session !== null && chat.connection === 'reconnecting';

  return (
    <section className="card chat" aria-labelledby="chat-title">
      <header className="chat__head">
        <h2 id="chat-title" className="chat__title">
          Conversation with Patient: {scenario.title}
        </h2>
        <p className="chat__concerns">{concernsLine(scenario.patientConcerns)}</p>
        <div className="chat__pills" role="group" aria-label="Conversation options">
          <TogglePill
            label="Streaming"
            on={streamingOn}
            onToggle={() => setStreamingOn((v) => !v)}
          />
          <TogglePill label="Avatar" on={avatarOn} onToggle={() => setAvatarOn((v) => !v)} />
          <TogglePill label="Resources" on={resourcesOn} onToggle={onToggleResources} />
          <button
            type="button"
            className="pill pill--action"
            onClick={() => {
              // Voice mode speaks for the patient from here on.
              speech.stop();
              onOpenVoice();
            }}
          >
            <HeadsetIcon />
            Voice Mode
          </button>
        </div>
      </header>

      {reconnecting ? (
        <p className="chat__status" role="status">
          <Spinner />
          Connection lost. Reconnecting… Your messages are kept and will be sent.
        </p>
      ) : null}

      {sessionProblem ? (
        <div className="chat__problem">
          <Alert>{sessionProblem.message}</Alert>
          <button
            type="button"
            className="button button--primary"
            onClick={sessionProblem.onRetry}
            disabled={sessionProblem.retrying}
          >
            {sessionProblem.retrying ? <Spinner /> : null}
            Start Conversation
          </button>
        </div>
      ) : session === null ? (
        <p className="loading-line">
          <Spinner />
          Starting your conversation...
        </p>
      ) : (
        <MessageList
          items={items}
          streamingText={chat.streaming?.text ?? null}
          awaitingReply={chat.awaitingReply}
          avatar={avatarOn ? avatar : null}
          speech={speech}
          onRetry={chat.retryTurn}
          onDiscard={editFailed}
        />
      )}

      {chat.notice ? (
        <div className="chat__notice">
          <Alert>{chat.notice}</Alert>
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={chat.dismissNotice}
          >
            Dismiss
          </button>
        </div>
      ) : null}

      {speech.error ? (
        <div className="chat__notice">
          <Alert>{speech.error}</Alert>
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={speech.dismissError}
          >
            Dismiss
          </button>
        </div>
      ) : null}

      {chat.ended && session ? (
        <Alert tone="info">This conversation has ended. Its feedback is in your history.</Alert>
      ) : null}

      {hint.status === 'shown' ? (
        <HintCallout
          hint={hint.text}
          tone={hint.tone}
          onDismiss={() => setHint({ status: 'idle' })}
        />
      ) : null}

      <Composer
        ref={composerRef}
        value={draft}
        onChange={setDraft}
        onSend={send}
        busy={busy}
        disabled={closed}
        dictation={{
          state: dictation.state,
          error: dictation.error,
          onToggle: () => {
            speech.stop();
            dictation.toggle();
          },
          onDismissError: dictation.dismissError,
          available: session !== null && chat.historyLoaded && chat.connection === 'open',
        }}
      />

      <div className="chat__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={askHint}
          disabled={!session || closed || hint.status === 'loading'}
        >
          {hint.status === 'loading' ? <Spinner /> : <BulbIcon />}
          Get hint
        </button>
        <button type="button" className="button button--success" onClick={end} disabled={!canEnd}>
          <CheckIcon />
          End conversation &amp; get feedback
        </button>
      </div>
      {!closed && messageCount < MESSAGES_TO_END ? (
        <p className="chat__help">
          Exchange a few messages with the patient, then end the conversation to get your feedback.
        </p>
      ) : null}
      {endError ? <Alert>{endError}</Alert> : null}

      {ending ? <GeneratingFeedback /> : null}
    </section>
  );
}

/** Reads the opening line aloud once, when the conversation has nothing else in it yet. */
function useInitialSpeech(
  messages: Message[] | null,
  speech: Pick<ReturnType<typeof useSpeech>, 'speak' | 'supported' | 'untouched'>,
) {
  const { speak, supported, untouched } = speech;
  const spokenRef = useRef(false);
  const first = messages?.[0];
  const onlyOpening = messages !== null && messages.length === 1 && first?.role === 'assistant';
  useEffect(() => {
    if (!supported || spokenRef.current || !onlyOpening || !first) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    void voicesReady().then(() => {
      if (cancelled) return;
      timer = setTimeout(() => {
        spokenRef.current = true;
        // The clinician got there first (read it, or stopped it): do not start it again.
        if (untouched()) speak(first.id, first.content);
      }, INITIAL_SPEECH_DELAY_MS);
    });
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [supported, onlyOpening, first, speak, untouched]);
}
