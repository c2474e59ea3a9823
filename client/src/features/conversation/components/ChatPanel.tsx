import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { concernsLine, MESSAGES_TO_END, type Conversation } from '#shared/conversation';
import type { EndedConversation } from '#shared/api/conversations';
import type { Message } from '#shared/conversation';
import type { PatientAvatar } from '#shared/illustrations';
import { languageOf } from '#shared/languages';
import type { Scenario } from '#shared/scenario';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { BulbIcon, CheckIcon, HeadsetIcon } from '../../../components/Icons';
import { BRANCH_TEXT, CONVERSATION_TEXT } from '#shared/text';
import { errorMessage } from '../../../lib/api';
import { conversationPath } from '../../../lib/paths';
import { branchConversation } from '../api/branchConversation';
import { chatItems, type ChatItem } from '../chatState';
import { useDictation } from '../hooks/useDictation';
import { useDraft } from '../hooks/useDraft';
import { useEndConversation } from '../hooks/useEndConversation';
import { useHint } from '../hooks/useHint';
import { useOpeningLine, useSpeakOpeningLine } from '../hooks/useOpeningLine';
import { useSpeech } from '../hooks/useSpeech';
import { useChatStore } from '../store';
import { withDictated, withoutDictated } from '../dictatedDraft';
import { Composer } from './Composer';
import { GeneratingFeedback } from './GeneratingFeedback';
import { HintCallout } from './HintCallout';
import { MessageList } from './MessageList';
import { TogglePill } from './TogglePill';

interface ChatPanelProps {
  scenario: Scenario;
  /** Null while the session is being created or when that failed. */
  session: Conversation | null;
  conversationProblem: { message: string; retrying: boolean; onRetry: () => void } | null;
  avatar: PatientAvatar;
  resourcesOn: boolean;
  onToggleResources: () => void;
  onOpenVoice: () => void;
  /** The report, its debrief and the stored transcript the debrief annotates. */
  onFeedback: (ended: EndedConversation & { messages: readonly Message[] }) => void;
  /** A branch ("Try another answer here") was made: the screen switches to it. */
  onBranched: (session: Conversation) => void;
}

