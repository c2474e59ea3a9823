import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverMessageSchema, type ServerMessage } from '#shared/protocol';
import { startOpenAiStub, type RealtimeCallRecord } from '../fixtures/openaiStub';
import { openRealtimeCall } from '../helpers/realtimeClient';
import { TestSocket } from '../helpers/socketClient';
import { startBenchServer, type BenchServer } from './benchServer';
import { percentile, type BenchRow } from './report';
import { spawnStub } from './stubProcess';
import { END_OF_SPEECH_MS, PAUSE_MS } from '#client/lib/audio/detection/frameDetector';
import { STREAM_FINAL_MS, streamingFirstAudio } from './voicePipeline';

/**
 * Issue 15, the Realtime engine: what our server adds to setting a call up, how long a sideband
 * event takes to become a stored message on the conversation socket, and end of speech → first
 * patient audio beside the streaming pipeline, all in one run.
 */

const CALLS = Number(process.env.BENCH_REALTIME_CALLS ?? 40);
const UTTERANCES = Number(process.env.BENCH_REALTIME_UTTERANCES ?? 50);
const TURNS = Number(process.env.BENCH_REALTIME_TURNS ?? 20);
/** The peer's scripted time from its end-of-speech decision to the first patient audio. */
const RESPONSE_MS = 300;

/** A conversation socket whose frames are timed as they arrive. */
async function timedSocket(bench: BenchServer, conversationId: string) {
  const socket = await TestSocket.open(bench.server.url, conversationId, {
    cookie: bench.user.cookie,
  });
  const arrivals: Array<{ at: number; frame: ServerMessage }> = [];
  socket.ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    arrivals.push({
      at: performance.now(),
      frame: serverMessageSchema.parse(JSON.parse(data.toString())),
    });
  });
  await socket.next('history');
  return { socket, arrivals };
}

async function newConversation(bench: BenchServer, index: number): Promise<string> {
  const scenarioId = bench.scenarioIds[index % bench.scenarioIds.length];
  const created = await bench.user.post('/api/conversations', { scenarioId });
  return created.body.session.id as string;
}

async function until<T>(read: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  const end = performance.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (performance.now() > end) throw new Error(`realtime bench stuck waiting for ${what}`);
    await sleep(1);
  }
}

/** Offer in → answer out at our endpoint, minus the peer's own time for the same call. */
async function setupOverheads(): Promise<{ ours: number[]; peer: number[]; overhead: number[] }> {
  const stub = await startOpenAiStub();
  stub.setRealtimeCall({ noMediaTimeoutMs: 0 });
  const bench = await startBenchServer(stub.url, { REALTIME_MODEL: 'gpt-realtime' });
  const conversationId = await newConversation(bench, 0);
  const { socket } = await timedSocket(bench, conversationId);
  const url = `${bench.server.url}/api/conversations/${conversationId}/realtime`;
  const headers = { cookie: bench.user.cookie!, origin: bench.server.url };
  const ours: number[] = [];
  const peer: number[] = [];
  const overhead: number[] = [];
  try {
    for (let i = 0; i < CALLS; i++) {
      let took = 0;
      const call = await openRealtimeCall({
        sendAudio: 'none',
        async post(offerSdp) {
          const started = performance.now();
          const response = await fetch(url, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/sdp' },
            body: offerSdp,
          });
          const body = await response.text();
          took = performance.now() - started;
          return new Response(body, { status: response.status, headers: response.headers });
        },
      });
      if (call.status !== 201) throw new Error(`call setup failed: ${call.answerText}`);
      const record = stub.realtimeCalls.at(-1)!;
      const own = record.answeredAt - record.offerReceivedAt;
      ours.push(took);
      peer.push(own);
      overhead.push(took - own);
      await call.close();
      await bench.user.request('DELETE', `/api/conversations/${conversationId}/realtime`);
    }
  } finally {
    await socket.close();
    await bench.close();
    await stub.close();
  }
  return { ours, peer, overhead };
}

/** From the provider's event on the sideband to the stored message's frame on the socket. */
async function sidebandRelay(): Promise<number[]> {
  const stub = await startOpenAiStub();
  stub.setRealtimeCall({
    transcriptionDelayMs: 0,
    responseDelayMs: 0,
    msPerWord: 1,
    replies: ['Fine, thank you.'],
    noMediaTimeoutMs: 0,
  });
  const bench = await startBenchServer(stub.url, { REALTIME_MODEL: 'gpt-realtime' });
  const conversationId = await newConversation(bench, 1);
  const { socket, arrivals } = await timedSocket(bench, conversationId);
  const call = await openRealtimeCall({
    url: `${bench.server.url}/api/conversations/${conversationId}/realtime`,
    headers: { cookie: bench.user.cookie!, origin: bench.server.url },
    sendAudio: 'none',
  });
  const relays: number[] = [];
  try {
    const record: RealtimeCallRecord = stub.realtimeCalls.at(-1)!;
    for (let i = 0; i < UTTERANCES; i++) {
      const said = `Question number ${i}, how does that sound?`;
      await stub.simulateUtterance(record.callId, { transcript: said });
      const sentAt = (type: string, matches: (event: unknown) => boolean) => {
        const index = record.serverEvents.findLastIndex((e) => e.type === type && matches(e));
        return record.serverEventSentAt[index]!;
      };
      const transcribed = sentAt(
        'conversation.item.input_audio_transcription.completed',
        (e) => (e as { transcript: string }).transcript === said,
      );
      const replied = sentAt('response.done', () => true);
      const stored = (role: 'user' | 'assistant', after: number) =>
        until(
          () =>
            arrivals.find(
              ({ at, frame }) =>
                at >= after && frame.type === 'message_stored' && frame.message.role === role,
            )?.at,
          `the ${role} message`,
        );
      relays.push((await stored('user', transcribed)) - transcribed);
      relays.push((await stored('assistant', replied)) - replied);
    }
  } finally {
    await call.close();
    await socket.close();
    await bench.close();
    await stub.close();
  }
  return relays;
}

