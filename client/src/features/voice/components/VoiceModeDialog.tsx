import { useEffect, useId, useRef } from 'react';
import { Dialog } from '../../../components/Dialog';
import type { ConversationChannel } from '../../../lib/conversationChannel';
import { activeEngine, useEngineChoice, type VoiceEngine } from '../engineChoice';
import { useRealtimeController } from '../realtime/useRealtimeController';
import '../voice.css';
import { EngineSwitch } from './EngineSwitch';
import { PipelineVoicePanel } from './PipelineVoicePanel';
import { RealtimeVoicePanel } from './RealtimeVoicePanel';
import { VoiceHeader } from './VoiceLayout';

interface VoiceModeDialogProps {
  channel: ConversationChannel;
  /** The conversation a Realtime call belongs to; null while it is being created. */
  conversationId: string | null;
  /** The signed-in user, whose engine choice this dialog remembers. */
  userId: string | null;
  onClose: () => void;
}

/**
 * Spec §2 'Voice Conversation Mode', with two engines when the server offers Realtime (the
 * default then) and the standard one otherwise. Closing the dialog stops whichever runs: the
 * microphone is released and a call is hung up. `data-voice-state` on the root says what the
 * engine is doing (end-to-end tests read it).
 */
export function VoiceModeDialog({
  channel,
  conversationId,
  userId,
  onClose,
}: VoiceModeDialogProps) {
  const ids = useId();
  const dialogIds = { title: `${ids}-title`, status: `${ids}-status` };
  const realtime = useRealtimeController(channel, conversationId);
  const choice = useEngineChoice();
  const choose = (next: VoiceEngine) => {
    realtime.session.dismissError();
    choice.choose(userId, next);
  };
  const offered = realtime.snapshot.offered;
  const engine = activeEngine(offered, choice, userId);
  const { session } = realtime;
  // Shown, the Realtime engine keeps a call ready with the microphone muted (decision 033).
  useEffect(() => session.setShown(engine === 'realtime'), [session, engine]);
  useFocusAfterSwap(engine, dialogIds.title);
  const engineSwitch = offered ? (
    <EngineSwitch engine={engine} onChange={choose} disabled={realtime.snapshot.stage !== 'off'} />
  ) : null;

  return (
    <Dialog
      labelledBy={dialogIds.title}
      describedBy={dialogIds.status}
      onClose={onClose}
      className="dialog--small"
    >
      <div className="voice">
        <VoiceHeader titleId={dialogIds.title} onClose={onClose} />
        {/* Outside the panels, so it stays put (and keeps focus) when the engine changes. */}
        {engineSwitch}
        {engine === 'realtime' ? (
          <RealtimeVoicePanel
            session={realtime.session}
            call={realtime.snapshot}
            ids={dialogIds}
            onUseStandard={() => choose('pipeline')}
            onClose={onClose}
          />
        ) : (
          <PipelineVoicePanel channel={channel} ids={dialogIds} onClose={onClose} />
        )}
      </div>
    </Dialog>
  );
}

/**
 * Swapping engines replaces the panel, and with it the button that had focus (the fallback
 * button, or the microphone when the history arrived): focus goes to the new panel's main
 * button rather than being lost. Arrowing through the engine switch keeps focus where it is.
 */
function useFocusAfterSwap(engine: string, titleId: string): void {
  const shown = useRef(engine);
  useEffect(() => {
    if (shown.current === engine) return;
    shown.current = engine;
    const dialog = document.getElementById(titleId)?.closest('dialog');
    if (!dialog || dialog.contains(document.activeElement)) return;
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [engine, titleId]);
}
