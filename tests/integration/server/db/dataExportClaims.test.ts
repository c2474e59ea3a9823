import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDataExport, releaseDataExport, renewDataExport } from '#server/db/dataExportClaims';
import { createUser } from '#server/db/users';
import { createTestDb, databaseKinds, printSkipNotice, type TestDb } from '../../../helpers/testDb';

/**
 * The one-archive-at-a-time claim (migration 0026) on every database kind: it is the row, so
 * it holds for any number of instances sharing the database.
 */

printSkipNotice();

describe.each(databaseKinds())('data export claims on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.drop();
  });

  async function account(name: string) {
    const row = await createUser(t.db, {
      email: `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      fullName: name,
      passwordHash: 'x',
    });
    return row!.id;
  }

  it('of claims at once, one wins; the others get null until it is released', async () => {
    const userId = await account('racer');
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => claimDataExport(t.db, { userId, leaseSeconds: 60 })),
    );
    const won = claims.filter((c): c is string => c !== null);
    expect(won).toHaveLength(1);
    expect(await claimDataExport(t.db, { userId, leaseSeconds: 60 })).toBeNull();
    // Another account is not held up.
    expect(
      await claimDataExport(t.db, { userId: await account('other'), leaseSeconds: 60 }),
    ).not.toBeNull();
    await releaseDataExport(t.db, { userId, token: won[0]! });
    expect(await claimDataExport(t.db, { userId, leaseSeconds: 60 })).not.toBeNull();
  });

  it('a claim whose lease ran out (its instance died) is taken again, and its old holder knows', async () => {
    const userId = await account('orphan');
    const dead = await claimDataExport(t.db, { userId, leaseSeconds: 60 });
    expect(dead).not.toBeNull();
    await t.db.query(
      `UPDATE data_export_claims SET lease_until = now() - interval '1 second' WHERE user_id = $1`,
      [userId],
    );
    const fresh = await claimDataExport(t.db, { userId, leaseSeconds: 60 });
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(dead);
    expect(await renewDataExport(t.db, { userId, token: dead!, leaseSeconds: 60 })).toBe(false);
    expect(await renewDataExport(t.db, { userId, token: fresh!, leaseSeconds: 60 })).toBe(true);
    // The old holder's release does not end the new claim.
    await releaseDataExport(t.db, { userId, token: dead! });
    expect(await claimDataExport(t.db, { userId, leaseSeconds: 60 })).toBeNull();
  });
});
