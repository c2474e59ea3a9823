import type {
  RealtimeClientEvent,
  RealtimeServerEvent,
  RealtimeSessionCreateRequest,
} from 'openai/resources/realtime/realtime';
import type { CallOptions } from '../ai/types';

/** The provider's Realtime calls, as the Realtime engine needs them (ai/openai/realtimeCalls). */
export interface RealtimeProvider {
  /** Posts the browser's offer with the session; the answer and the call's id come back. */
  createCall(
    input: { offerSdp: string; session: RealtimeSessionCreateRequest },
    options: CallOptions,
  ): Promise<{ answerSdp: string; callId: string }>;
  /** The server's own socket on the call: its events, and a way to steer it. */
  openSideband(callId: string): Promise<RealtimeSideband>;
  hangUp(callId: string): Promise<void>;
}

export interface RealtimeSideband {
  send(event: RealtimeClientEvent): void;
  onEvent(listener: (event: RealtimeServerEvent) => void): void;
  /** The socket closed, whoever closed it. */
  onClose(listener: () => void): void;
  close(): void;
}
