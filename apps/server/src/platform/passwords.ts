import { hash, verify } from '@node-rs/argon2';

/** argon2id (algorithm 2) with the OWASP baseline parameters. */
const baseline = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** The API tests' in-process servers only (`useTestPasswordCost`): the same algorithm, far cheaper. */
const testCost = { algorithm: 2, memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const;
let options: typeof baseline | typeof testCost = baseline;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/**
 * For the test harness, never for a running server (no setting or variable reaches it): the API
 * tests hash and check thousands of passwords, and argon2id at the baseline costs ~40 ms each on
 * the CI machine. A hash carries its own parameters, so checks follow whatever made the hash.
 */
export function useTestPasswordCost(): void {
  options = testCost;
  dummy = undefined;
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Spends the time of a real check when the account does not exist, so timing does not leak it. */
export async function verifyDummy(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-Aa1!');
  await verifyPassword(await dummy, password);
}
