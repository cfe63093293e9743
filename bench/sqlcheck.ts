import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteExtensions, type Database } from '../apps/server/src/db/client.js';

interface SeenQuery {
  text: string;
  params: unknown[];
}

/** One request to inspect: who sends it and what. */
/**
 * The table a statement is about: the first `from`, `into` or `update` outside parentheses (a
 * sub-select in the select list, such as an entry's linked goals, is not the statement's table).
 */
function mainTable(text: string): string {
  let depth = 0;
  let outer = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (depth === 0) outer += char;
    else outer += ' ';
    if (char === ')') depth = Math.max(0, depth - 1);
  }
  const found =
    /(?:from|into|update)\s+"?(\w+)"?/i.exec(outer) ?? /(?:from|into|update)\s+"?(\w+)"?/i.exec(text);
  return found?.[1] ?? '';
}

export interface SqlCheck {
  label: string;
  method: 'GET' | 'POST';
  url: string;
  /** Email of the account that sends it (password Demo@1234). */
  as: string;
  payload?: Record<string, unknown>;
}

/** What one request sent: each statement with its scans (and, for reads, EXPLAIN ANALYZE figures). */
export interface SqlCheckResult {
  label: string;
  status: number;
  statements: {
    verb: string;
    table: string;
    /** Scan nodes with the rows each produced, e.g. "Index Scan journal_entries_ledger_idx (10 rows)". */
    scans: string[];
    /** EXPLAIN ANALYZE execution time in ms (reads only). */
    ms?: number;
  }[];
}

/**
 * Builds the app in-process on a seeded database (before the real server starts), sends each
 * request once and records every statement it sends: PGlite's query/exec/transaction, or every pg
 * client query (the job runner's own statements excluded). Each read is then run again under
 * EXPLAIN (ANALYZE, FORMAT JSON) with its parameters, so the report shows which indexes serve it and
 * how many rows each scan touched. Writes are counted, not replayed.
 */
export async function checkQueries(
  options: { databaseUrl?: string | undefined; dataDir: string },
  checks: SqlCheck[],
): Promise<SqlCheckResult[]> {
  let seen: SeenQuery[] | undefined;
  const record = (text: unknown, params: unknown) => {
    const t = typeof text === 'string' ? text : (text as { text?: string } | undefined)?.text;
    if (seen && t && !/pgboss/i.test(t)) seen.push({ text: t, params: Array.isArray(params) ? params : [] });
  };
  let database: Database;
  let explain: (q: SeenQuery) => Promise<unknown>;
  let restore = () => {};
  if (options.databaseUrl) {
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      record(args[0], args[1]);
      return original.apply(this, args);
    };
    restore = () => {
      proto.query = original;
    };
    database = await openDatabase({ databaseUrl: options.databaseUrl, poolSize: 2 });
    const url = options.databaseUrl;
    explain = async (q) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const result = await original.call(client, `explain (analyze, format json) ${q.text}`, q.params);
        return (result as { rows: { 'QUERY PLAN': unknown }[] }).rows[0]?.['QUERY PLAN'];
      } finally {
        await client.end();
      }
    };
  } else {
    const pglite = new PGlite(join(options.dataDir, 'pgdata'), { extensions: pgliteExtensions });
    const original = {
      query: pglite.query.bind(pglite),
      exec: pglite.exec.bind(pglite),
      transaction: pglite.transaction.bind(pglite),
    };
    pglite.query = ((text: string, params?: unknown[], opts?: object) => {
      record(text, params);
      return original.query(text, params, opts);
    }) as typeof pglite.query;
    pglite.exec = ((text: string, opts?: object) => {
      record(text, []);
      return original.exec(text, opts);
    }) as typeof pglite.exec;
    pglite.transaction = ((fn: Parameters<typeof pglite.transaction>[0]) =>
      original.transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        tx.query = ((text: string, params?: unknown[], opts?: object) => {
          record(text, params);
          return txQuery(text, params, opts);
        }) as typeof tx.query;
        return fn(tx);
      })) as typeof pglite.transaction;
    database = await openDatabase({ pglite });
    explain = async (q) => {
      const result = await original.query<{ 'QUERY PLAN': unknown }>(
        `explain (analyze, format json) ${q.text}`,
        q.params,
      );
      return result.rows[0]?.['QUERY PLAN'];
    };
  }
  // Loaded here, not at the top: seeding needs only the schema, this needs the whole app.
  const { buildApp } = await import('../apps/server/src/app.js');
  const { loadConfig } = await import('../apps/server/src/config.js');
  const configDir = await mkdtemp(join(tmpdir(), 'mindledger-bench-config-'));
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: configDir,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
      LOG_LEVEL: 'silent',
      JOBS_IN_PROCESS: 'false',
      RATE_LIMIT_ENABLED: 'false',
    }),
    { database },
  );
  try {
    const tokens = new Map<string, string>();
    const tokenOf = async (email: string) => {
      const known = tokens.get(email);
      if (known) return known;
      const reply = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email, password: 'Demo@1234' },
      });
      const token = (reply.json() as { accessToken: string }).accessToken;
      tokens.set(email, token);
      return token;
    };
    const results: SqlCheckResult[] = [];
    for (const check of checks) {
      const token = await tokenOf(check.as);
      // once to warm caches (prepared statements, the planner's catalogue reads), then counted
      const send = () =>
        app.inject({
          method: check.method,
          url: check.url,
          headers: { authorization: `Bearer ${token}` },
          ...(check.payload ? { payload: check.payload } : {}),
        });
      if (check.method === 'GET') await send();
      seen = [];
      const reply = await send();
      const queries = seen;
      seen = undefined;
      if (reply.statusCode >= 300) throw new Error(`${check.label}: ${reply.statusCode} ${reply.body}`);
      const statements: SqlCheckResult['statements'] = [];
      for (const q of queries) {
        const verb = /^\s*(\w+)/.exec(q.text)?.[1]?.toLowerCase() ?? '?';
        const table = mainTable(q.text);
        if (/^(select|with)$/.test(verb)) {
          const plan = await explain(q);
          statements.push({ verb, table, ...planSummary(plan) });
        } else {
          statements.push({ verb, table, scans: [] });
        }
      }
      results.push({ label: check.label, status: reply.statusCode, statements });
    }
    return results;
  } finally {
    await app.close();
    await database.close();
    restore();
    await rm(configDir, { recursive: true, force: true });
  }
}

/** The scan nodes of an EXPLAIN (ANALYZE, FORMAT JSON) plan with their row counts, and its time. */
export function planSummary(plan: unknown): { scans: string[]; ms?: number } {
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as unknown) : plan;
  const scans: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    const type = String(node['Node Type']);
    if (/Scan/.test(type)) {
      const on = String(node['Index Name'] ?? node['Relation Name'] ?? '').trim();
      const loops = Number(node['Actual Loops'] ?? 1);
      const rows = Number(node['Actual Rows'] ?? 0) * loops;
      const removed = Number(node['Rows Removed by Filter'] ?? 0) * loops;
      const extra = removed ? `, ${removed} filtered out` : '';
      const loopText = loops > 1 ? ` in ${loops} loops` : '';
      scans.push(`${type} ${on} (${rows} rows${loopText}${extra})`);
    }
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  const top = (parsed as { Plan: Record<string, unknown>; 'Execution Time'?: number }[] | undefined)?.[0];
  if (top) walk(top.Plan);
  return { scans, ...(top?.['Execution Time'] !== undefined ? { ms: top['Execution Time'] } : {}) };
}