/**
 * The clinician's tone on a real WebRTC track to the peer (in its own process), and the time
 * from its last frame to the first loud frame of the patient's voice back.
 */
async function realtimeFirstAudio(): Promise<number[]> {
  const stub = await spawnStub({
    reply: '',
    transcription: '',
    transcriptionDelayMs: 0,
    firstTokenDelayMs: 0,
    tokenDelayMs: 0,
    speechBytes: 0,
    speechChunks: 1,
    speechFirstByteDelayMs: 0,
    realtimeCall: {
      // The same silence as our own VAD waits before it ends a turn.
      silenceToStopMs: END_OF_SPEECH_MS,
      responseDelayMs: RESPONSE_MS,
      transcriptionDelayMs: 100,
      msPerWord: 100,
      replies: ['I suppose the cost is what worries me most.'],
    },
  });
  const bench = await startBenchServer(stub.url, { REALTIME_MODEL: 'gpt-realtime' });
  const conversationId = await newConversation(bench, 2);
  const { socket, arrivals } = await timedSocket(bench, conversationId);
  const call = await openRealtimeCall({
    url: `${bench.server.url}/api/conversations/${conversationId}/realtime`,
    headers: { cookie: bench.user.cookie!, origin: bench.server.url },
  });
  const out: number[] = [];
  try {
    await call.waitConnected();
    for (let i = 0; i < TURNS; i++) {
      const before = call.receivedEnergy().loudMs;
      await call.sendTone(600);
      const ended = performance.now();
      await until(
        () => (call.receivedEnergy().loudMs > before ? true : undefined),
        'the patient audio',
      );
      out.push(performance.now() - ended);
      // The reply plays out and is stored before the next turn.
      const stored = arrivals.filter(
        (a) => a.frame.type === 'message_stored' && a.frame.message.role === 'assistant',
      ).length;
      await until(
        () =>
          arrivals.filter(
            (a) => a.frame.type === 'message_stored' && a.frame.message.role === 'assistant',
          ).length > stored
            ? true
            : undefined,
        'the stored reply',
      );
      await until(() => {
        const last = arrivals.findLast((a) => a.frame.type === 'realtime_state');
        return last && last.at > ended && last.frame.type === 'realtime_state'
          ? last.frame.state === 'listening' || undefined
          : undefined;
      }, 'the call to listen again');
      // The peer's detector hears silence again before the next tone.
      await sleep(200);
    }
  } finally {
    await call.close();
    await socket.close();
    await bench.close();
    stub.stop();
  }
  return out;
}

export async function benchRealtimeCall(): Promise<BenchRow[]> {
  const setup = await setupOverheads();
  const relay = await sidebandRelay();
  const realtime = await realtimeFirstAudio();
  // The pipeline's reply starts at the speaker's pause, on the words settled there (decision
  // 033): end of speech → pause → settled words → the timed path; never before the end of
  // speech's own commit and final.
  const pipeline = (await streamingFirstAudio(20, TURNS)).map((ms) =>
    Math.max(PAUSE_MS + STREAM_FINAL_MS + ms, END_OF_SPEECH_MS + STREAM_FINAL_MS),
  );
  const setupP95 = percentile(setup.overhead, 95);
  const relayP95 = percentile(relay, 95);
  return [
    {
      name: `realtime: call setup at our endpoint p50 (${CALLS} calls)`,
      value: percentile(setup.ours, 50),
      unit: 'ms',
    },
    {
      name: "realtime: the peer's own answer time p50 (baseline)",
      value: percentile(setup.peer, 50),
      unit: 'ms',
    },
    {
      name: 'realtime: what our server adds to call setup p95',
      value: setupP95,
      unit: 'ms',
      target: '≤ 50 ms',
      ok: setupP95 <= 50,
    },
    {
      name: `realtime: sideband event → stored message on the socket p50 (${relay.length} messages)`,
      value: percentile(relay, 50),
      unit: 'ms',
    },
    {
      name: 'realtime: sideband relay p95',
      value: relayP95,
      unit: 'ms',
      target: '≤ 20 ms',
      ok: relayP95 <= 20,
    },
    {
      name: `realtime: end of speech → first patient audio p50 / p95 (peer: ${END_OF_SPEECH_MS} ms VAD silence + ${RESPONSE_MS} ms to first audio; ${TURNS} turns)`,
      value: percentile(realtime, 50),
      unit: `ms / ${percentile(realtime, 95).toFixed(0)} ms`,
    },
    {
      name: `streaming pipeline (20 words): end of speech → first speech byte p50 / p95 (our VAD's ${PAUSE_MS} ms pause + ${STREAM_FINAL_MS} ms to settle the words + commit → first byte; ${TURNS} turns)`,
      value: percentile(pipeline, 50),
      unit: `ms / ${percentile(pipeline, 95).toFixed(0)} ms`,
    },
  ];
}
