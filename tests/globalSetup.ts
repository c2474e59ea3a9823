import { mkdirSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from '#server/db/pgliteDb';
import { migrate } from '#server/db/migrate';
import { seedScenarios } from '#server/db/scenarios';
import { scenarioLibrary } from '#server/scenarios/library';
import { PGLITE_TEMPLATE, TMP_DIR } from './helpers/paths';

/** Migrates and seeds one PGlite database; every test file starts from a copy of it. */
export default async function setup(): Promise<void> {
  mkdirSync(TMP_DIR, { recursive: true });
  const pgl = new PGlite();
  const db = wrapPglite(pgl);
  await migrate(db);
  await seedScenarios(db, scenarioLibrary);
  const dump = await pgl.dumpDataDir('gzip');
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await pgl.close();
}
