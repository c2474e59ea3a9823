import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createClusterBus,
  HEARTBEAT_MS,
  pack,
  PEER_TIMEOUT_MS,
  type ClusterBus,
} from '#server/cluster/bus';
import { createClusterCount } from '#server/cluster/clusterCount';
import { createLocalTransport } from '#server/cluster/localTransport';
import { MAX_PAYLOAD_BYTES, type ClusterMessage } from '#server/cluster/messages';
import { reconnectDelay, RECONNECT_CAP_MS } from '#server/cluster/pgTransport';
import { createLogger } from '#server/logger';

const logger = createLogger('silent');
const USER = '5f1b1a52-4a5e-4d7e-9a56-2b7c1f0e8a11';
const open: ClusterBus[] = [];

/** Instances of one deployment on one (embedded) database, in this process. */
function instances(count: number) {
  const database = {};
  return Array.from({ length: count }, (_, i) => {
    const bus = createClusterBus({
      transport: createLocalTransport(database),
      logger,
      instanceId: `instance-${i}`,
    });
    open.push(bus);
    return bus;
  });
}

/** Lets queued deliveries (one turn of the event loop each) happen. */
async function settle(turns = 6) {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.close()));
});

describe('the cluster bus', () => {
  it('finds the other instances and tells them, never itself', async () => {
    const [a, b] = instances(2);
    await settle();
    expect(a!.hasPeers()).toBe(true);
    expect(b!.hasPeers()).toBe(true);
    const heardByA: string[] = [];
    const heardByB: string[] = [];
    a!.on('conversation_ended', (m, from) => heardByA.push(`${m.conversationId} from ${from}`));
    b!.on('conversation_ended', (m, from) => heardByB.push(`${m.conversationId} from ${from}`));
    a!.publish({ type: 'conversation_ended', conversationId: 'c1' });
    a!.publish({ type: 'conversation_ended', conversationId: 'c2' });
    await settle();
    expect(heardByB).toEqual(['c1 from instance-0', 'c2 from instance-0']);
    expect(heardByA).toEqual([]);
  });

  it('alone, sends only what is marked always', async () => {
    const [a] = instances(1);
    const sent: string[] = [];
    const database = {};
    const spy = createLocalTransport(database);
    const listener = createClusterBus({ transport: spy, logger, instanceId: 'listener' });
    open.push(listener);
    listener.on('scenarios_changed', (m) => sent.push(m.userId ?? 'everyone'));
    // `a` has not heard of `listener` (a different database): it is alone.
    a!.publish({ type: 'scenarios_changed', userId: USER });
    await settle();
    expect(a!.hasPeers()).toBe(false);
    expect(sent).toEqual([]);
  });

  it('forgets an instance that says bye, and one that goes quiet', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let now = 0;
      const database = {};
      let cSpeaks = true;
      const make = (id: string, quiet = false) => {
        const transport = createLocalTransport(database);
        const bus = createClusterBus({
          transport: quiet
            ? { ...transport, send: (p) => (cSpeaks ? transport.send(p) : Promise.resolve()) }
            : transport,
          logger,
          instanceId: id,
          now: () => now,
        });
        open.push(bus);
        return bus;
      };
      const a = make('a');
      const b = make('b');
      make('c', true);
      await settle();
      const gone: string[] = [];
      a.onPeerGone((peer) => gone.push(peer));
      await b.close();
      await settle();
      expect(gone).toEqual(['b']);
      // c stops talking, as a killed process does: once the timeout has passed, it is gone.
      cSpeaks = false;
      now += PEER_TIMEOUT_MS - 1;
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(gone).toEqual(['b']);
      now += 2;
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(gone).toEqual(['b', 'c']);
      expect(a.hasPeers()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('packs messages into payloads NOTIFY accepts, in order, and drops one too large alone', () => {
    const messages: ClusterMessage[] = Array.from({ length: 400 }, (_, i) => ({
      type: 'conversation_ended',
      conversationId: `conversation-${i}`,
    }));
    const huge: ClusterMessage = { type: 'scenarios_changed', userId: 'x'.repeat(64) };
    const payloads = pack('me', [...messages.slice(0, 200), huge, ...messages.slice(200)]);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) {
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    }
    const out = payloads.flatMap((p) => (JSON.parse(p) as { messages: ClusterMessage[] }).messages);
    expect(out.filter((m) => m.type === 'conversation_ended')).toEqual(messages);
    const tooLarge = pack('me', [
      { type: 'realtime_watch', conversationId: 'c'.repeat(64), sockets: 1 },
      {
        type: 'realtime_frame',
        conversationId: 'c',
        message: {
          type: 'realtime_transcript',
          role: 'user',
          itemId: 'i',
          text: 'é'.repeat(5_000),
          final: false,
        },
      },
    ]);
    expect(tooLarge).toHaveLength(1);
    expect(JSON.parse(tooLarge[0]!).messages.map((m: ClusterMessage) => m.type)).toEqual([
      'realtime_watch',
    ]);
  });

  it('drops a malformed message and keeps the rest of its envelope', async () => {
    const database = {};
    const transport = createLocalTransport(database);
    const bus = createClusterBus({
      transport: createLocalTransport(database),
      logger,
      instanceId: 'b',
    });
    open.push(bus);
    const heard: string[] = [];
    bus.on('conversation_ended', (m) => heard.push(m.conversationId));
    await settle();
    await transport.send(
      JSON.stringify({
        from: 'a',
        messages: [
          { type: 'conversation_ended' },
          { type: 'conversation_ended', conversationId: 'ok' },
        ],
      }),
    );
    await transport.send('not json');
    await settle();
    expect(heard).toEqual(['ok']);
  });

  it('waits longer after each failed reconnect, never beyond the cap', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 10, 50].map(reconnectDelay);
    expect(delays.slice(0, 4)).toEqual([250, 500, 1_000, 2_000]);
    for (let i = 1; i < delays.length; i++)
      expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.max(...delays)).toBe(RECONNECT_CAP_MS);
  });
});

describe('a per-user count over every instance', () => {
  it('adds what each instance holds, and forgets a gone instance', async () => {
    const [a, b] = instances(2);
    await settle();
    const onA = createClusterCount(a!, 'turns');
    const onB = createClusterCount(b!, 'turns');
    onA.start(USER);
    onA.start(USER);
    onB.start(USER);
    await settle();
    expect(onA.running(USER)).toBe(3);
    expect(onB.running(USER)).toBe(3);
    expect(onA.local(USER)).toBe(2);
    onA.finish(USER);
    await settle();
    expect(onB.running(USER)).toBe(2);
    // Another kind is counted apart.
    expect(createClusterCount(b!, 'sockets').running(USER)).toBe(0);
    await a!.close();
    await settle();
    expect(onB.running(USER)).toBe(1);
  });

  it('a starting instance learns what the others already hold', async () => {
    const database = {};
    const a = createClusterBus({
      transport: createLocalTransport(database),
      logger,
      instanceId: 'a',
    });
    open.push(a);
    const onA = createClusterCount(a, 'sockets');
    onA.start(USER);
    await settle();
    expect(a.hasPeers()).toBe(false);
    const b = createClusterBus({
      transport: createLocalTransport(database),
      logger,
      instanceId: 'b',
    });
    open.push(b);
    const onB = createClusterCount(b, 'sockets');
    await settle();
    expect(onB.running(USER)).toBe(1);
  });
});
