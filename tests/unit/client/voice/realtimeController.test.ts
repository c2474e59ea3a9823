import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessageInput, RealtimeState, ServerMessage } from '#shared/protocol';
import { MICROPHONE_TEXT, PLAYBACK_TEXT, REALTIME_TEXT, VOICE_STATUS } from '#shared/text';
import type {
  ChannelListener,
  ChannelState,
  ConversationChannel,
} from '#client/lib/conversationChannel';
import { MicrophoneError } from '#client/lib/audio/microphone';
import {
  CONNECT_TIMEOUT_MS,
  DISCONNECT_GRACE_MS,
  ICE_GATHER_CAP_MS,
  type CallAudio,
  type CallPeer,
} from '#client/features/voice/realtime/realtimeCall';
import {
  RealtimeController,
  type RealtimeControllerDeps,
} from '#client/features/voice/realtime/realtimeController';

const CONVERSATION = 'conv-1';
const CALL_PATH = `/api/conversations/${CONVERSATION}/realtime`;
const OFFER = 'v=0\r\no=- offer before gathering\r\n';
const GATHERED =
  'v=0\r\no=- offer with candidates\r\na=candidate:1 1 udp 1 127.0.0.1 5000 typ host\r\n';
const ANSWER = 'v=0\r\no=- answer\r\n';

/** RTCPeerConnection as a call sees it, recording what was done to it. */
class FakePeer implements CallPeer {
  connectionState: RTCPeerConnectionState = 'new';
  iceGatheringState: RTCIceGatheringState = 'new';
  localDescription: { sdp: string } | null = null;
  tracks: unknown[] = [];
  remote: RTCSessionDescriptionInit | null = null;
  closed = false;
  /** Labels of every data channel asked for: must stay empty. */
  dataChannels: string[] = [];
  private listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(private readonly gatherAtOnce: boolean) {}

  addTrack(track: MediaStreamTrack) {
    this.tracks.push(track);
  }
  async createOffer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'offer', sdp: OFFER };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = { sdp: description.sdp ?? '' };
    this.iceGatheringState = 'gathering';
    if (this.gatherAtOnce) this.finishGathering();
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remote = description;
    this.connectionState = 'connecting';
  }
  createDataChannel(label: string) {
    this.dataChannels.push(label);
    return {};
  }
  close() {
    this.closed = true;
    this.connectionState = 'closed';
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }
  removeEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  private emit(type: string, event: Event = new Event(type)) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }
  finishGathering() {
    this.localDescription = { sdp: GATHERED };
    this.iceGatheringState = 'complete';
    this.emit('icegatheringstatechange');
  }
  setConnection(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.emit('connectionstatechange');
  }
  remoteTrack(stream: unknown) {
    this.emit(
      'track',
      Object.assign(new Event('track'), { track: { kind: 'audio' }, streams: [stream] }),
    );
  }
}

/** The chat's socket as the dialog sees it. */
class FakeChannel implements ConversationChannel {
  state: ChannelState = {
    ready: true,
    ended: false,
    voice: { transcription: true, speech: true, realtime: true },
  };
  sent: ClientMessageInput[] = [];
  listeners = new Set<ChannelListener>();
  getState = () => this.state;
  send(message: ClientMessageInput) {
    this.sent.push(message);
    return true;
  }
  sendFrame() {
    return true;
  }
  subscribe(listener: ChannelListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  server(message: ServerMessage) {
    for (const listener of this.listeners) listener.onMessage?.(message);
  }
  setState(state: Partial<ChannelState>) {
    this.state = { ...this.state, ...state };
    for (const listener of this.listeners) listener.onState?.(this.state);
  }
}

interface FetchCall {
  url: string;
  init: RequestInit;
}

/** Just enough of a Response for the call (and for `responseError`). */
function answer(status: number, body: string): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    text: async () => body,
  } as Response;
}

function errorAnswer(status: number, code: string, message: string): Response {
  return answer(status, JSON.stringify({ error: { code, message } }));
}

