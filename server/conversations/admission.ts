import type { ErrorCode } from '#shared/errors';

export interface AdmissionState {
  /** The server is shutting down. */
  closing: boolean;
  /** The conversation has ended (feedback was asked for). */
  ended: boolean;
  /** A turn of this conversation is still running on this socket. */
  busy: boolean;
  /** Turns this user has running on this instance, over all their sockets. */
  userTurns: number;
  concurrentTurnsPerUser: number;
}

export type TurnRefusal = Extract<
  ErrorCode,
  'unavailable:restarting' | 'conflict:ended' | 'conflict:busy' | 'rate_limit:concurrent'
>;

/**
 * Whether a new turn (typed or spoken) may start, and if not, why. The order matters: a server
 * going away says so before anything else, and an ended conversation is final, so the user is
 * told that rather than to wait.
 */
export function turnRefusal(state: AdmissionState): TurnRefusal | null {
  if (state.closing) return 'unavailable:restarting';
  if (state.ended) return 'conflict:ended';
  if (state.busy) return 'conflict:busy';
  if (state.userTurns >= state.concurrentTurnsPerUser) return 'rate_limit:concurrent';
  return null;
}

export interface StreamAdmissionState extends AdmissionState {
  /** The stream joins this socket's spoken turn, which is still taking utterances. */
  joinsTurn: boolean;
  /** Streamed utterances this user has open (transcribing) on this instance, over all sockets. */
  userStreams: number;
}

/**
 * Whether a streamed utterance may start. A new one is admitted like a turn; one that joins the
 * socket's spoken turn is part of a turn already admitted. Either way a user holds no more
 * transcription sessions at once than turns ('too_many_streams' is told as rate_limit:concurrent).
 */
export function streamRefusal(
  state: StreamAdmissionState,
): TurnRefusal | 'too_many_streams' | null {
  const refusal = state.joinsTurn
    ? turnRefusal({ ...state, busy: false, userTurns: 0 })
    : turnRefusal(state);
  if (refusal) return refusal;
  if (state.userStreams >= state.concurrentTurnsPerUser) return 'too_many_streams';
  return null;
}
