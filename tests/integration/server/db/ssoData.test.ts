import { describe, expect, it } from 'vitest';
import { databaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestDb } from '../../../helpers/useTestServer';
import { createUser } from '#server/db/users';
import {
  claimUnverifiedAccount,
  createSsoUser,
  getUserByOidcIdentity,
  linkOidcIdentity,
  listOidcIssuers,
} from '#server/db/oidcIdentities';
import { insertSsoLogin, purgeExpiredSsoLogins, takeSsoLogin } from '#server/db/ssoLogins';
import { passwordSignInRefused, setPasswordSignIn } from '#server/db/passwordSignIn';
import { insertSignIn } from '#server/db/signIns';

/** The data layer of single sign-on (migration 0024, decision 050) on every database kind. */

printSkipNotice();

const ISSUER = 'https://idp.example.edu/realms/school';
const unique = () => Math.random().toString(36).slice(2);
const hex = (c: string) => c.repeat(64);

describe.each(databaseKinds())('single sign-on data on %s', (kind) => {
  const t = useTestDb(kind);

  it('makes a password-less account with its address confirmed; a taken address makes none', async () => {
    const email = `sso-${unique()}@example.com`;
    const made = await createSsoUser(t.db, { email, fullName: 'Dr New' });
    expect(made).toMatchObject({ email, passwordHash: null, emailVerified: true });
    expect(await createSsoUser(t.db, { email, fullName: 'Dr Again' })).toBeNull();
  });

  it('links an identity once, finds the account by it, and lists the oidc issuers only', async () => {
    const user = (await createSsoUser(t.db, {
      email: `l-${unique()}@example.com`,
      fullName: 'L',
    }))!;
    const subject = `sub-${unique()}`;
    expect(await linkOidcIdentity(t.db, { issuer: ISSUER, subject, userId: user.id })).toBe(true);
    expect(await linkOidcIdentity(t.db, { issuer: ISSUER, subject, userId: user.id })).toBe(false);
    expect((await getUserByOidcIdentity(t.db, { issuer: ISSUER, subject }))?.id).toBe(user.id);
    expect(await getUserByOidcIdentity(t.db, { issuer: `${ISSUER}/x`, subject })).toBeNull();
    // An LTI identity with the same issuer and subject is not an OpenID sign-in.
    await t.db.query(
      `INSERT INTO external_identities (kind, issuer, subject, user_id) VALUES ('lti', $1, $2, $3)`,
      ['https://lms.example.edu', 'lti-sub', user.id],
    );
    expect(
      await getUserByOidcIdentity(t.db, { issuer: 'https://lms.example.edu', subject: 'lti-sub' }),
    ).toBeNull();
    expect((await listOidcIssuers(t.db, { userId: user.id })).map((i) => i.issuer)).toEqual([
      ISSUER,
    ]);
  });

  it('claims an unconfirmed account: confirmed, no password, no sessions; a confirmed one is left be', async () => {
    const squatted = (await createUser(t.db, {
      email: `sq-${unique()}@example.com`,
      fullName: 'Squatter',
      passwordHash: 'hash',
    }))!;
    await insertSignIn(t.db, {
      id: hex('a'),
      userId: squatted.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await claimUnverifiedAccount(t.db, { userId: squatted.id });
    const [row] = await t.db.query<{ hash: string | null; verified: boolean; sessions: number }>(
      `SELECT password_hash AS hash, email_verified_at IS NOT NULL AS verified,
              (SELECT count(*)::int FROM user_sessions WHERE user_id = u.id) AS sessions
         FROM users u WHERE id = $1`,
      [squatted.id],
    );
    expect(row).toEqual({ hash: null, verified: true, sessions: 0 });

    const owner = (await createUser(t.db, {
      email: `ok-${unique()}@example.com`,
      fullName: 'Owner',
      passwordHash: 'hash',
    }))!;
    await t.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [owner.id]);
    await insertSignIn(t.db, {
      id: hex('b'),
      userId: owner.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await claimUnverifiedAccount(t.db, { userId: owner.id });
    const [kept] = await t.db.query<{ hash: string | null; sessions: number }>(
      `SELECT password_hash AS hash,
              (SELECT count(*)::int FROM user_sessions WHERE user_id = u.id) AS sessions
         FROM users u WHERE id = $1`,
      [owner.id],
    );
    expect(kept).toEqual({ hash: 'hash', sessions: 1 });
  });

  it('takes a sign-in on its way once, and purges the expired', async () => {
    const row = {
      provider: 'school',
      nonce: 'n'.repeat(43),
      codeVerifier: 'v'.repeat(43),
      returnPath: '/progress',
      browserHash: hex('c'),
      intent: 'sign_in' as const,
      userId: null,
    };
    await insertSsoLogin(t.db, { ...row, id: hex('1'), expiresAt: new Date(Date.now() + 600_000) });
    await insertSsoLogin(t.db, { ...row, id: hex('2'), expiresAt: new Date(Date.now() - 1000) });
    const taken = await takeSsoLogin(t.db, { id: hex('1') });
    expect(taken).toMatchObject(row);
    expect(taken!.expiresAt).toBeInstanceOf(Date);
    expect(await takeSsoLogin(t.db, { id: hex('1') })).toBeNull();
    expect(await purgeExpiredSsoLogins(t.db)).toBe(1);
    expect(await takeSsoLogin(t.db, { id: hex('2') })).toBeNull();
  });

  it('keeps the account a link flow is for, and a link names one (migration 0031)', async () => {
    const user = (await createSsoUser(t.db, {
      email: `k-${unique()}@example.com`,
      fullName: 'K',
    }))!;
    const row = {
      provider: 'school',
      nonce: 'n'.repeat(43),
      codeVerifier: 'v'.repeat(43),
      returnPath: '/account',
      browserHash: hex('d'),
      expiresAt: new Date(Date.now() + 600_000),
    };
    await insertSsoLogin(t.db, { ...row, id: hex('3'), intent: 'link', userId: user.id });
    expect(await takeSsoLogin(t.db, { id: hex('3') })).toMatchObject({
      intent: 'link',
      userId: user.id,
    });
    // A link for nobody, or a sign-in for someone, is not a row the table takes.
    for (const [intent, userId] of [
      ['link', null],
      ['sign_in', user.id],
    ] as const) {
      await expect(
        t.db.query(
          `INSERT INTO sso_logins (id, browser_hash, provider, nonce, code_verifier, return_path,
                                   expires_at, intent, user_id)
           VALUES ($1, $2, 'school', $3, $4, '/', now(), $5, $6)`,
          [hex('4'), hex('d'), row.nonce, row.codeVerifier, intent, userId],
        ),
      ).rejects.toThrow();
    }
  });

  it('refuses passwords to the trainer and current members of an organisation that turned them off', async () => {
    const person = async (name: string) =>
      (await createUser(t.db, {
        email: `${name}-${unique()}@example.com`,
        fullName: name,
        passwordHash: 'x',
      }))!;
    const [trainer, member, former, stranger] = await Promise.all(
      ['trainer', 'member', 'former', 'stranger'].map(person),
    );
    const [org] = await t.db.query<{ id: string }>(
      `INSERT INTO organisations (name, trainer_id) VALUES ('School', $1) RETURNING id`,
      [trainer!.id],
    );
    const [cohort] = await t.db.query<{ id: string }>(
      `INSERT INTO cohorts (organisation_id, name) VALUES ($1, 'Y1') RETURNING id`,
      [org!.id],
    );
    await t.db.query(
      `INSERT INTO cohort_memberships (cohort_id, user_id, joined_at, left_at)
       VALUES ($1, $2, now() - interval '2 days', NULL),
              ($1, $3, now() - interval '2 days', now() - interval '1 day')`,
      [cohort!.id, member!.id, former!.id],
    );
    const refused = async () =>
      Promise.all(
        [trainer, member, former, stranger].map((u) =>
          passwordSignInRefused(t.db, { userId: u!.id }),
        ),
      );
    expect(await refused()).toEqual([false, false, false, false]);
    expect(
      await setPasswordSignIn(t.db, {
        trainerId: stranger!.id,
        organisationId: org!.id,
        allowed: false,
      }),
    ).toBeNull();
    expect(
      await setPasswordSignIn(t.db, {
        trainerId: trainer!.id,
        organisationId: org!.id,
        allowed: false,
      }),
    ).toEqual({
      id: org!.id,
      name: 'School',
      passwordSignIn: false,
    });
    expect(await refused()).toEqual([true, true, false, false]);
  });
});
