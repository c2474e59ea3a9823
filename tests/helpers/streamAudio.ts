import { setTimeout as sleep } from 'node:timers/promises';
import type { WebSocket } from 'ws';
import { encodeStreamFrame, STREAM_SAMPLE_RATE } from '#shared/voice';

/**
 * Streams an utterance over a conversation socket the way voice mode does: `audio_start`, then
 * 16 kHz PCM16 binary frames (sequence number + samples, shared/voice.ts), then `audio_commit`.
 * Works with any socket that exposes its `ws` (TestSocket, RawSocket); tests and the benchmark
 * share it.
 */

export interface StreamOptions {
  /** Audio per frame; the browser sends 20–100 ms. */
  frameMs?: number;
  stream?: boolean;
  speak?: boolean;
  /** 'dictation' only has its transcript sent back; default 'turn'. */
  purpose?: 'turn' | 'dictation';
  /** End with `audio_commit` (default), `audio_cancel` (a misfire), or leave the stream open. */
  end?: 'commit' | 'cancel' | 'none';
  /** Wait this long between frames (real time: `frameMs`); default: send at once. */
  paceMs?: number;
}

/** `seconds` of a quiet tone, the stand-in for speech (any PCM16 works). */
export function toneSamples(seconds: number, sampleRate = STREAM_SAMPLE_RATE): Int16Array {
  const samples = new Int16Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(3000 * Math.sin(i / 8));
  return samples;
}

/** The samples cut into stream frames of `frameMs` each (the last may be shorter). */
export function streamFrames(samples: Int16Array, frameMs = 40): Uint8Array[] {
  const perFrame = Math.round((STREAM_SAMPLE_RATE * frameMs) / 1000);
  const frames: Uint8Array[] = [];
  for (let at = 0, seq = 0; at < samples.length; at += perFrame, seq++) {
    frames.push(encodeStreamFrame(seq, samples.subarray(at, at + perFrame)));
  }
  return frames;
}

export function sendAudioStart(
  socket: { ws: WebSocket },
  clientId: string,
  options: Pick<StreamOptions, 'stream' | 'speak' | 'purpose'> = {},
): void {
  socket.ws.send(
    JSON.stringify({
      type: 'audio_start',
      clientId,
      format: 'pcm16',
      sampleRate: STREAM_SAMPLE_RATE,
      purpose: options.purpose ?? 'turn',
      stream: options.stream ?? true,
      speak: options.speak ?? false,
    }),
  );
}

export function sendAudioCommit(socket: { ws: WebSocket }, clientId: string, frames: number) {
  socket.ws.send(JSON.stringify({ type: 'audio_commit', clientId, frames }));
}

/** The speaker's pause, as the client reports it after `frames` frames (decision 033). */
export function sendAudioPause(socket: { ws: WebSocket }, clientId: string, frames: number) {
  socket.ws.send(JSON.stringify({ type: 'audio_pause', clientId, frames }));
}

export function sendAudioCancel(socket: { ws: WebSocket }, clientId: string) {
  socket.ws.send(JSON.stringify({ type: 'audio_cancel', clientId }));
}

/** Streams one utterance; resolves with how many frames were sent once all are on the wire. */
export async function streamUtterance(
  socket: { ws: WebSocket },
  clientId: string,
  samples: Int16Array,
  options: StreamOptions = {},
): Promise<{ frames: number }> {
  const frames = streamFrames(samples, options.frameMs);
  sendAudioStart(socket, clientId, options);
  for (const frame of frames) {
    socket.ws.send(frame, { binary: true });
    if (options.paceMs) await sleep(options.paceMs);
  }
  const end = options.end ?? 'commit';
  if (end === 'commit') sendAudioCommit(socket, clientId, frames.length);
  if (end === 'cancel') sendAudioCancel(socket, clientId);
  return { frames: frames.length };
}
