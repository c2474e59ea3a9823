import { CONVERSATION_TEXT, LANGUAGE_TEXT, SCENARIO_TEXT } from '#shared/text';
import { startTransition, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { Conversation } from '#shared/conversation';
import { languageOf, type LanguageCode } from '#shared/languages';
import type { EndedConversation } from '#shared/api/conversations';
import type { Message } from '#shared/conversation';
import { choosePatientAvatar } from '#shared/illustrations';
import type { Scenario } from '#shared/scenario';
import type { ConversationChannel } from '../../../lib/conversationChannel';
import { paths } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { setBrowserSpeechLanguage } from '../../../lib/audio/browserSpeech';
import { useScreenResource, type LoadFailure } from '../../../lib/resource';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { startConversation } from '../api/startConversation';
import { getScenario } from '../api/getScenario';
import { conversationConnection as conversationChannel } from '../../../lib/conversationConnection';
import { ChatPanel } from './ChatPanel';
import { LanguagePicker } from './LanguagePicker';
import { PatientProfile } from './PatientProfile';
import { ResourcesPanel } from './ResourcesPanel';
import { RubricPanel } from './RubricPanel';
import { ScenarioHeader } from './ScenarioHeader';
import '../conversation.css';

/** Spec §2: after a scenario load error the message stays up this long, then the dashboard. */
const LEAVE_AFTER_MS = 1500;

export interface ScenarioScreenProps {
  scenarioId: string;
  /** The feedback report; the page supplies it so this feature does not import another. */
  renderFeedback: (
    props: EndedConversation & {
      messages: readonly Message[];
      onClose: () => void;
      /** The conversation graded (a branch's report compares it with its original). */
      conversationId: string | null;
      /** The scenario's language (BCP-47), for its own words in the report. */
      scenarioLang: string;
    },
  ) => ReactNode;
  /** The voice mode dialog, likewise; it talks over the chat's own socket (`channel`). */
  renderVoiceMode: (props: {
    conversationId: string | null;
    scenario: Scenario;
    channel: ConversationChannel;
    onClose: () => void;
  }) => ReactNode;
}

/** The server's own sentence for a start it refused on purpose (a language it cannot hold). */
function refusalMessage(error: unknown): string | null {
  return error instanceof ApiError && error.code === 'unprocessable:language_offline'
    ? error.message
    : null;
}

function scenarioLoadFailed(error: unknown): LoadFailure<Scenario> {
  const missing = error instanceof ApiError && error.code === 'not_found:scenario';
  if (!missing) console.error('Could not load scenario', error);
  return { message: missing ? SCENARIO_TEXT.notFound : SCENARIO_TEXT.loadFailed };
}

type ConversationLoad =
  | { status: 'creating' }
  | { status: 'ready'; session: Conversation }
  | { status: 'failed'; message: string; retrying: boolean };

export function ScenarioScreen({
  scenarioId,
  renderFeedback,
  renderVoiceMode,
}: ScenarioScreenProps) {
  const [, navigate] = useLocation();
  const scenarioLoad = useScreenResource(
    { fetch: getScenario, onError: scenarioLoadFailed },
    scenarioId,
  );
  const [conversationLoad, setConversationLoad] = useState<ConversationLoad>({
    status: 'creating',
  });
  const [resourcesOn, setResourcesOn] = useState(false);
  /** Bumped when the conversation restarts in another language: the chat reloads its history. */
  const [restarts, setRestarts] = useState(0);
  const [languageBusy, setLanguageBusy] = useState(false);
  const [languageProblem, setLanguageProblem] = useState<string | null>(null);
  const [voiceOpen, setVoiceOpen] = useState(false);
  const [ended, setEnded] = useState<(EndedConversation & { messages: readonly Message[] }) | null>(
    null,
  );

  const scenario = scenarioLoad.data;
  const loadError = scenarioLoad.error;
  useDocumentTitle(scenario?.title ?? CONVERSATION_TEXT.screen.documentTitle);

  useEffect(() => {
    if (loadError === null) return;
    const timer = setTimeout(() => navigate(paths.dashboard, { replace: true }), LEAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loadError, navigate]);

  const openConversation = useCallback(async (id: string) => {
    try {
      setConversationLoad({ status: 'ready', session: await startConversation(id) });
    } catch (error) {
      // Spec §8: the API said no, versus we never got a usable answer.
      const refused = error instanceof ApiError && error.fromServer;
      if (!refused) console.error('Could not start the conversation', error);
      setConversationLoad({
        status: 'failed',
        message:
          refusalMessage(error) ??
          (refused ? CONVERSATION_TEXT.createFailed : CONVERSATION_TEXT.initFailed),
        retrying: false,
      });
    }
  }, []);

  const sessionLanguage =
    conversationLoad.status === 'ready' ? conversationLoad.session.language : null;
  useEffect(() => {
    if (sessionLanguage === null) return;
    setBrowserSpeechLanguage(languageOf(sessionLanguage).tag);
    return () => setBrowserSpeechLanguage(languageOf('en').tag);
  }, [sessionLanguage]);

  const changeLanguage = useCallback(async (id: string, language: LanguageCode) => {
    setLanguageBusy(true);
    setLanguageProblem(null);
    try {
      const session = await startConversation(id, language);
      setConversationLoad({ status: 'ready', session });
      if (session.language === language) setRestarts((n) => n + 1);
      else setLanguageProblem(LANGUAGE_TEXT.underWay);
    } catch (error) {
      if (!(error instanceof ApiError && error.fromServer)) {
        console.error('Could not change the conversation language', error);
      }
      setLanguageProblem(refusalMessage(error) ?? CONVERSATION_TEXT.createFailed);
    } finally {
      setLanguageBusy(false);
    }
  }, []);

  const readyScenarioId = scenario?.id ?? null;
  useEffect(() => {
    if (readyScenarioId === null) return;
    setConversationLoad({ status: 'creating' });
    void openConversation(readyScenarioId);
  }, [readyScenarioId, openConversation]);

  if (loadError !== null) {
    return (
      <main className="page page--scenario">
        <div className="page-message">
          <Alert>{loadError}</Alert>
          <p>
            {CONVERSATION_TEXT.screen.leaving}{' '}
            <Link href={paths.dashboard}>{CONVERSATION_TEXT.screen.goNow}</Link>
          </p>
        </div>
      </main>
    );
  }

  if (scenario === null) {
    return (
      <main className="page page--scenario">
        <p className="loading-line loading-line--page">
          <Spinner />
          {CONVERSATION_TEXT.screen.loading}
        </p>
      </main>
    );
  }

  const session = conversationLoad.status === 'ready' ? conversationLoad.session : null;
  const retry = () => {
    setConversationLoad((s) => (s.status === 'failed' ? { ...s, retrying: true } : s));
    void openConversation(scenario.id);
  };

  return (
    <main className="page page--scenario">
      <ScenarioHeader scenario={scenario} />
      <div className={`scenario-layout ${resourcesOn ? 'scenario-layout--resources' : ''}`}>
        <div className="scenario-layout__side">
          <PatientProfile
            scenario={scenario}
            avatar={choosePatientAvatar(scenario.patientProfile)}
          />
          {resourcesOn ? <ResourcesPanel scenario={scenario} /> : null}
          <RubricPanel />
        </div>
        <div className="scenario-layout__main">
          <LanguagePicker
            value={session?.language ?? scenario.language}
            scenarioLanguage={scenario.language}
            disabled={languageBusy || conversationLoad.status === 'creating'}
            problem={languageProblem}
            onChange={(language) => void changeLanguage(scenario.id, language)}
          />
          <ChatPanel
            key={restarts}
            scenario={scenario}
            session={session}
            conversationProblem={
              conversationLoad.status === 'failed'
                ? {
                    message: conversationLoad.message,
                    retrying: conversationLoad.retrying,
                    onRetry: retry,
                  }
                : null
            }
            avatar={choosePatientAvatar(scenario.patientProfile)}
            resourcesOn={resourcesOn}
            onToggleResources={() => setResourcesOn((on) => !on)}
            // Rendered as a transition, in slices between which the page stays responsive:
            // voice mode must never block it for more than 50 ms (issue 24).
            onOpenVoice={() => startTransition(() => setVoiceOpen(true))}
            onFeedback={setEnded}
            onBranched={(branch) => {
              setEnded(null);
              setVoiceOpen(false);
              setConversationLoad({ status: 'ready', session: branch });
            }}
          />
        </div>
      </div>
      {voiceOpen
        ? renderVoiceMode({
            conversationId: session?.id ?? null,
            scenario: scenario,
            channel: conversationChannel,
            onClose: () => setVoiceOpen(false),
          })
        : null}
      {ended
        ? renderFeedback({
            ...ended,
            conversationId: session?.id ?? null,
            scenarioLang: languageOf(scenario.language).tag,
            // Replace, so Back from the dashboard does not reopen a finished scenario.
            onClose: () => navigate(paths.dashboard, { replace: true }),
          })
        : null}
    </main>
  );
}