/** Lets every pending promise step run (the fakes answer at once; only setTimeout is faked). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(
  options: {
    gatherAtOnce?: boolean;
    post?: () => Promise<Response>;
    microphone?: () => Promise<MediaStream>;
    /** The browser already lets the page use the microphone (default yes). */
    microphoneAllowed?: boolean;
    play?: () => Promise<void>;
  } = {},
) {
  const channel = new FakeChannel();
  const peers: FakePeer[] = [];
  const fetches: FetchCall[] = [];
  const micTrack = {
    kind: 'audio',
    enabled: true,
    stopped: false,
    stop: () => (micTrack.stopped = true),
  };
  const mic = {
    getAudioTracks: () => [micTrack],
    getTracks: () => [micTrack],
  } as unknown as MediaStream;
  const audio = {
    srcObject: null as MediaProvider | null,
    plays: 0,
    paused: false,
    play: options.play ?? (async () => undefined),
    pause: () => void (audio.paused = true),
  };
  const pageHide = new Set<() => void>();
  const deps: RealtimeControllerDeps = {
    openMicrophone: options.microphone ?? (async () => mic),
    microphoneAllowed: async () => options.microphoneAllowed ?? true,
    createPeer: () => {
      const peer = new FakePeer(options.gatherAtOnce ?? true);
      peers.push(peer);
      return peer;
    },
    createAudio: () => {
      const tracked = audio as CallAudio & typeof audio;
      const play = tracked.play;
      tracked.play = () => {
        audio.plays += 1;
        return play();
      };
      return tracked;
    },
    streamOf: (track) => ({ fromTrack: track }) as unknown as MediaStream,
    fetch: async (url, init) => {
      fetches.push({ url, init });
      if (init.method === 'DELETE') return answer(204, '');
      return options.post ? options.post() : answer(201, ANSWER);
    },
    onPageHide: (listener) => {
      pageHide.add(listener);
      return () => void pageHide.delete(listener);
    },
  };
  const session = new RealtimeController(channel, CONVERSATION, deps);
  session.attach();
  const peer = () => {
    const last = peers[peers.length - 1];
    if (!last) throw new Error('no peer connection was made');
    return last;
  };
  const posts = () => fetches.filter((f) => f.init.method === 'POST');
  const hangUps = () => fetches.filter((f) => f.init.method === 'DELETE');
  return {
    channel,
    session,
    snapshot: () => session.getSnapshot(),
    peers,
    peer,
    fetches,
    posts,
    hangUps,
    micTrack,
    audio,
    leavePage: () => [...pageHide].forEach((listener) => listener()),
  };
}