export function ChatPanel({
  scenario,
  session,
  conversationProblem,
  avatar,
  resourcesOn,
  onToggleResources,
  onOpenVoice,
  onFeedback,
  onBranched,
}: ChatPanelProps) {
  const chat = useChatStore();
  const { connect, disconnect } = chat;
  const [streamingOn, setStreamingOn] = useState(true);
  const [avatarOn, setAvatarOn] = useState(true);
  const [draft, setDraft] = useDraft(session?.id ?? null);
  const speech = useSpeech({ serverVoice: chat.voice?.speech ?? false });
  const composerRef = useRef<HTMLTextAreaElement>(null);
  // Dictated words join whatever is already in the box; while they are said, the server's
  // partial transcript shows there in their place.
  const dictation = useDictation((text) => {
    setDraft((current) => withDictated(current, text));
    composerRef.current?.focus();
  });
  const dictating = dictation.partial;

  const conversationId = session?.id ?? null;
  useEffect(() => {
    if (conversationId === null) return;
    connect(conversationId);
    return () => disconnect();
  }, [conversationId, connect, disconnect]);

  const hint = useHint(conversationId);
  const ending = useEndConversation({
    conversationId,
    onEnded: (ended) => {
      chat.markEnded();
      onFeedback({ ...ended, messages: chat.messages });
    },
  });
  const opening = useOpeningLine(scenario, session, chat.messages.length);
  useSpeakOpeningLine(chat.historyLoaded ? chat.messages : null, speech);

  const { messages, unsaved, pending } = chat;
  const items = useMemo<ChatItem[]>(() => {
    const list = chatItems({ messages, unsaved, pending });
    return opening ? [{ kind: 'opening', message: opening }, ...list] : list;
  }, [messages, unsaved, pending, opening]);

  const messageCount = chat.messages.length + (opening ? 1 : 0);
  const busy = chat.awaitingReply || ending.ending;
  const closed = chat.ended || session === null;
  const canEnd = !busy && !closed && messageCount >= MESSAGES_TO_END;

  const send = () => {
    const text = draft.trim();
    if (text === '' || busy || closed) return;
    speech.stop();
    chat.sendTurn(text, streamingOn);
    setDraft('');
    hint.clearError();
    composerRef.current?.focus();
  };

  const editFailed = (clientId: string) => {
    const text = chat.discardTurn(clientId);
    if (text !== null) setDraft(draft.trim() === '' ? text : `${draft}\n${text}`);
    composerRef.current?.focus();
  };

  const end = () => {
    if (!canEnd) return;
    speech.stop();
    void ending.end();
  };

  const [branching, setBranching] = useState<string | null>(null);
  const [branchError, setBranchError] = useState<string | null>(null);
  const tryAnother = async (messageId: string) => {
    if (session === null || branching !== null) return;
    setBranching(messageId);
    setBranchError(null);
    try {
      const branch = await branchConversation(session.id, messageId);
      speech.stop();
      onBranched(branch);
    } catch (error) {
      console.error('Could not start another answer', error);
      setBranchError(errorMessage(error, BRANCH_TEXT.failed));
    } finally {
      setBranching(null);
    }
  };

  const reconnecting = session !== null && chat.connection === 'reconnecting';

  return (
    <section className="card chat" aria-labelledby="chat-title">
      <header className="chat__head">
        <h2 id="chat-title" className="chat__title">
          {CONVERSATION_TEXT.chatTitle(scenario.title)}
        </h2>
        <p className="chat__concerns">{concernsLine(scenario.patientConcerns)}</p>
        {session?.branchOf ? (
          <p className="chat__branch" role="note">
            {CONVERSATION_TEXT.chat.branchNote}{' '}
            <Link href={conversationPath(session.branchOf)}>
              {CONVERSATION_TEXT.chat.branchNoteLink}
            </Link>
            .
          </p>
        ) : null}
        <div className="chat__pills" role="group" aria-label={CONVERSATION_TEXT.chat.options}>
          <TogglePill
            label={CONVERSATION_TEXT.chat.streaming}
            on={streamingOn}
            onToggle={() => setStreamingOn((v) => !v)}
          />
          <TogglePill
            label={CONVERSATION_TEXT.chat.avatar}
            on={avatarOn}
            onToggle={() => setAvatarOn((v) => !v)}
          />
          <TogglePill
            label={CONVERSATION_TEXT.chat.resources}
            on={resourcesOn}
            onToggle={onToggleResources}
          />
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
            {CONVERSATION_TEXT.chat.voiceMode}
          </button>
        </div>
      </header>

      {reconnecting ? (
        <p className="chat__status" role="status">
          <Spinner />
          {CONVERSATION_TEXT.chat.reconnecting}
        </p>
      ) : null}

      {conversationProblem ? (
        <div className="chat__problem">
          <Alert>{conversationProblem.message}</Alert>
          <button
            type="button"
            className="button button--primary"
            onClick={conversationProblem.onRetry}
            disabled={conversationProblem.retrying}
          >
            {conversationProblem.retrying ? <Spinner /> : null}
            {CONVERSATION_TEXT.chat.start}
          </button>
        </div>
      ) : session === null ? (
        <p className="loading-line">
          <Spinner />
          {CONVERSATION_TEXT.chat.starting}
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
          lang={languageOf(session.language).tag}
          branch={{
            onBranch: (messageId) => void tryAnother(messageId),
            busyId: branching,
            // A reply still arriving belongs to this conversation; branch once it is in.
            disabled: busy,
          }}
        />
      )}

      {branchError ? (
        <div className="chat__notice">
          <Alert>{branchError}</Alert>
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => setBranchError(null)}
          >
            {CONVERSATION_TEXT.chat.dismiss}
          </button>
        </div>
      ) : null}

      {chat.notice ? (
        <div className="chat__notice">
          <Alert>{chat.notice}</Alert>
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={chat.dismissNotice}
          >
            {CONVERSATION_TEXT.chat.dismiss}
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
            {CONVERSATION_TEXT.chat.dismiss}
          </button>
        </div>
      ) : null}

      {chat.ended && session ? <Alert tone="info">{CONVERSATION_TEXT.chat.endedNote}</Alert> : null}

      {hint.hint.status === 'shown' ? (
        <HintCallout hint={hint.hint.text} tone={hint.hint.tone} onDismiss={hint.dismiss} />
      ) : null}

      <Composer
        ref={composerRef}
        value={dictating === null ? draft : withDictated(draft, dictating)}
        onChange={(value) =>
          setDraft(dictating === null ? value : withoutDictated(value, dictating))
        }
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
          onClick={() => void hint.ask()}
          disabled={!session || closed || hint.hint.status === 'loading'}
        >
          {hint.hint.status === 'loading' ? <Spinner /> : <BulbIcon />}
          {CONVERSATION_TEXT.chat.getHint}
        </button>
        <button type="button" className="button button--success" onClick={end} disabled={!canEnd}>
          <CheckIcon />
          {CONVERSATION_TEXT.chat.end}
        </button>
      </div>
      {!closed && messageCount < MESSAGES_TO_END ? (
        <p className="chat__help">{CONVERSATION_TEXT.chat.endHelp}</p>
      ) : null}
      {ending.error ? <Alert>{ending.error}</Alert> : null}

      {ending.ending ? <GeneratingFeedback /> : null}
    </section>
  );
}
