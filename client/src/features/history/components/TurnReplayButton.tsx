import type { MessageAudio } from '#shared/api/conversations';
import { REPLAY_TEXT } from '#shared/text';
import { SpeakerIcon, StopIcon } from '../../../components/Icons';
import { formatClipLength } from '../replay';

/** A spoken turn's play button, in its bubble: plays it, or stops it while it plays. */
export function TurnReplayButton(props: {
  who: 'You' | 'Patient';
  audio: MessageAudio;
  playing: boolean;
  onPlay(): void;
  onStop(): void;
}) {
  const { who, audio, playing } = props;
  const length = formatClipLength(audio.durationMs);
  // The visible words are part of the accessible name (WCAG 2.5.3, label in name).
  const label = playing
    ? REPLAY_TEXT.stop
    : length
      ? `${REPLAY_TEXT.play(who)}, ${length}`
      : REPLAY_TEXT.play(who);
  return (
    <button
      type="button"
      className={`replay-button${playing ? ' replay-button--playing' : ''}`}
      onClick={playing ? props.onStop : props.onPlay}
      aria-label={label}
    >
      {playing ? <StopIcon /> : <SpeakerIcon />}
      <span aria-hidden="true">
        {playing ? REPLAY_TEXT.stop : (length ?? REPLAY_TEXT.playShort)}
      </span>
    </button>
  );
}