/** A call started, answered and connected. */
async function connected(t: ReturnType<typeof setup>) {
  t.session.startCall();
  await settle();
  t.peer().setConnection('connected');
  return t;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a Realtime call: setting it up', () => {
  it('posts the gathered offer as raw SDP to the conversation and applies the answer', async () => {
    const t = setup();
    t.session.startCall();
    expect(t.snapshot()).toMatchObject({ stage: 'starting', status: REALTIME_TEXT.connecting });
    await settle();

    expect(t.peer().tracks).toEqual([t.micTrack]);
    expect(t.posts()).toHaveLength(1);
    const [post] = t.posts();
    expect(post?.url).toBe(CALL_PATH);
    expect(post?.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/sdp' },
      body: GATHERED,
    });
    expect(t.peer().remote).toEqual({ type: 'answer', sdp: ANSWER });
    expect(t.snapshot()).toMatchObject({ stage: 'live', error: null });
  });

  it('waits for ICE gathering at most the cap, then sends the offer it has', async () => {
    const t = setup({ gatherAtOnce: false });
    t.session.startCall();
    await settle();
    await vi.advanceTimersByTimeAsync(ICE_GATHER_CAP_MS - 1);
    expect(t.posts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(t.posts().map((p) => p.init.body)).toEqual([OFFER]);
  });

  it('goes as soon as gathering completes, before the cap', async () => {
    const t = setup({ gatherAtOnce: false });
    t.session.startCall();
    await settle();
    t.peer().finishGathering();
    await settle();
    expect(t.posts().map((p) => p.init.body)).toEqual([GATHERED]);
  });

  it('never opens a data channel, from the offer to the hang-up', async () => {
    const t = await connected(setup());
    t.peer().remoteTrack({ id: 'remote' });
    t.channel.server({ type: 'realtime_state', state: 'patient_speaking' });
    t.session.stopAudio();
    t.session.hangUp();
    expect(t.peers).toHaveLength(1);
    expect(t.peer().dataChannels).toEqual([]);
  });

  it("plays the patient's track through the audio element", async () => {
    const t = await connected(setup());
    const remote = { id: 'remote' };
    t.peer().remoteTrack(remote);
    expect(t.audio.srcObject).toBe(remote);
    expect(t.audio.plays).toBe(1);
  });

  it('offers Retry Audio when the browser blocks the voice until a click', async () => {
    let blocked = true;
    const t = await connected(
      setup({
        play: async () => {
          if (blocked) throw Object.assign(new Error('no gesture'), { name: 'NotAllowedError' });
        },
      }),
    );
    t.peer().remoteTrack({ id: 'remote' });
    await settle();
    expect(t.snapshot()).toMatchObject({ canRetryAudio: true, error: PLAYBACK_TEXT.blocked });

    blocked = false;
    t.session.retryAudio();
    await settle();
    expect(t.audio.plays).toBe(2);
    expect(t.snapshot()).toMatchObject({ canRetryAudio: false, error: null });
  });
});

describe('a Realtime call that cannot start', () => {
  const refusals: Array<{ name: string; response: () => Response; message: string }> = [
    {
      name: '404 not_found:realtime',
      response: () =>
        errorAnswer(404, 'not_found:realtime', 'Realtime is off on this server (its words).'),
      message: 'Realtime is off on this server (its words).',
    },
    {
      name: '429 rate_limit:concurrent',
      response: () => errorAnswer(429, 'rate_limit:concurrent', 'Too many calls right now.'),
      message: 'Too many calls right now.',
    },
    {
      name: '409 conflict:ended',
      response: () => errorAnswer(409, 'conflict:ended', 'This conversation has ended (server).'),
      message: 'This conversation has ended (server).',
    },
  ];

  it.each(refusals)(
    '$name: shows the server’s sentence, offers Standard, releases the mic',
    async ({ response, message }) => {
      const t = setup({ post: async () => response() });
      t.session.startCall();
      await settle();
      expect(t.snapshot()).toMatchObject({
        stage: 'off',
        error: message,
        offerStandard: true,
        // Nothing got through: the invitation is still to start, not to 'speak again'.
        status: VOICE_STATUS.start,
      });
      expect(t.micTrack.stopped).toBe(true);
      expect(t.peer().closed).toBe(true);
      // Refused: no call exists, and one in another tab is not this one's to hang up.
      expect(t.hangUps()).toEqual([]);
    },
  );

  it.each([
    { name: 'the network fails', post: () => Promise.reject(new TypeError('Failed to fetch')) },
    { name: 'a proxy answers 502 with a page', post: async () => answer(502, '<html>Bad</html>') },
    { name: 'the answer is empty', post: async () => answer(201, '') },
  ])(
    'when $name: the generic sentence, Standard offered, and a hang-up in case a call was made',
    async ({ post }) => {
      const t = setup({ post });
      t.session.startCall();
      await settle();
      expect(t.snapshot()).toMatchObject({
        stage: 'off',
        error: REALTIME_TEXT.connectFailed,
        offerStandard: true,
      });
      expect(t.hangUps()).toHaveLength(1);
    },
  );

  it('gives up on an answer that never comes, and hangs up', async () => {
    const t = setup({ post: () => new Promise<Response>(() => undefined) });
    t.session.startCall();
    await settle();
    expect(t.snapshot().stage).toBe('starting');
    await vi.advanceTimersByTimeAsync(20_000);
    await settle();
    expect(t.snapshot()).toMatchObject({ stage: 'off', error: REALTIME_TEXT.connectFailed });
    expect(t.hangUps()).toHaveLength(1);
  });

  it('shows the microphone problem when the microphone cannot open', async () => {
    const t = setup({
      microphone: () =>
        Promise.reject(new MicrophoneError(MICROPHONE_TEXT.denied, new Error('denied'))),
    });
    t.session.startCall();
    await settle();
    expect(t.snapshot()).toMatchObject({ stage: 'off', error: MICROPHONE_TEXT.denied });
    expect(t.peers).toEqual([]);
    expect(t.fetches).toEqual([]);
  });

  it('says it could not connect when ICE never gets through after the answer', async () => {
    const t = setup();
    t.session.startCall();
    await settle();
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
    expect(t.snapshot()).toMatchObject({ stage: 'off', error: REALTIME_TEXT.connectFailed });
    expect(t.hangUps()).toHaveLength(1);
  });

  it("moving on to another engine clears the failed call's problem", async () => {
    const t = setup({ post: async () => errorAnswer(503, 'unavailable:realtime', 'No luck.') });
    t.session.startCall();
    await settle();
    expect(t.snapshot()).toMatchObject({ error: 'No luck.', offerStandard: true });
    t.session.dismissError();
    expect(t.snapshot()).toMatchObject({ error: null, offerStandard: false });
  });

  it('does not start without a conversation socket', () => {
    const t = setup();
    t.channel.setState({ ready: false });
    expect(t.snapshot().canCall).toBe(false);
    t.session.startCall();
    expect(t.peers).toEqual([]);
  });
});

