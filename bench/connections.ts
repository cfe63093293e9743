import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { connections, users } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { seedDemo } from '../apps/server/src/seed.js';
import { login, measure, table, type Row } from './lib.js';
import type { RunningServer } from './server.js';

export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);

/**
 * Before the server starts: migrate, seed the demo accounts, then give the demo provider CLIENTS
 * clients (90 % accepted and active, 6 % pending, 4 % inactive), inserted in batches.
 */
export async function seedConnections(options: { databaseUrl?: string | undefined; dataDir: string }) {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    await seedDemo(database.db);
    const [provider] = await database.db.select().from(users).where(eq(users.email, 'provider@demo.local'));
    if (!provider) throw new Error('demo provider missing');
    const passwordHash = await hashPassword('Demo@1234');
    for (let start = 0; start < CLIENTS; start += 100) {
      const batch = Array.from({ length: Math.min(100, CLIENTS - start) }, (_, i) => start + i);
      const rows = await database.db
        .insert(users)
        .values(
          batch.map((n) => ({
            email: `client-${String(n).padStart(4, '0')}@bench.local`,
            firstName: `Client${n}`,
            lastName: `Bench${n % 37}`,
            role: 'patient' as const,
            activated: true,
            approved: true,
            passwordHash,
          })),
        )
        .returning({ id: users.id });
      await database.db.insert(connections).values(
        rows.map((row, i) => {
          const n = (batch[i] ?? 0) % 50;
          return {
            providerId: provider.id,
            patientId: row.id,
            status: n < 3 ? ('pending' as const) : ('accepted' as const),
            connectionStatus: n >= 48 ? ('inactive' as const) : ('active' as const),
            invitedBy: 'provider' as const,
          };
        }),
      );
    }
  } finally {
    await database.close();
  }
}

export async function benchConnections(database: string, server: RunningServer) {
  const { token } = await login(server.url, 'provider@demo.local');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = (body: object) => ({
    url: `${server.url}/api/v1/get-patients`,
    method: 'POST' as const,
    headers,
    body: JSON.stringify({ data: body }),
  });
  const rows: Row[] = [];
  rows.push(
    await measure(database, `get-patients page 1 (${CLIENTS} clients)`, list({ page: 1, limit: 10 })),
  );
  rows.push(await measure(database, 'get-patients page 20', list({ page: 20, limit: 10 })));
  rows.push(
    await measure(
      database,
      "get-patients search 'client-04'",
      list({ page: 1, limit: 10, search: 'client-04' }),
    ),
  );
  rows.push(
    await measure(database, 'get-patients status accepted', list({ page: 1, limit: 25, status: 'accepted' })),
  );
  return { rows };
}

export function connectionsReport(
  results: Record<string, Awaited<ReturnType<typeof benchConnections>>>,
): string[] {
  return [
    '### Connections: provider dashboard list',
    '',
    ...table(Object.values(results).flatMap((r) => r.rows)),
  ];
}
