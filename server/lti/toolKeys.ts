import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../db/db';
import {
  getSigningKey,
  insertSigningKeyIfNone,
  listPublishedKeys,
  rotateSigningKey,
  type ToolKey,
} from '../db/ltiKeys';

/**
 * Our tool's RSA keys (decision 051): made on first need, replaced once older than the
 * rotation age (by whichever instance needs a signature first), the replaced one published for
 * an overlap. Platforms fetch the public half from GET /lti/jwks; the private half never leaves
 * the server.
 */

export const TOOL_KEY_ALG = 'RS256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

async function newKey(): Promise<{ kid: string; publicJwk: JWK; privateJwk: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair(TOOL_KEY_ALG, { extractable: true });
  const kid = randomUUID();
  const common = { kid, alg: TOOL_KEY_ALG, use: 'sig' };
  return {
    kid,
    publicJwk: { ...(await exportJWK(publicKey)), ...common },
    privateJwk: { ...(await exportJWK(privateKey)), ...common },
  };
}

export class ToolKeys {
  constructor(
    private readonly db: Db,
    private readonly options: { rotationMs: number; overlapMs: number },
  ) {}

  /** The key that signs now: made if there is none, replaced first if it is too old. */
  async signingKey(now: Date = new Date()): Promise<SigningKey> {
    let key: ToolKey = (await getSigningKey(this.db)) ?? (await this.makeFirst());
    if (now.getTime() - key.createdAt.getTime() >= this.options.rotationMs) {
      const fresh = await newKey();
      await rotateSigningKey(this.db, {
        replaces: key.kid,
        ...fresh,
        dropAfterSeconds: this.options.overlapMs / 1000,
      });
      // Whoever rotated (this instance or one racing it), the signer is the one stored now.
      key = (await getSigningKey(this.db)) ?? key;
    }
    const privateKey = await importJWK(key.privateJwk as JWK, TOOL_KEY_ALG);
    return { kid: key.kid, privateKey: privateKey as CryptoKey };
  }

  /** The public keyset: the signing key (made if need be) and keys within their overlap. */
  async publicJwks(): Promise<{ keys: JWK[] }> {
    if ((await getSigningKey(this.db)) === null) await this.makeFirst();
    const keys = await listPublishedKeys(this.db, {
      overlapSeconds: this.options.overlapMs / 1000,
    });
    return { keys: keys as JWK[] };
  }

  private async makeFirst(): Promise<ToolKey> {
    return insertSigningKeyIfNone(this.db, await newKey());
  }
}