describe('a Realtime call that drops', () => {
  it("counts a 'disconnected' that lasts as a drop: says so, hangs up, releases the mic", async () => {
    const t = await connected(setup());
    t.peer().setConnection('disconnected');
    await vi.advanceTimersByTimeAsync(DISCONNECT_GRACE_MS - 1);
    expect(t.snapshot().stage).toBe('live');

    await vi.advanceTimersByTimeAsync(1);
    expect(t.snapshot()).toMatchObject({
      stage: 'off',
      error: REALTIME_TEXT.dropped,
      offerStandard: true,
    });
    expect(t.micTrack.stopped).toBe(true);
    expect(t.peer().closed).toBe(true);
    expect(t.hangUps()).toEqual([
      {
        url: CALL_PATH,
        init: { method: 'DELETE', credentials: 'same-origin', keepalive: true },
      },
    ]);
  });

  it("lets a 'disconnected' that heals in time carry on", async () => {
    const t = await connected(setup());
    t.peer().setConnection('disconnected');
    await vi.advanceTimersByTimeAsync(DISCONNECT_GRACE_MS / 2);
    t.peer().setConnection('connected');
    await vi.advanceTimersByTimeAsync(DISCONNECT_GRACE_MS * 2);
    expect(t.snapshot()).toMatchObject({ stage: 'live', error: null });
    expect(t.hangUps()).toEqual([]);
  });

  it.each(['failed', 'closed'] as const)("ends at once on '%s'", async (state) => {
    const t = await connected(setup());
    t.peer().setConnection(state);
    expect(t.snapshot()).toMatchObject({ stage: 'off', error: REALTIME_TEXT.dropped });
    expect(t.hangUps()).toHaveLength(1);
    expect(t.micTrack.stopped).toBe(true);
  });

  it('keeps the call when only the conversation socket drops', async () => {
    const t = await connected(setup());
    t.channel.setState({ ready: false });
    expect(t.snapshot().stage).toBe('live');
    expect(t.micTrack.stopped).toBe(false);
  });
});

