import type {
  AudioBufferLike,
  AudioContextLike,
  PcmBufferLike,
  SourceNodeLike,
} from '#client/lib/audio/speechPlayer';

/** A scheduled buffer source: when it was told to start, and whether it was stopped. */
export class FakeSource implements SourceNodeLike {
  buffer: AudioBufferLike | null = null;
  onended: ((event: Event) => void) | null = null;
  startAt: number | null = null;
  stopped = false;
  ended = false;
  connected = false;
  connect(): unknown {
    this.connected = true;
    return undefined;
  }
  disconnect(): void {
    this.connected = false;
  }
  start(when = 0): void {
    this.startAt = when;
  }
  stop(): void {
    this.stopped = true;
  }
  get end(): number {
    return (this.startAt ?? 0) + (this.buffer?.duration ?? 0);
  }
}

/**
 * Web Audio's clock, moved by the test: `advance` plays time forward and ends the sources whose
 * end has passed, in order, as the browser would. `blocked` makes it behave like a page the
 * user has not clicked yet (resume does nothing).
 */
export class FakeAudioContext extends EventTarget implements AudioContextLike {
  currentTime = 0;
  state: 'running' | 'suspended' | 'closed' = 'running';
  outputLatency = 0;
  readonly destination = {} as AudioNode;
  readonly sources: FakeSource[] = [];
  blocked = false;
  /** How a clip decodes: its duration, or an error. Default: 1 s per 1000 bytes. */
  decode: (bytes: ArrayBuffer) => Promise<AudioBufferLike> = (bytes) =>
    Promise.resolve({ duration: bytes.byteLength / 1000 });
  decodes = 0;

  createBuffer(_channels: number, length: number, sampleRate: number): PcmBufferLike {
    return { duration: length / sampleRate, copyToChannel() {} };
  }
  createBufferSource(): FakeSource {
    const source = new FakeSource();
    this.sources.push(source);
    return source;
  }
  decodeAudioData(bytes: ArrayBuffer): Promise<AudioBufferLike> {
    this.decodes += 1;
    return this.decode(bytes);
  }
  resume(): Promise<void> {
    if (!this.blocked) this.setState('running');
    return Promise.resolve();
  }
  suspend(): Promise<void> {
    this.setState('suspended');
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.setState('closed');
    return Promise.resolve();
  }
  setState(state: FakeAudioContext['state']): void {
    if (this.state === state) return;
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
  /** Sources started and not stopped, in start order. */
  get live(): FakeSource[] {
    return this.sources.filter((s) => s.startAt !== null && !s.stopped && !s.ended);
  }
  /** Plays `seconds` of audio (nothing moves while suspended). */
  advance(seconds: number): void {
    if (this.state !== 'running') return;
    const target = this.currentTime + seconds;
    for (;;) {
      const next = this.live.filter((s) => s.end <= target + 1e-9).sort((a, b) => a.end - b.end)[0];
      if (!next) break;
      this.currentTime = Math.max(this.currentTime, next.end);
      next.ended = true;
      next.onended?.(new Event('ended'));
    }
    this.currentTime = target;
  }
}
