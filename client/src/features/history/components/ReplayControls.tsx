import { REPLAY_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import type { TurnReplay } from '../hooks/useTurnReplay';

/**
 * Above a spoken conversation's transcript: "play all", how long recordings are kept (and that
 * Realtime calls keep none), a failure to play, and the page's one <audio> element.
 */
export function ReplayControls(props: {
  replay: TurnReplay;
  order: readonly string[];
  /** Some turns were spoken (so a missing recording is worth explaining). */
  spoken: boolean;
  retentionDays: number;
}) {
  const { replay, order, spoken, retentionDays } = props;
  const first = order[0];
  return (
    <div className="replay-controls">
      {first ? (
        <>
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => (replay.playingAll ? replay.stop() : replay.play(first, { all: true }))}
          >
            {replay.playingAll ? REPLAY_TEXT.stopAll : REPLAY_TEXT.playAll}
          </button>
          <p className="muted replay-controls__note">{REPLAY_TEXT.note(retentionDays)}</p>
        </>
      ) : spoken ? (
        <p className="muted replay-controls__note">{REPLAY_TEXT.noneKept}</p>
      ) : null}
      {replay.failed ? <Alert>{REPLAY_TEXT.failed}</Alert> : null}
      {/* Metadata only until a turn is played: a long transcript loads no audio by itself. */}
      <audio
        ref={replay.audioRef}
        preload="metadata"
        onEnded={replay.onEnded}
        onError={replay.onError}
      />
    </div>
  );
}
