import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer, type RunningServer } from './server.js';

/**
 * `npm run bench`: the real server on the embedded database and on PostgreSQL; GET me, GET refresh
 * and the bare health route under autocannon, idle and loaded RSS. Prints a table for README.md.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  database: string;
  route: string;
  reqPerSec: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

async function login(url: string): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'patient@demo.local', password: 'Demo@1234' }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const body = (await response.json()) as { accessToken: string };
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  return { token: body.accessToken, cookie };
}

async function measure(
  database: string,
  route: string,
  options: autocannon.Options,
  sample?: () => void,
): Promise<Row> {
  const timer = sample ? setInterval(sample, 250) : undefined;
  const result = await autocannon({ duration: DURATION, connections: CONNECTIONS, ...options });
  if (timer) clearInterval(timer);
  return {
    database,
    route,
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function benchServer(database: string, server: RunningServer) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleRss = server.rssMb();
  let loadedRss = idleRss;
  const sample = () => {
    loadedRss = Math.max(loadedRss, server.rssMb());
  };
  const { token } = await login(server.url);
  // One session per connection; each connection keeps the rotated cookie it is given.
  const cookies: string[] = [];
  for (let i = 0; i < CONNECTIONS; i += 1) cookies.push((await login(server.url)).cookie);
  let next = 0;

  const rows: Row[] = [];
  rows.push(await measure(database, 'GET /api/health', { url: `${server.url}/api/health` }, sample));
  rows.push(
    await measure(
      database,
      'GET /api/v1/me',
      { url: `${server.url}/api/v1/me`, headers: { authorization: `Bearer ${token}` } },
      sample,
    ),
  );
  rows.push(
    await measure(
      database,
      'GET /api/v1/refresh',
      {
        url: server.url,
        requests: [
          {
            method: 'GET',
            path: '/api/v1/refresh',
            setupRequest: (request, context) => {
              const ctx = context as { cookie?: string };
              ctx.cookie ??= cookies[next++ % cookies.length];
              return { ...request, headers: { ...request.headers, cookie: ctx.cookie ?? '' } };
            },
            onResponse: (_status, _body, context, headers) => {
              const raw = (headers as Record<string, string | string[] | undefined>)['set-cookie'];
              const line = Array.isArray(raw) ? raw[0] : raw;
              if (line) (context as { cookie?: string }).cookie = line.split(';')[0];
            },
          },
        ],
      },
      sample,
    ),
  );
  const health = rows[0]?.reqPerSec ?? 1;
  const me = rows[1]?.reqPerSec ?? 0;
  return { rows, idleRss, loadedRss, ratio: Math.round((me / health) * 100) / 100 };
}

async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function freshPgDatabase(): Promise<string> {
  const name = `mindledger_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const results: Record<string, Awaited<ReturnType<typeof benchServer>>> = {};
const embedded = await startServer(4401);
try {
  results.embedded = await benchServer('PGlite (embedded)', embedded);
} finally {
  await embedded.stop();
}
if (await postgresAvailable()) {
  const postgres = await startServer(4402, { DATABASE_URL: await freshPgDatabase() });
  try {
    results.postgres = await benchServer('PostgreSQL 15', postgres);
  } finally {
    await postgres.stop();
  }
}

const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; autocannon ${CONNECTIONS} connections × ${DURATION} s per route.`,
  '',
  '| database | route | req/s | p99 (ms) | errors | non-2xx |',
  '| --- | --- | ---: | ---: | ---: | ---: |',
  ...Object.values(results).flatMap((r) =>
    r.rows.map(
      (row) =>
        `| ${row.database} | ${row.route} | ${row.reqPerSec} | ${row.p99Ms} | ${row.errors} | ${row.non2xx} |`,
    ),
  ),
  '',
  '| database | me / health | idle RSS (MB) | loaded RSS (MB) |',
  '| --- | ---: | ---: | ---: |',
  ...Object.entries(results).map(([key, r]) => `| ${key} | ${r.ratio} | ${r.idleRss} | ${r.loadedRss} |`),
];
writeFileSync(new URL('./latest.md', import.meta.url), `${lines.join('\n')}\n`);
console.info(lines.join('\n'));