describe('the end of a Realtime call', () => {
  it('realtime_ended: shows the server’s sentence, closes the call, stops the mic, no DELETE', async () => {
    const t = await connected(setup());
    t.channel.server({
      type: 'realtime_ended',
      reason: 'call_too_long',
      message: REALTIME_TEXT.callTooLong(15),
    });
    expect(t.snapshot()).toMatchObject({
      stage: 'off',
      error: REALTIME_TEXT.callTooLong(15),
      status: VOICE_STATUS.again,
    });
    expect(t.peer().closed).toBe(true);
    expect(t.micTrack.stopped).toBe(true);
    expect(t.audio.srcObject).toBeNull();
    expect(t.hangUps()).toEqual([]);
  });

  it('ignores a realtime_ended that arrives while a new call is being set up (the old call’s)', async () => {
    let release: (response: Response) => void = () => undefined;
    const t = setup({ post: () => new Promise<Response>((resolve) => (release = resolve)) });
    t.session.startCall();
    await settle();
    t.channel.server({ type: 'realtime_ended', reason: 'replaced', message: 'Replaced.' });
    release(answer(201, ANSWER));
    await settle();
    expect(t.snapshot()).toMatchObject({ stage: 'live', error: null });
    expect(t.peer().closed).toBe(false);
  });

  it.each([
    ['closing Voice Mode', (t: ReturnType<typeof setup>) => t.session.dispose()],
    ['the call button', (t: ReturnType<typeof setup>) => t.session.toggleCall()],
    ['leaving the page', (t: ReturnType<typeof setup>) => t.leavePage()],
  ])('%s hangs up: pc closed, mic stopped, DELETE with keepalive', async (_name, end) => {
    const t = await connected(setup());
    end(t);
    expect(t.peer().closed).toBe(true);
    expect(t.micTrack.stopped).toBe(true);
    expect(t.hangUps()).toEqual([
      {
        url: CALL_PATH,
        init: { method: 'DELETE', credentials: 'same-origin', keepalive: true },
      },
    ]);
    expect(t.snapshot()).toMatchObject({ stage: 'off', error: null });
  });

  it('the conversation ending hangs up and says why', async () => {
    const t = await connected(setup());
    t.channel.setState({ ended: true });
    expect(t.hangUps()).toHaveLength(1);
    expect(t.micTrack.stopped).toBe(true);
    expect(t.snapshot()).toMatchObject({
      stage: 'off',
      error: REALTIME_TEXT.conversationEnded,
      canCall: false,
    });
  });

  it('closing while the microphone is still opening releases it when it arrives, and posts nothing', async () => {
    let grant: (stream: MediaStream) => void = () => undefined;
    const stopped: string[] = [];
    const late = {
      getAudioTracks: () => [],
      getTracks: () => [{ stop: () => stopped.push('late mic') }],
    } as unknown as MediaStream;
    const t = setup({ microphone: () => new Promise((resolve) => (grant = resolve)) });
    t.session.startCall();
    t.session.dispose();
    grant(late);
    await settle();
    expect(stopped).toEqual(['late mic']);
    expect(t.peers).toEqual([]);
    expect(t.fetches).toEqual([]);
  });

  it('hanging up while the offer is being answered aborts it and hangs up on the server', async () => {
    const t = setup({ post: () => new Promise<Response>(() => undefined) });
    t.session.startCall();
    await settle();
    t.session.hangUp();
    await settle();
    expect(t.posts()[0]?.init.signal?.aborted).toBe(true);
    expect(t.hangUps()).toHaveLength(1);
    expect(t.snapshot()).toMatchObject({ stage: 'off', error: null });
  });
});

