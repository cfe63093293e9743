import { measure, table, type Row } from './lib.js';
import type { RunningServer } from './server.js';

/**
 * POST login with the right password of the demo client (a full sign-in: throttle counters,
 * argon2id check, session row, audit row), and with a wrong one (the failure counters and audit).
 * The wrong-password route uses one address and one account, so past the first failures it
 * measures the paused answer (429); the right-password run clears the pair each time.
 */
export async function benchLogin(database: string, server: RunningServer): Promise<Row[]> {
  const request = (password: string) => ({
    url: `${server.url}/api/v1/login`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'patient@demo.local', password }),
  });
  return [
    await measure(database, 'POST login (right password)', request('Demo@1234')),
    await measure(database, 'POST login (wrong password, paused pair)', request('Wrong@12345')),
  ];
}

export function loginReport(results: Record<string, Row[]>): string[] {
  return ['### Login', '', ...table(Object.values(results).flat())];
}
