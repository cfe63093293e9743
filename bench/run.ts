import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOBS_MODE as BACKUP_JOBS_MODE, backupReport, benchBackup } from './backup.js';
import { benchCheckFeature, benchRenewals, billingReport, seedRenewals } from './billing.js';
import { benchClinicalExport, clinicalExportReport } from './clinical-export.js';
import { benchConnections, connectionsReport, seedConnections } from './connections.js';
import { benchFoundation, foundationReport } from './foundation.js';
import { benchGoals, checkGoalQueries, goalsReport, seedGoals } from './goals.js';
import { checkJournalQueries, benchJournal, journalReport, seedJournal } from './journal.js';
import {
  dropPgDatabase,
  freshPgDatabase,
  machineLine,
  postgresAvailable,
  redisAvailable,
  flushRedisDb,
} from './lib.js';
import { benchLedger, ledgerReport, seedLedger } from './ledger.js';
import { benchLogin, loginReport } from './login.js';
import {
  benchFanout,
  benchLive,
  benchReminders,
  notificationsReport,
  seedFanout,
  seedLive,
  seedReminders,
} from './notifications.js';
import { benchProviderNotes, providerNotesReport } from './provider-notes.js';
import { startServer } from './server.js';
import { runSoak, HOME_ROUTES } from './soak.js';
import { benchWeb, webReport } from './web.js';
import { benchWeeklyInsights, weeklyInsightsReport } from './weekly-insights.js';
import { soakSvg, summarise, summaryTable } from './soak-report.js';

/**
 * `npm run bench [foundation|connections|goals|journal|login|ledger|billing|notifications|soak|weekly-insights|provider-notes|clinical-export|backup|web]`
 * (default: all but soak, weekly-insights, provider-notes, clinical-export, backup and web, which run only when named; `BENCH_TARGETS=postgres` or
 * `embedded` for one database): the real, built server on the embedded
 * database and on PostgreSQL, driven by autocannon. Prints tables for bench/README.md and writes
 * them to bench/latest.md.
 */
const only = process.argv[2];
const scenarios = only
  ? [only]
  : ['foundation', 'connections', 'goals', 'journal', 'login', 'ledger', 'billing', 'notifications'];
const onlyTargets = process.env.BENCH_TARGETS?.split(',');
const targets: { key: string; label: string; env: () => Promise<Record<string, string>> }[] = [
  { key: 'embedded', label: 'PGlite (embedded)', env: async () => ({}) },
];
/** The bench databases made on the PostgreSQL server, dropped at the end (BENCH_KEEP_DB=1 keeps them). */
const created = new Set<string>();
const keep = process.env.BENCH_KEEP_DB === '1';
async function drop(url: string) {
  created.delete(url);
  if (keep) console.info(`kept ${url}`);
  else await dropPgDatabase(url);
}
if (await postgresAvailable()) {
  targets.push({
    key: 'postgres',
    label: 'PostgreSQL 15',
    env: async () => {
      const url = await freshPgDatabase('bench');
      created.add(url);
      return { DATABASE_URL: url };
    },
  });
}

