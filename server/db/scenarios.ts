import { createHash } from 'node:crypto';
import type { Scenario } from '../../shared/scenario';
import type { ScenarioRecord } from '../scenarios/schema';
import type { ScenarioSeed } from '../scenarios/schema';
import type { Db, Queryable } from './db';

const PUBLIC_COLUMNS = `id, title, description, category, difficulty,
  patient_concerns AS "patientConcerns", patient_profile AS "patientProfile",
  initial_message AS "initialMessage"`;

/** Listed beginner, intermediate, advanced, then by title (spec §7: by difficulty). */
const ORDER = `CASE difficulty WHEN 'beginner' THEN 0 WHEN 'intermediate' THEN 1 ELSE 2 END, title`;

export async function listScenarios(db: Queryable): Promise<Scenario[]> {
  return db.query<Scenario>(`SELECT ${PUBLIC_COLUMNS} FROM scenarios ORDER BY ${ORDER}`);
}

export async function getScenarioById(db: Queryable, { id }: { id: string }) {
  const [row] = await db.query<Scenario>(`SELECT ${PUBLIC_COLUMNS} FROM scenarios WHERE id = $1`, [
    id,
  ]);
  return row ?? null;
}

/** The scenario with its engine extras, for the AI roles only. */
export async function getScenarioRecordById(
  db: Queryable,
  { id }: { id: string },
): Promise<ScenarioRecord | null> {
  const [row] = await db.query<ScenarioRecord>(
    `SELECT ${PUBLIC_COLUMNS}, slug, extras FROM scenarios WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/**
 * Upserts the shipped library by slug. Skipped when the library is unchanged since the last
 * start, so a restart (or a second instance) costs one read.
 */
export async function seedScenarios(db: Db, library: readonly ScenarioSeed[]): Promise<boolean> {
  const hash = createHash('sha256').update(JSON.stringify(library)).digest('hex');
  const [current] = await db.query<{ value: string }>(
    `SELECT value FROM app_meta WHERE key = 'scenario_library'`,
  );
  if (current?.value === hash) return false;
  await db.transaction(async (tx) => {
    for (const s of library) {
      await tx.query(
        `INSERT INTO scenarios (slug, title, description, category, difficulty, patient_concerns,
                                patient_profile, initial_message, extras)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (slug) DO UPDATE SET
           title = EXCLUDED.title, description = EXCLUDED.description,
           category = EXCLUDED.category, difficulty = EXCLUDED.difficulty,
           patient_concerns = EXCLUDED.patient_concerns,
           patient_profile = EXCLUDED.patient_profile,
           initial_message = EXCLUDED.initial_message, extras = EXCLUDED.extras`,
        [
          s.slug,
          s.title,
          s.description,
          s.category,
          s.difficulty,
          s.patientConcerns,
          s.patientProfile,
          s.initialMessage,
          JSON.stringify(s.extras),
        ],
      );
    }
    await tx.query(
      `INSERT INTO app_meta (key, value) VALUES ('scenario_library', $1)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [hash],
    );
  });
  return true;
}
