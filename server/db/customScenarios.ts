import type { AuthoredScenarioSummary, ScenarioSharing } from '#shared/api/authoring';
import {
  exceededBudget,
  scenarioBytes,
  type BudgetExceeded,
  type ScenarioBudget,
  type ScenarioUsage,
} from '#shared/scenarioBudget';
import type { ScenarioSeed } from '#shared/scenarioSeed';
import type { Db, Queryable } from './db';

/** Authors' own scenarios (decisions 021 and 025). Every query is scoped by owner: another's id is not found. */

const SUMMARY_COLUMNS = `s.id, s.title, s.description, s.category, s.difficulty, s.visibility,
  s.organisation_id AS "organisationId", s.version, s.updated_at AS "updatedAt",
  (SELECT count(*)::int FROM conversation_sessions c WHERE c.scenario_id = s.id) AS conversations`;

interface SummaryRow extends Omit<AuthoredScenarioSummary, 'updatedAt'> {
  updatedAt: Date | string;
}

function toSummary(row: SummaryRow): AuthoredScenarioSummary {
  return { ...row, updatedAt: new Date(row.updatedAt).toISOString() };
}

const SEED_COLUMNS = `slug, title, description, category, difficulty,
  patient_concerns AS "patientConcerns", patient_profile AS "patientProfile",
  initial_message AS "initialMessage", resource_caption AS "resourceCaption", extras, language`;

/** A seed as read back: a scenario without a caption has none, rather than a null one. */
function toSeed(
  row: ScenarioSeed | (Omit<ScenarioSeed, 'resourceCaption'> & { resourceCaption: string | null }),
): ScenarioSeed {
  const { resourceCaption, ...seed } = row;
  return resourceCaption == null ? seed : { ...seed, resourceCaption };
}

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
  return { summary: toSummary(summary), scenario: toSeed(seed) };
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
  return { seed: toSeed(seed), shipped };
}

/** The seed's columns, its size last (decision 028 counts it as its author's). */
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
    seed.resourceCaption ?? null,
    seed.language,
    scenarioBytes(seed),
  ];
}

/** The organisation a sharing names; null for a private scenario. */
const organisationOf = (sharing: ScenarioSharing): string | null =>
  sharing.visibility === 'organisation' ? sharing.organisationId : null;

/** A write the author's storage budget has no room for: which part, and the figures. */
export interface BudgetRefusal {
  refused: 'budget';
  exceeded: BudgetExceeded;
  usage: ScenarioUsage;
  change: ScenarioUsage;
}

/**
 * Takes the author's budget for the rest of the transaction and reads what they hold: their
 * scenarios not deleted. Under a transaction-scoped advisory lock per author (as kept audio
 * does), two writes of one author, on any instance, take turns: neither can pass on a count
 * the other is about to change, which READ COMMITTED alone would allow.
 */
async function holdBudget(tx: Queryable, userId: string): Promise<ScenarioUsage> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('scenario_budget:' || $1))`, [userId]);
  const [usage] = await tx.query<ScenarioUsage>(
    `SELECT count(*)::int AS scenarios, coalesce(sum(size_bytes), 0)::float8 AS bytes
       FROM scenarios WHERE owner_id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  return usage ?? { scenarios: 0, bytes: 0 };
}

/** Null when the change fits the budget; otherwise the refusal to answer with. */
function refusal(
  usage: ScenarioUsage,
  change: ScenarioUsage,
  budget: ScenarioBudget,
): BudgetRefusal | null {
  const exceeded = exceededBudget(usage, change, budget);
  return exceeded ? { refused: 'budget', exceeded, usage, change } : null;
}