describe('what the dialog shows during a call', () => {
  it('follows realtime_state on the status line, offering Stop audio while the patient speaks', async () => {
    const t = await connected(setup());
    const seen: Array<[RealtimeState, string, boolean]> = [];
    for (const state of ['listening', 'user_speaking', 'processing', 'patient_speaking'] as const) {
      t.channel.server({ type: 'realtime_state', state });
      seen.push([state, t.snapshot().status, t.snapshot().audioActive]);
    }
    expect(seen).toEqual([
      ['listening', VOICE_STATUS.listening, false],
      ['user_speaking', VOICE_STATUS.listening, false],
      ['processing', REALTIME_TEXT.thinking, false],
      ['patient_speaking', VOICE_STATUS.playing, true],
    ]);
  });

  it('Stop audio sends cancel on the conversation socket', async () => {
    const t = await connected(setup());
    t.channel.server({ type: 'realtime_state', state: 'patient_speaking' });
    t.session.stopAudio();
    expect(t.channel.sent).toEqual([{ type: 'cancel' }]);
  });

  it('Stop audio without a call sends nothing', () => {
    const t = setup();
    t.session.stopAudio();
    expect(t.channel.sent).toEqual([]);
  });

  it("shows each side's latest live line", async () => {
    const t = await connected(setup());
    const line = (role: 'user' | 'assistant', itemId: string, text: string, final = false) =>
      t.channel.server({ type: 'realtime_transcript', role, itemId, text, final });
    line('user', 'u1', 'What brings');
    line('user', 'u1', 'What brings you in?', true);
    line('assistant', 'a1', 'My tooth');
    expect(t.snapshot()).toMatchObject({ you: 'What brings you in?', patient: 'My tooth' });
  });

  it('ignores the call frames when no call is running (another tab’s call)', () => {
    const t = setup();
    t.channel.server({ type: 'realtime_state', state: 'patient_speaking' });
    t.channel.server({
      type: 'realtime_transcript',
      role: 'user',
      itemId: 'u1',
      text: 'Hello',
      final: true,
    });
    expect(t.snapshot()).toMatchObject({
      callState: null,
      you: null,
      status: VOICE_STATUS.start,
      audioActive: false,
    });
  });
});

