import { describe, expect, it } from 'vitest';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { HttpClient, signedInClient, uniqueEmail } from '../../../helpers/httpClient';
import { myOrganisationsResponse } from '#shared/api/organisations';
import { ORGANISATION_TEXT } from '#shared/text';

/**
 * Signing up through an invite link: the account and its membership are made
 * together, and a code that is not usable makes no account at all.
 */

printSkipNotice();

const BASE = '/api/organisations';
const password = 'correct horse battery';

describe.each(routeDatabaseKinds())('sign-up through an invite on %s', (kind) => {
  const { server, testDb: t } = useTestServer(kind, {
    start: { throttle: { attemptsPerAddress: 1000, failuresBeforeBackoff: 4 } },
  });

  async function cohortWithInvite(trainer: HttpClient) {
    const org = await trainer.post(BASE, { name: 'Smile Group' });
    const cohort = await trainer.post(`${BASE}/${org.body.id}/cohorts`, { name: 'Front desk' });
    const invite = await trainer.post(`${BASE}/cohorts/${cohort.body.id}/invites`, {});
    expect(invite.status, invite.text).toBe(201);
    return {
      orgId: org.body.id as string,
      cohortId: cohort.body.id as string,
      inviteId: invite.body.id as string,
      code: invite.body.code as string,
    };
  }

  async function accountExists(email: string) {
    const rows = await t.db.query(`SELECT 1 FROM users WHERE email = $1`, [email.toLowerCase()]);
    return rows.length > 0;
  }

  it('a new account joins the cohort of the invite it signed up with', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const { cohortId, orgId, code } = await cohortWithInvite(trainer);
    const client = new HttpClient(server.url);
    const email = uniqueEmail('invited');
    // A code typed or pasted in lower case is the same code.
    const up = await client.post('/api/auth/sign-up', {
      email,
      password,
      fullName: 'Dr New',
      invite: code.toLowerCase(),
    });
    expect(up.status, up.text).toBe(201);
    const mine = myOrganisationsResponse.parse((await client.get(BASE)).body);
    expect(mine.memberships).toEqual([
      expect.objectContaining({ cohortId, organisationId: orgId, organisationName: 'Smile Group' }),
    ]);
    const trainerView = myOrganisationsResponse.parse((await trainer.get(BASE)).body);
    expect(trainerView.training[0]!.cohorts[0]!.members).toBe(1);
  });

  it.each(['unknown', 'expired', 'revoked'] as const)(
    'an %s code is not found and makes no account',
    async (state) => {
      const trainer = await signedInClient(server.url, 'Dr Trainer');
      const { inviteId, code } = await cohortWithInvite(trainer);
      if (state === 'expired') {
        await t.db.query(
          `UPDATE cohort_invites SET expires_at = now() - interval '1 minute' WHERE id = $1`,
          [inviteId],
        );
      }
      if (state === 'revoked') {
        const revoked = await trainer.post(`${BASE}/invites/${inviteId}/revoke`);
        expect(revoked.status, revoked.text).toBe(200);
      }
      const client = new HttpClient(server.url);
      const email = uniqueEmail(state);
      const up = await client.post('/api/auth/sign-up', {
        email,
        password,
        fullName: 'Dr Late',
        invite: state === 'unknown' ? 'NOSUCHCODE' : code,
      });
      expect(up.status, up.text).toBe(404);
      expect(up.body.error).toEqual({
        code: 'not_found:invite',
        message: ORGANISATION_TEXT.inviteNotFound,
      });
      expect(up.headers.get('set-cookie')).toBeNull();
      expect(await accountExists(email)).toBe(false);
      // The address is still free: signing up without the dead code works.
      const plain = await client.post('/api/auth/sign-up', { email, password, fullName: 'A' });
      expect(plain.status, plain.text).toBe(201);
    },
  );

  it('a malformed code is a 400 that names the field, and makes no account', async () => {
    const client = new HttpClient(server.url);
    const email = uniqueEmail('malformed');
    const up = await client.post('/api/auth/sign-up', {
      email,
      password,
      fullName: 'A',
      invite: 'DROP TABLE;',
    });
    expect(up.status).toBe(400);
    expect(up.body.error.message).toMatch(/Invite code/);
    expect(await accountExists(email)).toBe(false);
  });

  it('a taken email with a good code is still a taken email, and joins nobody', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const { code } = await cohortWithInvite(trainer);
    const email = uniqueEmail('taken');
    const first = new HttpClient(server.url);
    expect((await first.post('/api/auth/sign-up', { email, password, fullName: 'A' })).status).toBe(
      201,
    );
    const again = await new HttpClient(server.url).post('/api/auth/sign-up', {
      email,
      password,
      fullName: 'B',
      invite: code,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict:email');
    const mine = myOrganisationsResponse.parse((await first.get(BASE)).body);
    expect(mine.memberships).toEqual([]);
  });
});
