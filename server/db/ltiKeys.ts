import type { Db, Queryable } from './db';

/**
 * Our tool's signing keys (decision 051): the newest unretired key signs; retired keys stay
 * published for an overlap so a platform's cached JWKS still verifies what they signed.
 */

export interface ToolKey {
  kid: string;
  publicJwk: Record<string, unknown>;
  privateJwk: Record<string, unknown>;
  createdAt: Date;
  retiredAt: Date | null;
}

const COLUMNS = `kid, public_jwk AS "publicJwk", private_jwk AS "privateJwk",
  created_at AS "createdAt", retired_at AS "retiredAt"`;

type KeyRow = Omit<ToolKey, 'createdAt' | 'retiredAt'> & {
  createdAt: Date | string;
  retiredAt: Date | string | null;
};

/** jsonb arrives parsed from the drivers; text is parsed too, so no driver can hand a string on. */
const jwk = (value: unknown): Record<string, unknown> =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

const toKey = (row: KeyRow): ToolKey => ({
  kid: row.kid,
  publicJwk: jwk(row.publicJwk),
  privateJwk: jwk(row.privateJwk),
  createdAt: new Date(row.createdAt),
  retiredAt: row.retiredAt === null ? null : new Date(row.retiredAt),
});

/** The key that signs now, or null before the first is made. */
export async function getSigningKey(db: Queryable): Promise<ToolKey | null> {
  const [row] = await db.query<KeyRow>(
    `SELECT ${COLUMNS} FROM lti_tool_keys WHERE retired_at IS NULL`,
  );
  return row ? toKey(row) : null;
}

/**
 * Stores a first signing key unless one exists. Two instances racing both call it: the
 * unique index keeps one, and both then read that one back.
 */
export async function insertSigningKeyIfNone(
  db: Queryable,
  key: { kid: string; publicJwk: object; privateJwk: object },
): Promise<ToolKey> {
  await db.query(
    `INSERT INTO lti_tool_keys (kid, public_jwk, private_jwk) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [key.kid, JSON.stringify(key.publicJwk), JSON.stringify(key.privateJwk)],
  );
  const signing = await getSigningKey(db);
  if (!signing) throw new Error('no LTI signing key after insert');
  return signing;
}

/**
 * Rotation: signing key `replaces` is retired and the new one signs from now on, in one
 * transaction. When `replaces` no longer signs (another instance rotated first), nothing
 * changes and the answer is false. Keys retired longer ago than `dropAfterSeconds` are
 * deleted: nothing they signed is still valid anywhere.
 */
export async function rotateSigningKey(
  db: Db,
  input: {
    replaces: string;
    kid: string;
    publicJwk: object;
    privateJwk: object;
    dropAfterSeconds: number;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(
      `DELETE FROM lti_tool_keys
        WHERE retired_at < clock_timestamp() - make_interval(secs => $1::float8)`,
      [input.dropAfterSeconds],
    );
    const retired = await tx.query(
      `UPDATE lti_tool_keys SET retired_at = clock_timestamp()
        WHERE kid = $1 AND retired_at IS NULL RETURNING kid`,
      [input.replaces],
    );
    if (retired.length === 0) return false;
    await tx.query(`INSERT INTO lti_tool_keys (kid, public_jwk, private_jwk) VALUES ($1, $2, $3)`, [
      input.kid,
      JSON.stringify(input.publicJwk),
      JSON.stringify(input.privateJwk),
    ]);
    return true;
  });
}

/** The public keys to publish: the signing one and those retired within the overlap. */
export async function listPublishedKeys(
  db: Queryable,
  input: { overlapSeconds: number },
): Promise<Record<string, unknown>[]> {
  const rows = await db.query<{ publicJwk: Record<string, unknown> }>(
    `SELECT public_jwk AS "publicJwk" FROM lti_tool_keys
      WHERE retired_at IS NULL
         OR retired_at > clock_timestamp() - make_interval(secs => $1::float8)
      ORDER BY created_at DESC`,
    [input.overlapSeconds],
  );
  return rows.map((r) => jwk(r.publicJwk));
}
