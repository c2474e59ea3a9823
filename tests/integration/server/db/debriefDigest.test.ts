import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { migrate } from '#server/db/migrate';
import { createUser } from '#server/db/users';
import { CONSENT_ITEMS } from '#shared/debrief';
import { databaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestDb } from '../../../helpers/useTestServer';

/**
 * The debrief digest (migration 0027): the class summary reads `feedback.debrief_digest`, a
 * STORED generated column, instead of every debrief's jsonb. It must say exactly what the
 * summary's statement computed from the debrief before, for every debrief: written on insert,
 * and backfilled for rows stored before the migration.
 */

printSkipNotice();

/** The summary's debrief facts as its statement computed them before migration 0027. */
const FACTS_BEFORE_0027 = `
  SELECT f.debrief IS NOT NULL AS "hasDebrief",
         (SELECT json_agg(json_build_array(c->>'item', c->>'status',
                            coalesce(jsonb_typeof(c->'evidence'), 'null') <> 'null'))
            FROM jsonb_array_elements(f.debrief->'consent'->'checks') c)::text AS consent,
         (SELECT json_agg(json_build_array(h->>'id', h->>'concern',
                            coalesce(jsonb_typeof(h->'uncoveredAt'), 'null') <> 'null'))
            FROM jsonb_array_elements(f.debrief->'hiddenConcerns') h)::text AS concerns,
         f.debrief_digest::text AS digest
    FROM feedback f WHERE f.session_id = ANY($1::uuid[])`;

/** Migration 0027 undone, so a test can store rows as they were before it and run it again. */
const UNDO_0027 = [
  'ALTER TABLE feedback DROP COLUMN debrief_digest',
  'DROP FUNCTION debrief_digest(jsonb)',
  'DROP FUNCTION debrief_list(jsonb)',
  'ALTER TYPE cohort_table_cell ADD ATTRIBUTE "assignmentId" uuid',
  `DELETE FROM schema_migrations WHERE name = '0027_class_summary_digest.sql'`,
];

const text = fc.string({ maxLength: 12 });
/** A reference to something said, as the debrief writes one; or none, or a stray value. */
const said = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.record({ turn: fc.nat(40), messageId: text, quote: text }),
  fc.constant({}),
  fc.constant('x'),
);
const consentCheck = fc.record(
  {
    item: fc.oneof(fc.constantFrom(...CONSENT_ITEMS), text),
    status: fc.constantFrom('met', 'partly_met', 'not_met'),
    evidence: said,
  },
  { requiredKeys: ['item', 'status'] },
);
const hiddenConcern = fc.record(
  { id: text, concern: text, uncoveredAt: said, openedBy: text },
  { requiredKeys: ['id', 'concern'] },
);
/**
 * Debriefs as shared/debrief.ts writes them (with notes and states the digest ignores), with
 * lists missing or empty, and null for a conversation graded before debriefs existed.
 */
const debrief = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 8,
    arbitrary: fc.record(
      {
        source: fc.constantFrom('offline', 'model'),
        notes: fc.array(fc.record({ turn: fc.nat(40), label: text, quote: text }), {
          maxLength: 3,
        }),
        hiddenConcerns: fc.array(hiddenConcern, { maxLength: 4 }),
        consent: fc.record(
          { checks: fc.array(consentCheck, { maxLength: 6 }), flags: fc.constant([]) },
          { requiredKeys: ['flags'] },
        ),
      },
      { requiredKeys: ['source', 'notes'] },
    ),
  },
);

