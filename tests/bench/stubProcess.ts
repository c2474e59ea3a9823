import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  startOpenAiStub,
  type RealtimeCallScript,
  type StreamingTranscriptionScript,
} from '../fixtures/openaiStub';

/**
 * The stub in its own process, as a real provider would be on its own machine: its timers
 * (token pacing, first-byte delays) then do not queue behind the server's work, which would
 * count the stub's lateness as our overhead.
 */
export interface StubSettings {
  reply: string;
  transcription: string;
  transcriptionDelayMs: number;
  firstTokenDelayMs: number;
  tokenDelayMs: number;
  speechBytes: number;
  speechChunks: number;
  speechFirstByteDelayMs: number;
  /** The realtime transcription socket's script (final delay, partial pace, fault). */
  streamingTranscription?: Partial<StreamingTranscriptionScript>;
  /** The Realtime calls' script (the WebRTC peer's latencies and lines). */
  realtimeCall?: Partial<RealtimeCallScript>;
}

export async function spawnStub(
  settings: StubSettings,
): Promise<{ url: string; pid: number; stop(): void }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url)],
    {
      env: { ...process.env, STUB_SETTINGS: JSON.stringify(settings) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (data: Buffer) => resolve(data.toString().trim()));
  });
  return { url, pid: child.pid!, stop: () => child.kill() };
}

if (process.env.STUB_SETTINGS && process.argv[1] === fileURLToPath(import.meta.url)) {
  const s = JSON.parse(process.env.STUB_SETTINGS) as StubSettings;
  const stub = await startOpenAiStub();
  stub.setReply(s.reply);
  stub.setTranscription(s.transcription, s.transcriptionDelayMs);
  stub.setTiming({ firstTokenDelayMs: s.firstTokenDelayMs, tokenDelayMs: s.tokenDelayMs });
  stub.setSpeech({
    bytes: Buffer.alloc(s.speechBytes, 7),
    chunks: s.speechChunks,
    firstByteDelayMs: s.speechFirstByteDelayMs,
  });
  if (s.streamingTranscription) stub.setStreamingTranscription(s.streamingTranscription);
  if (s.realtimeCall) stub.setRealtimeCall(s.realtimeCall);
  process.stdout.write(`${stub.url}\n`);
}
