import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's recommended minimum: 19 MiB of memory, 2 iterations, 1 lane. */
const OPTIONS = { algorithm: 2 /* Argon2id (a const enum, unreachable under verbatimModuleSyntax) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of no real password, checked when the account does not exist, so that answering "wrong e-mail or
 * password" takes as long for an unknown address as for a known one.
 */
let decoyHash: Promise<string> | null = null;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(await decoyHash, password);
  return false;
}

/**
 * The passwords people use most (ASVS 2.1.7): the list of tens of thousands that `@zxcvbn-ts/language-common`
 * maintains and ships (`passwords-common`, from leaked password sets), read once, on first use. Compared
 * without regard to case: `Password` is as guessable as `password`.
 */
let common: Promise<ReadonlySet<string>> | null = null;
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return (await common).has(password.toLowerCase());
}