describe('a standby call: set up muted while the dialog shows Realtime, started by the click', () => {
  const STANDBY_PATH = `${CALL_PATH}?standby=1`;

  /** The dialog shows the Realtime engine; the standby call is answered and connected. */
  async function standingBy(options: Parameters<typeof setup>[0] = {}) {
    const t = setup(options);
    t.session.setShown(true);
    await settle();
    if (t.peers.length > 0) t.peer().setConnection('connected');
    return t;
  }

  it('is set up at once with the microphone muted and the voice held, and shows no call', async () => {
    const t = await standingBy();
    expect(t.posts().map((p) => p.url)).toEqual([STANDBY_PATH]);
    expect(t.peer().tracks).toEqual([t.micTrack]);
    expect(t.micTrack.enabled).toBe(false);
    t.peer().remoteTrack({ id: 'remote' });
    expect(t.audio.plays).toBe(0);
    // The server's frames about it change nothing on the screen.
    t.channel.server({ type: 'realtime_state', state: 'listening' });
    expect(t.snapshot()).toMatchObject({
      stage: 'off',
      status: VOICE_STATUS.start,
      callState: null,
    });
    expect(t.channel.sent).toEqual([]);
  });

  it('the click unmutes it, plays the voice and tells the server; nothing is set up again', async () => {
    const t = await standingBy();
    t.peer().remoteTrack({ id: 'remote' });
    t.session.startCall();
    expect(t.micTrack.enabled).toBe(true);
    expect(t.audio.plays).toBe(1);
    expect(t.channel.sent).toEqual([{ type: 'realtime_start' }]);
    expect(t.posts()).toHaveLength(1);
    expect(t.snapshot()).toMatchObject({ stage: 'live' });
    t.channel.server({ type: 'realtime_state', state: 'listening' });
    expect(t.snapshot().status).toBe(VOICE_STATUS.listening);
  });

  it('clicked while still being set up: unmuted at once, announced once the server answered', async () => {
    let answerNow!: (response: Response) => void;
    const t = setup({ post: () => new Promise<Response>((resolve) => (answerNow = resolve)) });
    t.session.setShown(true);
    await settle();
    t.session.startCall();
    expect(t.micTrack.enabled).toBe(true);
    expect(t.snapshot().stage).toBe('starting');
    expect(t.channel.sent).toEqual([]);
    answerNow(answer(201, ANSWER));
    await settle();
    expect(t.channel.sent).toEqual([{ type: 'realtime_start' }]);
  });

  it('begun before its offer left, it is set up as an ordinary call', async () => {
    let microphone!: (stream: MediaStream) => void;
    const mic = { getAudioTracks: () => [], getTracks: () => [] } as unknown as MediaStream;
    const t = setup({
      microphone: () => new Promise<MediaStream>((resolve) => (microphone = resolve)),
    });
    t.session.setShown(true);
    await settle();
    t.session.startCall();
    const track = { kind: 'audio', enabled: true, stop: () => undefined };
    microphone({
      ...mic,
      getAudioTracks: () => [track],
      getTracks: () => [track],
    } as unknown as MediaStream);
    await settle();
    expect(track.enabled).toBe(true);
    expect(t.posts().map((p) => p.url)).toEqual([CALL_PATH]);
  });

  it('is not set up when the microphone would have to be asked for: the click asks, as before', async () => {
    const t = await standingBy({ microphoneAllowed: false });
    expect(t.posts()).toEqual([]);
    t.session.startCall();
    await settle();
    expect(t.posts().map((p) => p.url)).toEqual([CALL_PATH]);
    expect(t.micTrack.enabled).toBe(true);
  });

  it('one that fails goes quietly, and the click sets a call up as before', async () => {
    let refuse = true;
    const t = await standingBy({
      post: async () =>
        refuse
          ? errorAnswer(409, 'conflict:realtime_call', 'In use elsewhere.')
          : answer(201, ANSWER),
    });
    expect(t.snapshot()).toMatchObject({ error: null, offerStandard: false, stage: 'off' });
    expect(t.hangUps()).toEqual([]);
    refuse = false;
    t.session.startCall();
    await settle();
    expect(t.posts().map((p) => p.url)).toEqual([STANDBY_PATH, CALL_PATH]);
    expect(t.snapshot().stage).toBe('live');
  });

  it('is hung up (only if not started meanwhile) when the engine changes or the dialog closes', async () => {
    const t = await standingBy();
    t.session.setShown(false);
    expect(t.peer().closed).toBe(true);
    expect(t.hangUps().map((h) => h.url)).toEqual([STANDBY_PATH]);
    expect(t.micTrack.stopped).toBe(true);

    t.session.setShown(true);
    await settle();
    expect(t.posts()).toHaveLength(2);
    t.session.dispose();
    expect(t.hangUps().map((h) => h.url)).toEqual([STANDBY_PATH, STANDBY_PATH]);
  });

  it('ended by the server, it is let go without a word; the click sets a call up afresh', async () => {
    const t = await standingBy();
    t.channel.server({
      type: 'realtime_ended',
      reason: 'replaced',
      message: REALTIME_TEXT.replaced,
    });
    expect(t.peer().closed).toBe(true);
    expect(t.hangUps()).toEqual([]);
    expect(t.snapshot()).toMatchObject({ error: null, stage: 'off' });
    t.session.startCall();
    await settle();
    expect(t.posts().map((p) => p.url)).toEqual([STANDBY_PATH, CALL_PATH]);
  });

  it('after a hang-up, the next standby waits for the server to end that call', async () => {
    const t = await standingBy();
    t.session.startCall();
    t.session.hangUp();
    await settle();
    expect(t.posts()).toHaveLength(1);
    t.channel.server({ type: 'realtime_ended', reason: 'hung_up', message: REALTIME_TEXT.hungUp });
    await settle();
    expect(t.posts().map((p) => p.url)).toEqual([STANDBY_PATH, STANDBY_PATH]);
    expect(t.snapshot()).toMatchObject({ stage: 'off', status: VOICE_STATUS.again });
  });
});