if (onlyTargets) targets.splice(0, targets.length, ...targets.filter((t) => onlyTargets.includes(t.key)));

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
    const queries = await checkGoalQueries(options, patientId);
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
if (scenarios.includes('journal')) {
  const results: Parameters<typeof journalReport>[0] = {};
  for (const target of targets) {
    const env = await target.env();
    const dataDir = await mkdtemp(join(tmpdir(), 'mindledger-bench-'));
    const options = { databaseUrl: env.DATABASE_URL, dataDir };
    try {
      const seed = await seedJournal(options);
      const queries = await checkJournalQueries(options);
      const server = await startServer(port++, env, dataDir);
      try {
        const rows = await benchJournal(target.label, server);
        results[target.key] = { rows, queries, label: target.label, seed };
      } finally {
        await server.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      // 1.4 GB: dropped at once (BENCH_KEEP_DB=1 keeps it for EXPLAIN ANALYZE by hand)
      if (env.DATABASE_URL) await drop(env.DATABASE_URL);
    }
    // each database's figures as soon as they exist (the whole run takes a while)
    writeFileSync(new URL('./latest-journal.md', import.meta.url), `${journalReport(results).join('\n')}\n`);
  }
  lines.push(...journalReport(results), '');
}
if (scenarios.includes('login')) {
  const results: Parameters<typeof loginReport>[0] = {};
  const runs = targets.map((t) => ({ ...t }));
  // The login throttle's counters live in the counter store: in memory, or Redis when shared.
  const last = targets[targets.length - 1];
  if (last && (await redisAvailable())) {
    runs.push({
      key: `${last.key}+redis`,
      label: `${last.label} + Redis`,
      env: async () => {
        // A Redis database of the bench's own, emptied: pauses of an earlier run would refuse this one.
        const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
        await flushRedisDb(redisUrl);
        return { ...(await last.env()), REDIS_URL: redisUrl };
      },
    });
  }
  for (const run of runs) {
    const env = await run.env();
    const server = await startServer(port++, env);
    try {
      results[run.key] = await benchLogin(run.label, server);
    } finally {
      await server.stop();
      if (env.DATABASE_URL) await drop(env.DATABASE_URL);
    }
  }
  lines.push(...loginReport(results), '');
}
if (scenarios.includes('ledger')) {
  const results: Record<string, Awaited<ReturnType<typeof benchLedger>>> = {};
  for (const target of targets) {
    const env = await target.env();
    const dataDir = await mkdtemp(join(tmpdir(), 'mindledger-bench-'));
    try {
      await seedLedger({ databaseUrl: env.DATABASE_URL, dataDir });
      const server = await startServer(port++, env, dataDir);
      try {
        results[target.key] = await benchLedger(target.label, server);
      } finally {
        await server.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      if (env.DATABASE_URL) await drop(env.DATABASE_URL);
    }
  }
  lines.push(...ledgerReport(results), '');
}
if (scenarios.includes('billing')) {
  const results: Parameters<typeof billingReport>[0] = {};
  for (const target of targets) {
    const env = await target.env();
    const dataDir = await mkdtemp(join(tmpdir(), 'mindledger-bench-'));
    const options = { databaseUrl: env.DATABASE_URL, dataDir };
    try {
      await seedRenewals(options);
      const renewals = await benchRenewals(target.label, options);
      const server = await startServer(port++, env, dataDir);
      try {
        results[target.key] = { renewals, rows: await benchCheckFeature(target.label, server) };
      } finally {
        await server.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      if (env.DATABASE_URL) await drop(env.DATABASE_URL);
    }
  }
  lines.push(...billingReport(results), '');
}
if (scenarios.includes('notifications')) {
  const results: Parameters<typeof notificationsReport>[0] = {};
  type Options = { databaseUrl: string | undefined; dataDir: string };
  for (const target of targets) {
    // each part on a database of its own: the deliveries one part leaves queued do not slow the next
    const run = async <T>(seed: (o: Options) => Promise<void>, work: (o: Options) => Promise<T>) => {
      const env = await target.env();
      const dataDir = await mkdtemp(join(tmpdir(), 'mindledger-bench-'));
      const options = { databaseUrl: env.DATABASE_URL, dataDir };
      try {
        await seed(options);
        return await work(options);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
        if (env.DATABASE_URL) await drop(env.DATABASE_URL);
      }
    };
    const fanout = await run(seedFanout, (o) => benchFanout(target.label, o));
    const reminders = await run(seedReminders, (o) => benchReminders(target.label, o));
    const live = await run(seedLive, async (o) => {
      const env: Record<string, string> = o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {};
      const server = await startServer(port++, env, o.dataDir, { keepDataDir: true });
      try {
        return await benchLive(target.label, server);
      } finally {
        await server.stop();
      }
    });
    results[target.key] = { fanout, reminders, live };
  }
  lines.push(...notificationsReport(results), '');
}
if (scenarios.includes('weekly-insights')) {
  // PostgreSQL only: the night's two worker processes need DATABASE_URL
  if (!(await postgresAvailable()))
    console.info('weekly-insights: no PostgreSQL at BENCH_DATABASE_URL, skipped');
  else {
    const url = await freshPgDatabase('bench_weekly');
    created.add(url);
    try {
      lines.push(...weeklyInsightsReport(await benchWeeklyInsights(url, port++)), '');
    } finally {
      await drop(url);
    }
  }
}
if (scenarios.includes('provider-notes')) {
  // PostgreSQL only (issue 15: the indexes on a practice-sized table); its own file, not latest.md
  if (!(await postgresAvailable()))
    console.info('provider-notes: no PostgreSQL at BENCH_DATABASE_URL, skipped');
  else {
    const url = await freshPgDatabase('bench_notes');
    created.add(url);
    try {
      const report = providerNotesReport(await benchProviderNotes(url));
      writeFileSync(new URL('./latest-provider-notes.md', import.meta.url), `${report.join('\n')}\n`);
      lines.push(...report, '');
    } finally {
      await drop(url);
    }
  }
}
if (scenarios.includes('clinical-export')) {
  // PostgreSQL only (issue 16: one client's FHIR + PDF export, time and the server's RSS); its own file
  if (!(await postgresAvailable()))
    console.info('clinical-export: no PostgreSQL at BENCH_DATABASE_URL, skipped');
  else {
    const url = await freshPgDatabase('bench_export');
    created.add(url);
    try {
      const report = clinicalExportReport(await benchClinicalExport(url));
      writeFileSync(new URL('./latest-clinical-export.md', import.meta.url), `${report.join('\n')}\n`);
      lines.push(...report, '');
    } finally {
      await drop(url);
    }
  }
}
if (scenarios.includes('backup')) {
  // PostgreSQL only (issue 17: one client's backup export and its import, time and the server's RSS); its own file
  if (!(await postgresAvailable())) console.info('backup: no PostgreSQL at BENCH_DATABASE_URL, skipped');
  else {
    const url = await freshPgDatabase('bench_backup');
    created.add(url);
    try {
      const report = backupReport(await benchBackup(url));
      // BENCH_BACKUP_JOBS=worker (the jobs in the worker process) has a file of its own
      const file = BACKUP_JOBS_MODE === 'worker' ? './latest-backup-worker.md' : './latest-backup.md';
      writeFileSync(new URL(file, import.meta.url), `${report.join('\n')}\n`);
      lines.push(...report, '');
    } finally {
      await drop(url);
    }
  }
}
if (scenarios.includes('web')) {
  // issue 18: the web app's first paint in Chromium, on the embedded database; its own file
  const report = webReport(await benchWeb(port++));
  writeFileSync(new URL('./latest-web.md', import.meta.url), `${report.join('\n')}\n`);
  lines.push(...report, '');
}
if (scenarios.includes('soak')) {
  // PostgreSQL first: the longer, more telling run
  for (const target of [...targets].sort((a, b) =>
    a.key === 'postgres' ? -1 : b.key === 'postgres' ? 1 : 0,
  )) {
    const result = await runSoak(target, port++, startServer);
    const url = created.size ? [...created].at(-1) : undefined;
    if (url) await drop(url);
    const summary = summarise(result.samples, result.latencies, result.sampleSeconds);
    const { latencies: _raw, ...written } = result;
    const file = (ext: string) => new URL(`./soak-${result.database}.${ext}`, import.meta.url);
    // formatted as the repository's prettier would (lint checks bench/)
    const { format } = await import('prettier');
    const json = JSON.stringify({ machine: machineLine(), ...written, summary });
    writeFileSync(file('json'), await format(json, { parser: 'json' }));
    writeFileSync(
      file('svg'),
      soakSvg(
        `${result.label}: ${result.minutes} min at ${result.rate} req/s (${result.startedAt.slice(0, 16)} UTC)`,
        result.samples,
        HOME_ROUTES,
        summary,
      ),
    );
    const table = summaryTable(result.label, summary, result.minutes, result.rate);
    const week = result.weekProbe.length
      ? [
          '',
          '| server | request | req/s | p50 (ms) | p99 (ms) | errors | non-2xx |',
          '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
          ...result.weekProbe.map(
            (r) =>
              `| ${r.server} | ${r.route} | ${r.reqPerSec} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.non2xx} |`,
          ),
        ]
      : [];
    const plans = result.weekPlans.flatMap((p) => [
      '',
      `${p.mode} (${p.ms ?? '–'} ms):`,
      '```',
      ...p.plan,
      '```',
    ]);
    const renewals = result.renewals
      ? [
          '',
          `Renewals during the run (the \`subscription-renewals\` tick, worker in process): ${result.renewals.invoices.toLocaleString('en')} renewal invoices for ${result.renewals.subscriptions.toLocaleString('en')} Standard subscriptions, ${result.renewals.pastDue} now past due (cards that fail), ${result.renewals.duplicates} periods billed twice.`,
        ]
      : [];
    lines.push(...table, ...renewals, ...week, ...plans, '');
  }
}
for (const url of [...created]) await drop(url);
// provider-notes, clinical-export, backup and web alone write only their own bench/latest-<name>.md
if (only !== 'provider-notes' && only !== 'clinical-export' && only !== 'backup' && only !== 'web')
  writeFileSync(new URL('./latest.md', import.meta.url), `${lines.join('\n')}\n`);
console.info(lines.join('\n'));