describe.each(databaseKinds())('the debrief digest on %s', (kind) => {
  const t = useTestDb(kind);

  /** A graded conversation of a new trainee, stored with this debrief; its id. */
  const store = async (userId: string, value: unknown): Promise<string> => {
    const [session] = await t.db.query<{ id: string }>(
      `INSERT INTO conversation_sessions (user_id, scenario_id, ended_at)
       SELECT $1, id, now() FROM scenarios WHERE visibility = 'shipped' ORDER BY slug LIMIT 1
       RETURNING id`,
      [userId],
    );
    await t.db.query(
      `INSERT INTO feedback (session_id, overall_score, empathy_score, clarity_score,
                             persuasion_score, objection_handling_score, strengths,
                             areas_for_improvement, suggested_responses, debrief)
       VALUES ($1, 5, 5, 5, 5, 5, '[]', '[]', '[]', $2::jsonb)`,
      // JSON text as it is: undefined fields drop out, as they do when a debrief is stored.
      [session!.id, value === null ? null : JSON.stringify(value)],
    );
    return session!.id;
  };

  const trainee = async () => {
    const email = `d${randomUUID().slice(0, 12)}@example.com`;
    const user = await createUser(t.db, { email, fullName: 'Dee', passwordHash: 'x' });
    return user!.id;
  };

  /** Each stored row's digest beside what the summary computed before (by conversation). */
  const compare = async (ids: string[]) => {
    const rows = await t.db.query<{
      hasDebrief: boolean;
      consent: string | null;
      concerns: string | null;
      digest: string | null;
    }>(FACTS_BEFORE_0027, [ids]);
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) {
      const digest = row.digest === null ? null : (JSON.parse(row.digest) as unknown);
      const before = row.hasDebrief
        ? [
            row.consent === null ? null : (JSON.parse(row.consent) as unknown),
            row.concerns === null ? null : (JSON.parse(row.concerns) as unknown),
          ]
        : null;
      expect(digest).toEqual(before);
    }
    return rows;
  };

  it('equals what the summary read out of the debrief, for any debrief stored', async () => {
    const userId = await trainee();
    await fc.assert(
      fc.asyncProperty(fc.array(debrief, { minLength: 1, maxLength: 8 }), async (debriefs) => {
        const ids: string[] = [];
        for (const value of debriefs) ids.push(await store(userId, value));
        await compare(ids);
      }),
      { numRuns: 25 },
    );
  });

  it('a table of cases: evidence and outcomes present, null, missing; lists missing', async () => {
    const userId = await trainee();
    const cases: Array<[unknown, unknown]> = [
      [null, null],
      [{}, [null, null]],
      [{ consent: { checks: [], flags: [] }, hiddenConcerns: [] }, [null, null]],
      [
        {
          consent: {
            checks: [
              { item: 'cost', status: 'met', evidence: { turn: 2, messageId: 'm', quote: 'q' } },
              { item: 'options', status: 'partly_met', evidence: null },
              { item: 'risks_benefits', status: 'not_met' },
            ],
            flags: [],
          },
          hiddenConcerns: [
            { id: 'childcare', concern: 'Has no childcare', uncoveredAt: { turn: 4 } },
            { id: 'needles', concern: 'Afraid of needles', uncoveredAt: null },
            { id: 'money', concern: 'Cannot pay' },
          ],
        },
        [
          [
            ['cost', 'met', true],
            ['options', 'partly_met', false],
            ['risks_benefits', 'not_met', false],
          ],
          [
            ['childcare', 'Has no childcare', true],
            ['needles', 'Afraid of needles', false],
            ['money', 'Cannot pay', false],
          ],
        ],
      ],
    ];
    const ids: string[] = [];
    for (const [value] of cases) ids.push(await store(userId, value));
    const rows = await t.db.query<{ digest: string | null }>(
      `SELECT debrief_digest::text AS digest FROM feedback WHERE session_id = ANY($1::uuid[])
        ORDER BY array_position($1::uuid[], session_id)`,
      [ids],
    );
    expect(rows.map((r) => (r.digest === null ? null : JSON.parse(r.digest)))).toEqual(
      cases.map(([, digest]) => digest),
    );
    await compare(ids);
  });

  it('a debrief whose lists are not lists is stored, with no facts from them', async () => {
    // The summary's old statement failed on such a row; the row itself must never fail.
    const userId = await trainee();
    const id = await store(userId, {
      consent: { checks: { item: 'cost' } },
      hiddenConcerns: 'none',
    });
    const [row] = await t.db.query<{ digest: string }>(
      'SELECT debrief_digest::text AS digest FROM feedback WHERE session_id = $1',
      [id],
    );
    expect(JSON.parse(row!.digest)).toEqual([null, null]);
  });

  it('migration 0027 writes the digest of every debrief stored before it', async () => {
    const userId = await trainee();
    const samples = fc.sample(debrief, { numRuns: 40, seed: 27 });
    for (const statement of UNDO_0027) await t.db.query(statement);
    const ids: string[] = [];
    for (const value of samples) ids.push(await store(userId, value));

    expect(await migrate(t.db)).toEqual(['0027_class_summary_digest.sql']);
    const rows = await compare(ids);
    // Some of the sample had consent checks, so the comparison was not all nulls.
    const listed = rows.filter((r) => r.digest !== null && JSON.parse(r.digest)[0] !== null);
    expect(listed.length).toBeGreaterThan(0);
  });
});
