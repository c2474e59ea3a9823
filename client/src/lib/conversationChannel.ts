import type { ClientMessageInput, ServerMessage } from '#shared/protocol';
import type { SpeechChunk } from './audio/speechQueue';

/** What the server can do with audio (from `history`); null until the first history arrives. */
export interface VoiceCapabilities {
  transcription: boolean;
  speech: boolean;
  /** The Realtime engine (speech-to-speech over WebRTC) is offered. */
  realtime: boolean;
}

export interface ChannelState {
  /** Connected and the stored history is in: frames sent now are answered. */
  ready: boolean;
  ended: boolean;
  voice: VoiceCapabilities | null;
}

export interface ChannelListener {
  onMessage?(message: ServerMessage): void;
  /** A `speech` frame together with the binary frame that followed it. */
  onSpeech?(chunk: SpeechChunk): void;
  /** `ChannelState` changed. */
  onState?(state: ChannelState): void;
}

/**
 * The open conversation's socket as the voice features see it (conversationConnection.ts owns
 * it): one connection, one turn at a time on the server, and voice turns show up in the chat as
 * they happen.
 */
export interface ConversationChannel {
  getState(): ChannelState;
  /** False when the socket is not open (nothing was sent). */
  send(message: ClientMessageInput): boolean;
  /**
   * One binary frame of the streamed utterance opened by `audio_start` (shared/voice.ts:
   * encodeStreamFrame). It goes out in order with the JSON frames sent around it.
   */
  sendFrame(frame: Uint8Array): boolean;
  subscribe(listener: ChannelListener): () => void;
}
