import { createHash, randomBytes } from 'node:crypto';

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

function hashToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * A token for an e-mail link: the user's id (not secret) and 256 random bits. Only the hash of the random
 * part is stored, in the user's own stream, so the link finds its account without any lookup table.
 */
export function issueToken(userId: string, ttlMs: number, now: Date) {
  const secret = randomBytes(32).toString('base64url');
  return {
    token: `${Buffer.from(userId).toString('base64url')}.${secret}`,
    tokenHash: hashToken(secret),
    expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
  };
}

export function parseToken(token: string): { userId: string; tokenHash: string } | null {
  const [id, secret, ...rest] = token.split('.');
  if (!id || !secret || rest.length > 0 || !/^[\w-]{43}$/.test(secret)) return null;
  const userId = Buffer.from(id, 'base64url').toString('utf8');
  if (!/^[\w-]{1,64}$/.test(userId)) return null;
  return { userId, tokenHash: hashToken(secret) };
}
