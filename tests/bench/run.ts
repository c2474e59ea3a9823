import { benchBundles } from './bundles';
import { benchChatRelay } from './chatRelay';
import { benchClusterCounts } from './clusterCounts';
import { benchCoach } from './coach';
import { benchCohort } from './cohort';
import { benchFailover } from './failover';
import { benchFlood } from './flood';
import { benchProgressHistory } from './progressHistory';
import { benchRealtimeCall } from './realtimeCall';
import { benchScale } from './scale';
import { printTable, type BenchRow } from './report';
import { benchThroughput } from './throughput';
import { benchTurnTaking } from './turnTaking';
import { benchVoicePipeline } from './voicePipeline';
import { benchWorstScenario } from './worstScenario';

/**
 * `npm run bench`: every benchmark in turn, each table as it finishes, then one summary table
 * of every figure beside its target. Figures are measured, never asserted: the exit code is 0
 * whatever they are, and a missed target reads MISSED in the table.
 */
const suites: Array<[string, () => Promise<BenchRow[]>]> = [
  ['bundles: first-load JavaScript per route (gzipped)', benchBundles],
  ['progress and history (1,000 completed sessions)', benchProgressHistory],
  ['cohort table (200 trainees × 20 assignments)', benchCohort],
  ['coach model: load and read a turn, beside the phrase rules', benchCoach],
  ['chat relay: time to first token', benchChatRelay],
  ['voice pipeline: end of utterance to first speech byte', benchVoicePipeline],
  [
    "voice turn-taking: end of speech to the turn's end, on recorded speech with pauses",
    benchTurnTaking,
  ],
  ['voice realtime: call setup, sideband relay, end of speech to first audio', benchRealtimeCall],
  ['throughput: GET /api/scenarios against a node:http hello world', benchThroughput],
  ['scale: 25 to 1,000 conversations on one instance, today beside a baseline build', benchScale],
  [
    'failover: 200 conversations behind HAProxy on two instances, one killed with SIGKILL',
    benchFailover,
  ],
  ["flood: another user's turns while one socket floods", benchFlood],
  ['cluster: per-user caps over every instance, per turn', benchClusterCounts],
  [
    "worst scenario: another user's latency while the heaviest allowed scenario is played",
    benchWorstScenario,
  ],
];

const only = process.argv.slice(2);
const rows: BenchRow[] = [];
for (const [title, run] of suites) {
  if (only.length > 0 && !only.some((word) => title.includes(word))) continue;
  console.log(`\n== ${title}`);
  const result = await run();
  printTable(result);
  rows.push(...result);
}

console.log('\n== summary');
printTable(rows);
process.exit(0);
