import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { firstLoadFiles, type Manifest } from './manifestGraph';
import type { BenchRow } from './report';

/**
 * The checkout to build: this one, or another given by BENCH_BUNDLES_ROOT (a checkout of main
 * with its node_modules, to print the figures before a change beside those after it).
 */
const ROOT = process.env.BENCH_BUNDLES_ROOT ?? fileURLToPath(new URL('../..', import.meta.url));

const KB = 1024;

interface Route {
  name: string;
  /** The modules whose lazy chunks the route loads (manifest keys, relative to client/). */
  modules: string[];
  /** Gzipped kilobytes of JavaScript the first load of the route should stay within. */
  targetKb: number;
}

const page = (name: string) => `src/app/pages/${name}.tsx`;
const DASHBOARD = page('DashboardPage');

/**
 * Targets. The sign-in page is where every visitor starts, often on a phone: 120 KB is what it
 * loaded before the trainer's, authoring and debrief pages were added to the first bundle. The
 * signed-in screens made of lists and forms (the dashboard's tabs, authoring, organisations, the
 * detail pages) get 150 KB: the sign-in page plus their own components and contracts, well under
 * the 165 KB the whole app was before it was split by route. The practice screen carries the
 * conversation, the socket and the microphone capture, and may take up to that whole-app figure;
 * its voice detector (20 KB) and the charts (57 KB) stay out of every first load, fetched when
 * they are needed.
 */
const ROUTES: Route[] = [
  {
    name: 'login and sign-up (/login)',
    modules: ['src/features/auth/components/LoginPage.tsx'],
    targetKb: 120,
  },
  {
    name: 'sign-up by invite (/join/:code)',
    modules: ['src/features/auth/components/JoinPage.tsx'],
    targetKb: 120,
  },
  {
    name: 'dashboard, Practice Scenarios',
    modules: [DASHBOARD, 'src/features/scenarios/components/ScenarioBrowser.tsx'],
    targetKb: 150,
  },
  {
    name: 'dashboard, Your Progress',
    modules: [DASHBOARD, 'src/features/progress/components/ProgressPanel.tsx'],
    targetKb: 150,
  },
  {
    name: 'dashboard, Conversation History',
    modules: [DASHBOARD, 'src/features/history/components/HistoryPanel.tsx'],
    targetKb: 150,
  },
  { name: 'practice (/scenario/:id)', modules: [page('ScenarioPage')], targetKb: 165 },
  {
    name: 'conversation detail (/conversation/:id)',
    modules: [page('ConversationPage')],
    targetKb: 150,
  },
  { name: 'my scenarios (/authoring)', modules: [page('MyScenariosPage')], targetKb: 150 },
  {
    name: 'scenario editor (/authoring/:id)',
    modules: [page('ScenarioEditorPage')],
    targetKb: 150,
  },
  { name: 'organisations (/organisations)', modules: [page('OrganisationsPage')], targetKb: 150 },
  {
    name: "trainer's review (/organisations/conversations/:id)",
    modules: [page('TrainerConversationPage')],
    targetKb: 150,
  },
  {
    name: 'a cohort member (/organisations/cohorts/:cohortId/members/:userId)',
    modules: [page('CohortMemberPage')],
    targetKb: 150,
  },
  { name: 'page not found', modules: [page('NotFoundPage')], targetKb: 120 },
];

async function gzippedKb(dir: string, files: readonly string[]): Promise<number> {
  let bytes = 0;
  // Level 6, as the server compresses the built files (server/http/compression.ts).
  for (const file of files) bytes += gzipSync(await readFile(join(dir, file)), { level: 6 }).length;
  return bytes / KB;
}

/**
 * `npm run bench -- bundles`: a production build of the client into a temp folder, and for each
 * route the gzipped JavaScript its first load fetches, read from the build's manifest. The
 * baseline is what every route pays before its own code (the entry and its static imports: React,
 * the router, the sign-in state, zod and the shared texts).
 */
export async function benchBundles(): Promise<BenchRow[]> {
  const outDir = await mkdtemp(join(tmpdir(), 'chairtalk-bundles-'));
  try {
    await build({
      root: join(ROOT, 'client'),
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(
      await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    const rows: BenchRow[] = [
      {
        name: 'bundles: baseline, the entry every route loads first',
        value: await gzippedKb(outDir, firstLoadFiles(manifest, [])),
        unit: 'KB',
      },
    ];
    for (const route of ROUTES) {
      const value = await gzippedKb(outDir, firstLoadFiles(manifest, route.modules));
      rows.push({
        name: `bundles: ${route.name}`,
        value,
        unit: 'KB',
        target: `≤ ${route.targetKb} KB`,
        ok: value <= route.targetKb,
      });
    }
    return rows;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
