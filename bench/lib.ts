import { connect } from 'node:net';
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface Row {
  database: string;
  route: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export async function login(url: string, email: string): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo@1234' }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const body = (await response.json()) as { accessToken: string };
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  return { token: body.accessToken, cookie };
}

export async function measure(
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
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Whether a Redis server answers at BENCH_REDIS_URL (default redis://127.0.0.1:6379/15). */
export function redisAvailable(): Promise<boolean> {
  const url = new URL(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/15');
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 6379), timeout: 2000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * Empties one Redis database (the URL's /n, default 15) so a run does not inherit the counters of
 * the last one (login pauses outlive the server). Raw RESP: the bench needs no Redis client.
 */
export function flushRedisDb(redisUrl: string): Promise<void> {
  const url = new URL(redisUrl);
  const db = Number(url.pathname.slice(1) || 15);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 6379) }, () => {
      socket.write(`SELECT ${db}\r\nFLUSHDB\r\n`);
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if ((answer.match(/\r\n/g) ?? []).length >= 2) {
        socket.end();
        if (answer.startsWith('+OK\r\n+OK')) resolve();
        else reject(new Error(`redis flush failed: ${answer.trim()}`));
      }
    });
    socket.once('error', reject);
  });
}

export async function freshPgDatabase(prefix: string): Promise<string> {
  const name = `mindledger_${prefix}_${Date.now()}`;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by freshPgDatabase (WITH (FORCE): a connection left behind does not block it). */
export async function dropPgDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^mindledger_bench_\w+$/.test(name)) throw new Error(`not a bench database: ${name}`);
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export function machineLine(): string {
  return `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; autocannon ${CONNECTIONS} connections × ${DURATION} s per route.`;
}

export function table(rows: Row[]): string[] {
  return [
    '| database | route | req/s | p99 (ms) | errors | non-2xx |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) => `| ${r.database} | ${r.route} | ${r.reqPerSec} | ${r.p99Ms} | ${r.errors} | ${r.non2xx} |`,
    ),
  ];
}
