import { createHash } from 'node:crypto';
import type { Scenario } from '#shared/scenario';
import type { ScenarioRecord } from '../scenarios/schema';
import type { ScenarioSeed } from '../scenarios/schema';
import type { Db, Queryable } from './db';

const PUBLIC_COLUMNS = `id, title, description, category, difficulty,
  patient_concerns AS "patientConcerns", patient_profile AS "patientProfile",
  initial_message AS "initialMessage", resource_caption AS "resourceCaption", language`;

/** Listed beginner, intermediate, advanced, then by title (spec §7: by difficulty). */
const ORDER = `CASE difficulty WHEN 'beginner' THEN 0 WHEN 'intermediate' THEN 1 ELSE 2 END, title`;

/**
 * The organisations a user ($1) belongs to now: as their trainer, in a current cohort, or as a
 * co-instructor of one of its cohorts (decision 052: they assign its shared scenarios).
 */
export const ORGANISATIONS_OF_USER = `SELECT o.id FROM organisations o WHERE o.trainer_id = $1
  UNION SELECT c.organisation_id FROM cohort_memberships m JOIN cohorts c ON c.id = m.cohort_id
         WHERE m.user_id = $1 AND m.left_at IS NULL
  UNION SELECT c.organisation_id FROM cohort_instructors i JOIN cohorts c ON c.id = i.cohort_id
         WHERE i.user_id = $1`;

/**
 * Who may practise a scenario: everyone for a shipped one, its author for a private one, the
 * trainer and current members of the organisation it is shared with, and nobody once it is
 * deleted. `$1` is the user's id. The one place this rule is written.
 */
export const VISIBLE_TO_USER = `deleted_at IS NULL AND (visibility = 'shipped' OR owner_id = $1
  OR (visibility = 'organisation' AND organisation_id IN (${ORGANISATIONS_OF_USER})))`;

/** The shipped library, plus the user's own scenarios when a user is given. */
export async function listScenarios(
  db: Queryable,
  input: { userId?: string } = {},
): Promise<Scenario[]> {
  if (input.userId === undefined) {
    return db.query<Scenario>(
      `SELECT ${PUBLIC_COLUMNS} FROM scenarios WHERE visibility = 'shipped' ORDER BY ${ORDER}`,
    );
  }
  return db.query<Scenario>(
    `SELECT ${PUBLIC_COLUMNS} FROM scenarios WHERE ${VISIBLE_TO_USER} ORDER BY ${ORDER}`,
    [input.userId],
  );
}

/**
 * Changes whenever the user's own scenarios or those shared with their organisations do
 * (created, edited, shared, deleted), and when they join or leave one, so the list's cache can
 * be keyed by it without reading the list. '0:' for a user with neither. A digest of every
 * row's id and time, not the newest time: a write committed after a later one carries an older
 * time, and with a scenario leaving the set meanwhile the count and the newest time could come
 * back as they were.
 */
export async function ownScenariosStamp(db: Queryable, { userId }: { userId: string }) {
  const [row] = await db.query<{ count: number; latest: string | null; orgs: string | null }>(
    `SELECT count(*)::int AS count,
            md5(string_agg(id::text || '@' || updated_at::text, ',' ORDER BY id)) AS latest,
            (SELECT string_agg(id::text, ',' ORDER BY id) FROM (${ORGANISATIONS_OF_USER}) o)
              AS orgs
       FROM scenarios
      WHERE owner_id = $1
         OR (visibility = 'organisation' AND organisation_id IN (${ORGANISATIONS_OF_USER}))`,
    [userId],
  );
  const orgs = row?.orgs ? `:${row.orgs}` : '';
  return `${row?.count ?? 0}:${row?.latest ?? ''}${orgs}`;
}

/** A scenario this user may see and practise; null for anyone else's (answered as a 404). */
export async function getVisibleScenario(
  db: Queryable,
  input: { id: string; userId: string },
): Promise<Scenario | null> {
  const [row] = await db.query<Scenario>(
    `SELECT ${PUBLIC_COLUMNS} FROM scenarios WHERE ${VISIBLE_TO_USER} AND id = $2`,
    [input.userId, input.id],
  );
  return row ?? null;
}

/** Any scenario by id, whoever owns it: callers have checked access through something else. */
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

const VERSION_COLUMNS = `s.id, v.title, v.description, v.category, v.difficulty,
  v.patient_concerns AS "patientConcerns", v.patient_profile AS "patientProfile",
  v.initial_message AS "initialMessage", v.resource_caption AS "resourceCaption", v.language,
  v.slug, v.extras`;

/**
 * The scenario as it was when this conversation started: the current row while its version is
 * still current, a kept version once the author has edited it since.
 */
export async function getScenarioRecordForConversation(
  db: Queryable,
  { conversationId }: { conversationId: string },
): Promise<ScenarioRecord | null> {
  const [row] = await db.query<ScenarioRecord>(
    `SELECT ${PUBLIC_COLUMNS}, slug, extras FROM scenarios
      WHERE id = (SELECT scenario_id FROM conversation_sessions WHERE id = $1)
        AND version = (SELECT scenario_version FROM conversation_sessions WHERE id = $1)
     UNION ALL
     SELECT ${VERSION_COLUMNS}
       FROM conversation_sessions c
       JOIN scenario_versions v ON v.scenario_id = c.scenario_id AND v.version = c.scenario_version
       JOIN scenarios s ON s.id = c.scenario_id
      WHERE c.id = $1`,
    [conversationId],
  );
  return row ?? null;
}

/** The public part of the scenario a conversation used, as it was then. */
export async function getScenarioForConversation(
  db: Queryable,
  input: { conversationId: string },
): Promise<Scenario | null> {
  const record = await getScenarioRecordForConversation(db, input);
  if (!record) return null;
  const { slug: _slug, extras: _extras, ...scenario } = record;
  return scenario;
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
                                patient_profile, initial_message, extras, resource_caption,
                                language)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (slug) WHERE visibility = 'shipped' DO UPDATE SET
           title = EXCLUDED.title, description = EXCLUDED.description,
           category = EXCLUDED.category, difficulty = EXCLUDED.difficulty,
           patient_concerns = EXCLUDED.patient_concerns,
           patient_profile = EXCLUDED.patient_profile,
           initial_message = EXCLUDED.initial_message, extras = EXCLUDED.extras,
           resource_caption = EXCLUDED.resource_caption, language = EXCLUDED.language`,
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
          s.resourceCaption ?? null,
          s.language,
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
