import { describe, expect, it } from 'vitest';
import {
  createSpeechDetector,
  pcmRms,
  type SpeechEdge,
} from '../../fixtures/realtimePeer/speechDetector';

/** The test peer's stand-in for server VAD: ~100 ms of loud audio starts speech, ~500 ms of quiet ends it. */
const OPTIONS = { threshold: 0.02, startMs: 100, stopMs: 500 };
const LOUD = 0.2;
const QUIET = 0.001;

/** Runs 20 ms frames given as runs of [rms, ms] and returns the edges with their frame times. */
function edgesOf(runs: [number, number][]): SpeechEdge[] {
  const detector = createSpeechDetector(OPTIONS);
  const edges: SpeechEdge[] = [];
  let at = 0;
  for (const [rms, ms] of runs) {
    for (let end = at + ms; at < end; at += 20) {
      const edge = detector.push(rms, at, 20);
      if (edge) edges.push(edge);
    }
  }
  return edges;
}

describe('the test peer speech detector', () => {
  it.each<[string, [number, number][], SpeechEdge[]]>([
    ['silence is no speech', [[QUIET, 2000]], []],
    [
      'a click shorter than startMs is no speech',
      [
        [QUIET, 200],
        [LOUD, 80],
        [QUIET, 1000],
      ],
      [],
    ],
    [
      'speech starts where the loud run began, after startMs of it',
      [
        [QUIET, 200],
        [LOUD, 300],
      ],
      [{ type: 'start', atMs: 200 }],
    ],
    [
      'speech stops where the quiet run began, after stopMs of it',
      [
        [QUIET, 200],
        [LOUD, 300],
        [QUIET, 600],
      ],
      [
        { type: 'start', atMs: 200 },
        { type: 'stop', atMs: 500 },
      ],
    ],
    [
      'a pause shorter than stopMs does not split an utterance',
      [
        [LOUD, 200],
        [QUIET, 400],
        [LOUD, 200],
        [QUIET, 500],
      ],
      [
        { type: 'start', atMs: 0 },
        { type: 'stop', atMs: 800 },
      ],
    ],
    [
      'two utterances apart by more than stopMs are two',
      [
        [LOUD, 200],
        [QUIET, 600],
        [LOUD, 200],
        [QUIET, 500],
      ],
      [
        { type: 'start', atMs: 0 },
        { type: 'stop', atMs: 200 },
        { type: 'start', atMs: 800 },
        { type: 'stop', atMs: 1000 },
      ],
    ],
    [
      'the threshold itself counts as loud',
      [[OPTIONS.threshold, 100]],
      [{ type: 'start', atMs: 0 }],
    ],
  ])('%s', (_name, runs, expected) => {
    expect(edgesOf(runs)).toEqual(expected);
  });

  it('measures RMS as a fraction of full scale', () => {
    const square = Buffer.alloc(960 * 2);
    for (let i = 0; i < 960; i++) square.writeInt16LE(i % 2 === 0 ? 16384 : -16384, i * 2);
    expect(pcmRms(square)).toBeCloseTo(0.5, 5);
    expect(pcmRms(Buffer.alloc(960 * 2))).toBe(0);
    expect(pcmRms(Buffer.alloc(0))).toBe(0);
  });
});