/** Inserts one scenario row; null when the organisation is not one the author trains. */
async function insertScenario(
  db: Queryable,
  input: { userId: string; seed: ScenarioSeed; sharing?: ScenarioSharing },
): Promise<string | null> {
  const organisationId = input.sharing ? organisationOf(input.sharing) : null;
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO scenarios (owner_id, visibility, organisation_id, slug, title, description,
                            category, difficulty, patient_concerns, patient_profile,
                            initial_message, extras, resource_caption, language, size_bytes)
     SELECT $1, CASE WHEN $2::uuid IS NULL THEN 'private' ELSE 'organisation' END, $2::uuid,
            $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14
      WHERE $2::uuid IS NULL
         OR EXISTS (SELECT 1 FROM organisations WHERE id = $2::uuid AND trainer_id = $1)
     RETURNING id`,
    [input.userId, organisationId, ...seedParams(input.seed)],
  );
  return row?.id ?? null;
}

/**
 * Saves a new scenario (a create or a copy), private unless shared with an organisation its
 * author trains, if the author's budget has room for it. An organisation they do not train is
 * answered as not found, like any other's id.
 */
export async function createOwnScenario(
  db: Db,
  input: {
    userId: string;
    seed: ScenarioSeed;
    sharing?: ScenarioSharing;
    budget: ScenarioBudget;
  },
): Promise<{ id: string } | { refused: 'organisation' } | BudgetRefusal> {
  return db.transaction(async (tx) => {
    const usage = await holdBudget(tx, input.userId);
    const over = refusal(usage, { scenarios: 1, bytes: scenarioBytes(input.seed) }, input.budget);
    if (over) return over;
    const id = await insertScenario(tx, input);
    return id === null ? { refused: 'organisation' as const } : { id };
  });
}

/** Saves a new private scenario, whatever the budget (fixtures and the import below). */
export async function insertOwnScenario(
  db: Queryable,
  input: { userId: string; seed: ScenarioSeed },
): Promise<string> {
  const id = await insertScenario(db, input);
  if (id === null) throw new Error('scenario insert returned nothing');
  return id;
}

/**
 * Every scenario of the file, or none: one transaction, and none when the whole file does not
 * fit the author's budget. Ids in file order.
 */
export async function importOwnScenarios(
  db: Db,
  input: { userId: string; seeds: readonly ScenarioSeed[]; budget: ScenarioBudget },
): Promise<{ ids: string[] } | BudgetRefusal> {
  return db.transaction(async (tx) => {
    const usage = await holdBudget(tx, input.userId);
    const change = {
      scenarios: input.seeds.length,
      bytes: input.seeds.reduce((sum, seed) => sum + scenarioBytes(seed), 0),
    };
    const over = refusal(usage, change, input.budget);
    if (over) return over;
    const ids: string[] = [];
    for (const seed of input.seeds)
      ids.push(await insertOwnScenario(tx, { userId: input.userId, seed }));
    return { ids };
  });
}

export type UpdateResult =
  | { saved: true; versioned: boolean }
  | { saved: false; reason: 'not_found' | 'organisation' | 'assigned' }
  | ({ saved: false; reason: 'budget' } & BudgetRefusal);

/**
 * Saves an edit. A version some conversation used is kept (scenario_versions) and the edit
 * becomes the next version, so those conversations still show what the trainee practised;
 * a version nobody has practised yet is simply changed. A sharing, when given, moves the
 * scenario to an organisation the author trains or back to private; it never moves one away
 * from an organisation where a cohort has it assigned (decision 025). An edit that makes the
 * scenario larger must fit the author's budget; one that does not grow it always saves.
 */
export async function updateOwnScenario(
  db: Db,
  input: {
    userId: string;
    id: string;
    seed: ScenarioSeed;
    sharing?: ScenarioSharing;
    budget: ScenarioBudget;
  },
): Promise<UpdateResult> {
  return db.transaction(async (tx): Promise<UpdateResult> => {
    // The budget before the scenario's row: every write of an author locks in this order.
    const usage = await holdBudget(tx, input.userId);
    const [current] = await tx.query<{
      version: number;
      used: boolean;
      organisationId: string | null;
      bytes: number;
    }>(
      `SELECT s.version, s.organisation_id AS "organisationId", s.size_bytes AS bytes,
              EXISTS (SELECT 1 FROM conversation_sessions c
                       WHERE c.scenario_id = s.id AND c.scenario_version = s.version) AS used
         FROM scenarios s WHERE ${OWNED} AND s.id = $2 FOR UPDATE`,
      [input.userId, input.id],
    );
    if (!current) return { saved: false, reason: 'not_found' };
    const change = { scenarios: 0, bytes: scenarioBytes(input.seed) - current.bytes };
    const over = refusal(usage, change, input.budget);
    if (over) return { saved: false, reason: 'budget', ...over };
    if (input.sharing) {
      const target = organisationOf(input.sharing);
      if (target !== null) {
        const trained = await tx.query(
          `SELECT 1 FROM organisations WHERE id = $1 AND trainer_id = $2`,
          [target, input.userId],
        );
        if (trained.length === 0) return { saved: false, reason: 'organisation' };
      }
      if (target !== current.organisationId) {
        const assigned = await tx.query(
          `SELECT 1 FROM cohort_assignments WHERE scenario_id = $1 LIMIT 1`,
          [input.id],
        );
        if (assigned.length > 0) return { saved: false, reason: 'assigned' };
      }
      await tx.query(
        `UPDATE scenarios
            SET visibility = CASE WHEN $2::uuid IS NULL THEN 'private' ELSE 'organisation' END,
                organisation_id = $2::uuid
          WHERE id = $1`,
        [input.id, target],
      );
    }
    if (current.used) {
      await tx.query(
        `INSERT INTO scenario_versions (scenario_id, version, slug, title, description, category,
                                        difficulty, patient_concerns, patient_profile,
                                        initial_message, extras, resource_caption, language)
         SELECT id, version, slug, title, description, category, difficulty, patient_concerns,
                patient_profile, initial_message, extras, resource_caption, language
           FROM scenarios WHERE id = $1`,
        [input.id],
      );
    }
    await tx.query(
      `UPDATE scenarios SET slug = $3, title = $4, description = $5, category = $6,
              difficulty = $7, patient_concerns = $8, patient_profile = $9,
              initial_message = $10, extras = $11, resource_caption = $12, language = $13,
              size_bytes = $14,
              version = version + $2, updated_at = clock_timestamp()
        WHERE id = $1`,
      [input.id, current.used ? 1 : 0, ...seedParams(input.seed)],
    );
    return { saved: true, versioned: current.used };
  });
}

/**
 * Removes a scenario from its author's list and the library. One that has conversations is
 * only marked deleted, so their detail pages still show it (and the cohort table its column);
 * one that has none is gone, with any assignment of it. `shared` says whether it was shared with
 * an organisation (whose members' lists change too).
 */
export async function deleteOwnScenario(
  db: Db,
  input: { userId: string; id: string },
): Promise<{ deleted: 'soft' | 'hard'; shared: boolean } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ used: boolean; shared: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM conversation_sessions c WHERE c.scenario_id = s.id) AS used,
              s.visibility = 'organisation' AS shared
         FROM scenarios s WHERE ${OWNED} AND s.id = $2 FOR UPDATE`,
      [input.userId, input.id],
    );
    if (!row) return null;
    const { shared } = row;
    if (row.used) {
      await tx.query(
        `UPDATE scenarios SET deleted_at = clock_timestamp(), updated_at = clock_timestamp()
          WHERE id = $1`,
        [input.id],
      );
      return { deleted: 'soft', shared };
    }
    // Never practised, so nobody's work points at it: its assignments go with it (they are
    // the author's own, since only a trainer of the organisation could assign it).
    await tx.query(`DELETE FROM cohort_assignments WHERE scenario_id = $1`, [input.id]);
    await tx.query(`DELETE FROM scenarios WHERE id = $1`, [input.id]);
    return { deleted: 'hard', shared };
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
  const byId = new Map(rows.map(({ id, ...seed }) => [id, toSeed(seed)]));
  const seeds: ScenarioSeed[] = [];
  for (const id of input.ids) {
    const seed = byId.get(id);
    if (!seed) return null;
    seeds.push(seed);
  }
  return seeds;
}
