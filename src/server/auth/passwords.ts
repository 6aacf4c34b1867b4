import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

/** The whole passphrase is hashed: argon2 takes any length, so nothing is ever truncated. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifying against a throwaway hash when the account does not exist makes "no such user" take
 * as long as "wrong password", so timing does not reveal which e-mails are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-1!');
  await verifyPassword(await dummyHash, password);
  return false;
}

const COMMON_PASSWORD_COUNT = 10_000;
let commonPasswords: Set<string> | undefined;

/** The 10,000 most common passwords of the maintained zxcvbn-ts list, compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}
