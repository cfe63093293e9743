import { hash, verify } from '@node-rs/argon2';

/** argon2id (algorithm 2) with the OWASP baseline parameters. */
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
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
