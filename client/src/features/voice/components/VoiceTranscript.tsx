import { VOICE_TEXT } from '#shared/text';

interface VoiceTranscriptProps {
  you: string | null;
  patient: string | null;
}

/**
 * The 'You:' and 'Patient:' lines. Not a live region: the reply is heard aloud, and a growing
 * text would be read twice.
 */
export function VoiceTranscript({ you, patient }: VoiceTranscriptProps) {
  return (
    <dl className="voice__transcript">
      <div className="voice__line" data-testid="voice-you">
        <dt>{VOICE_TEXT.dialog.you}</dt>
        <dd>{you ?? '—'}</dd>
      </div>
      <div className="voice__line" data-testid="voice-patient">
        <dt>{VOICE_TEXT.dialog.patient}</dt>
        <dd>{patient ?? '—'}</dd>
      </div>
    </dl>
  );
}
