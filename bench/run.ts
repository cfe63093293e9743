import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchConnections, connectionsReport, seedConnections } from './connections.js';
import { benchFoundation, foundationReport } from './foundation.js';
import { benchGoals, checkGoalQueries, goalsReport, seedGoals } from './goals.js';
import { freshPgDatabase, machineLine, postgresAvailable } from './lib.js';
import { startServer } from './server.js';

/**
 * `npm run bench [foundation|connections|goals]` (default: all): the real, built server on the embedded
 * database and on PostgreSQL, driven by autocannon. Prints tables for bench/README.md and writes
 * them to bench/latest.md.
 */
const only = process.argv[2];
const scenarios = only ? [only] : ['foundation', 'connections', 'goals'];
const targets: { key: string; label: string; env: () => Promise<Record<string, string>> }[] = [
  { key: 'embedded', label: 'PGlite (embedded)', env: async () => ({}) },
];
if (await postgresAvailable()) {
  targets.push({
    key: 'postgres',
    label: 'PostgreSQL 15',
    env: async () => ({ DATABASE_URL: await freshPgDatabase('bench') }),
  });
}

const lines = [machineLine(), ''];
let port = 4401;
if (scenarios.includes('foundation')) {
  const results: Record<string, Awaited<ReturnType<typeof benchFoundation>>> = {};
  for (const target of targets) {
    const server = await startServer(port++, await target.env());
    try {
      results[target.key] = await benchFoundation(target.label, server);
    } finally {
      await server.stop();
    }
  }
  lines.push(...foundationReport(results), '');
}
if (scenarios.includes('connections')) {
  const results: Record<string, Awaited<ReturnType<typeof benchConnections>>> = {};
  for (const target of targets) {
    const env = await target.env();
    const dataDir = await mkdtemp(join(tmpdir(), 'mindledger-bench-'));
    await seedConnections({ databaseUrl: env.DATABASE_URL, dataDir });
    const server = await startServer(port++, env, dataDir);
    try {
      results[target.key] = await benchConnections(target.label, server);
    } finally {
      await server.stop();
    }
  }
  lines.push(...connectionsReport(results), '');
}
if (scenarios.includes('goals')) {
  const results: Parameters<typeof goalsReport>[0] = {};
  for (const target of targets) {
    const env = await target.env();
    const dataDir = await mkdtemp(join(tmpdir(), 'mindledger-bench-'));
    const options = { databaseUrl: env.DATABASE_URL, dataDir };
    const { patientId } = await seedGoals(options);
    const queries = await checkGoalQueries(options);
    const server = await startServer(port++, env, dataDir);
    try {
      const { rows } = await benchGoals(target.label, server, patientId);
      results[target.key] = { rows, queries, label: target.label };
    } finally {
      await server.stop();
    }
  }
  lines.push(...goalsReport(results), '');
}
writeFileSync(new URL('./latest.md', import.meta.url), `${lines.join('\n')}\n`);
console.info(lines.join('\n'));
