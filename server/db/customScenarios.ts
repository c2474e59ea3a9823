import type { AuthoredScenarioSummary } from '../../shared/api/authoring';
import type { ScenarioSeed } from '../../shared/scenarioSeed';
import type { Db, Queryable } from './db';

/** Authors' own scenarios (issue 17). Every query is scoped by owner: another's id is not found. */

const SUMMARY_COLUMNS = `s.id, s.title, s.description, s.category, s.difficulty, s.visibility,
  s.version, s.updated_at AS "updatedAt",
  (SELECT count(*)::int FROM conversation_sessions c WHERE c.scenario_id = s.id) AS conversations`;

interface SummaryRow extends Omit<AuthoredScenarioSummary, 'updatedAt'> {
  updatedAt: Date | string;
}

function toSummary(row: SummaryRow): AuthoredScenarioSummary {
  return { ...row, updatedAt: new Date(row.updatedAt).toISOString() };
}

const SEED_COLUMNS = `slug, title, description, category, difficulty,
  patient_concerns AS "patientConcerns", patient_profile AS "patientProfile",
  initial_message AS "initialMessage", extras`;

const OWNED = `s.owner_id = $1 AND s.deleted_at IS NULL`;

export async function listOwnScenarios(
  db: Queryable,
  { userId }: { userId: string },
): Promise<AuthoredScenarioSummary[]> {
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM scenarios s WHERE ${OWNED} ORDER BY s.updated_at DESC, s.id`,
    [userId],
  );
  return rows.map(toSummary);
}

export async function getOwnScenario(
  db: Queryable,
  input: { userId: string; id: string },
): Promise<{ summary: AuthoredScenarioSummary; scenario: ScenarioSeed } | null> {
  const [row] = await db.query<SummaryRow & { seed: ScenarioSeed }>(
    `SELECT ${SUMMARY_COLUMNS},
            (SELECT to_jsonb(x) FROM (SELECT ${SEED_COLUMNS} FROM scenarios WHERE id = s.id) x)
              AS seed
       FROM scenarios s WHERE ${OWNED} AND s.id = $2`,
    [input.userId, input.id],
  );
  if (!row) return null;
  const { seed, ...summary } = row;
  return { summary: toSummary(summary), scenario: seed };
}

/** The seed of a scenario the user may copy: a shipped one, or one of their own. */
export async function getCopyableSeed(
  db: Queryable,
  input: { userId: string; id: string },
): Promise<{ seed: ScenarioSeed; shipped: boolean } | null> {
  const [row] = await db.query<ScenarioSeed & { shipped: boolean }>(
    `SELECT ${SEED_COLUMNS}, visibility = 'shipped' AS shipped FROM scenarios
      WHERE deleted_at IS NULL AND (visibility = 'shipped' OR owner_id = $1) AND id = $2`,
    [input.userId, input.id],
  );
  if (!row) return null;
  const { shipped, ...seed } = row;
  return { seed, shipped };
}

function seedParams(seed: ScenarioSeed): unknown[] {
  return [
    seed.slug,
    seed.title,
    seed.description,
    seed.category,
    seed.difficulty,
    seed.patientConcerns,
    seed.patientProfile,
    seed.initialMessage,
    JSON.stringify(seed.extras),
  ];
}

export async function insertOwnScenario(
  db: Queryable,
  input: { userId: string; seed: ScenarioSeed },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO scenarios (owner_id, visibility, slug, title, description, category, difficulty,
                            patient_concerns, patient_profile, initial_message, extras)
     VALUES ($1, 'private', $2, $3, $4, $5, $6, $7, $8, $9, $10)
     RETURNING id`,
    [input.userId, ...seedParams(input.seed)],
  );
  if (!row) throw new Error('scenario insert returned nothing');
  return row.id;
}

/** Every scenario of the file, or none: one transaction. Ids in file order. */
export async function importOwnScenarios(
  db: Db,
  input: { userId: string; seeds: readonly ScenarioSeed[] },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const seed of input.seeds)
      ids.push(await insertOwnScenario(tx, { userId: input.userId, seed }));
    return ids;
  });
}

/**
 * Saves an edit. A version some conversation used is kept (scenario_versions) and the edit
 * becomes the next version, so those conversations still show what the trainee practised;
 * a version nobody has practised yet is simply changed.
 */
export async function updateOwnScenario(
  db: Db,
  input: { userId: string; id: string; seed: ScenarioSeed },
): Promise<{ versioned: boolean } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.query<{ version: number; used: boolean }>(
      `SELECT s.version, EXISTS (SELECT 1 FROM conversation_sessions c
                                  WHERE c.scenario_id = s.id AND c.scenario_version = s.version)
                         AS used
         FROM scenarios s WHERE ${OWNED} AND s.id = $2 FOR UPDATE`,
      [input.userId, input.id],
    );
    if (!current) return null;
    if (current.used) {
      await tx.query(
        `INSERT INTO scenario_versions (scenario_id, version, slug, title, description, category,
                                        difficulty, patient_concerns, patient_profile,
                                        initial_message, extras)
         SELECT id, version, slug, title, description, category, difficulty, patient_concerns,
                patient_profile, initial_message, extras
           FROM scenarios WHERE id = $1`,
        [input.id],
      );
    }
    await tx.query(
      `UPDATE scenarios SET slug = $3, title = $4, description = $5, category = $6,
              difficulty = $7, patient_concerns = $8, patient_profile = $9,
              initial_message = $10, extras = $11,
              version = version + $2, updated_at = clock_timestamp()
        WHERE id = $1`,
      [input.id, current.used ? 1 : 0, ...seedParams(input.seed)],
    );
    return { versioned: current.used };
  });
}

/**
 * Removes a scenario from its author's list and the library. One that has conversations is
 * only marked deleted, so their detail pages still show it; one that has none is gone.
 */
export async function deleteOwnScenario(
  db: Db,
  input: { userId: string; id: string },
): Promise<'soft' | 'hard' | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ used: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM conversation_sessions c WHERE c.scenario_id = s.id) AS used
         FROM scenarios s WHERE ${OWNED} AND s.id = $2 FOR UPDATE`,
      [input.userId, input.id],
    );
    if (!row) return null;
    if (row.used) {
      await tx.query(
        `UPDATE scenarios SET deleted_at = clock_timestamp(), updated_at = clock_timestamp()
          WHERE id = $1`,
        [input.id],
      );
      return 'soft';
    }
    await tx.query(`DELETE FROM scenarios WHERE id = $1`, [input.id]);
    return 'hard';
  });
}

/** The seeds of the user's chosen scenarios, in the order asked; null if any is not theirs. */
export async function exportOwnScenarios(
  db: Queryable,
  input: { userId: string; ids: readonly string[] },
): Promise<ScenarioSeed[] | null> {
  const rows = await db.query<ScenarioSeed & { id: string }>(
    `SELECT s.id, ${SEED_COLUMNS} FROM scenarios s WHERE ${OWNED} AND s.id = ANY($2::uuid[])`,
    [input.userId, input.ids],
  );
  const byId = new Map(rows.map(({ id, ...seed }) => [id, seed]));
  const seeds: ScenarioSeed[] = [];
  for (const id of input.ids) {
    const seed = byId.get(id);
    if (!seed) return null;
    seeds.push(seed);
  }
  return seeds;
}
