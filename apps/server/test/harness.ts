import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { defaultTimezone, localDay } from '@mindledger/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import type { AppContext } from '../src/context.js';
import type { Services } from '../src/features/index.js';
import { defaultRateLimits, loadConfig, type Config, type RateLimitConfig } from '../src/config.js';
import { openDatabase, pgliteExtensions, type Database } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import type { Clock } from '../src/platform/clock.js';
import { createCounterStore } from '../src/platform/counter-store.js';
import { hashPassword, useTestPasswordCost } from '../src/platform/passwords.js';
import {
  adminQuery,
  databaseUrlFor,
  pgTemplateName,
  templateFile,
  testDatabaseUrl,
  testRedisUrl,
} from './template.js';

// Cheap argon2id parameters in the API tests' servers (decision 082); the built server and the
// browser journeys keep the baseline.
useTestPasswordCost();

export const password = 'Secret@123';
let passwordHash: Promise<string> | undefined;

/**
 * The zone of the users the harness makes (TEST_USER_TIMEZONE; the product's default otherwise).
 * CI runs the suite again with a zone whose DST change falls on midnight.
 */
export const testUserTimezone = process.env.TEST_USER_TIMEZONE || defaultTimezone;

/** Where the test clock starts: TEST_CLOCK (an ISO instant) moves every server's "now" there. */
function clockStartOffset(): number {
  const start = process.env.TEST_CLOCK;
  if (!start) return 0;
  const at = Date.parse(start);
  if (Number.isNaN(at)) throw new Error(`TEST_CLOCK is not an ISO instant: ${start}`);
  return at - Date.now();
}

/** A clock the test moves by hand (it starts at TEST_CLOCK when set, then runs in real time). */
export class TestClock implements Clock {
  private readonly startOffset = clockStartOffset();
  private offset = this.startOffset;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  advance(ms: number): void {
    this.offset += ms;
  }
  /** Moves "now" to `instant` (it runs on from there). */
  set(instant: Date | string): void {
    this.offset = new Date(instant).getTime() - Date.now();
  }
  /** Back to where the clock started (undoes set and advance). */
  reset(): void {
    this.offset = this.startOffset;
  }
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** An HTTP client with its own cookie jar, like one browser. */
export class Client {
  private cookies = new Map<string, string>();
  token: string | undefined;

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: {
      body?: unknown;
      raw?: RequestInit['body'];
      headers?: Record<string, string>;
      token?: string | null;
    } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: RequestInit['body'] = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      if (!name) continue;
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = Record<string, unknown>>(path: string, options?: Parameters<Client['request']>[2]) {
    return this.request<T>('GET', path, options);
  }
  post<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    options?: Parameters<Client['request']>[2],
  ) {
    return this.request<T>('POST', path, { ...options, body: body ?? {} });
  }
  put<T = Record<string, unknown>>(path: string, body?: unknown, options?: Parameters<Client['request']>[2]) {
    return this.request<T>('PUT', path, { ...options, body: body ?? {} });
  }
  patch<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    options?: Parameters<Client['request']>[2],
  ) {
    return this.request<T>('PATCH', path, { ...options, body: body ?? {} });
  }
  delete<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    options?: Parameters<Client['request']>[2],
  ) {
    return this.request<T>('DELETE', path, body === undefined ? options : { ...options, body });
  }
}

export interface TestServer {
  url: string;
  /** The app itself, for `app.inject` (the same pipeline without a socket). */
  app: FastifyInstance;
  config: Config;
  database: Database;
  clock: TestClock;
  /** The app's context (tests look at its parts, e.g. the session bus). */
  ctx: AppContext;
  /** The app's services (tests run a job's work at once, e.g. the renewals). */
  services: Services;
  client(): Client;
  /** Everything the server logged (with `captureLogs`). */
  logs(): string;
  /** Today in `timeZone` (the test users' zone by default) by the server's clock. */
  today(timeZone?: string): string;
  /** Makes a user directly in the database (activated and approved unless said otherwise). */
  createUser(values?: Partial<typeof users.$inferInsert>): Promise<typeof users.$inferSelect>;
  /** A signed-in client for a new user of the role. */
  signIn(
    values?: Partial<typeof users.$inferInsert>,
  ): Promise<{ client: Client; user: typeof users.$inferSelect }>;
  /**
   * A request handed to the app in process (no socket), e.g. as if from another machine:
   * `inject({ method: 'GET', url, remoteAddress: '203.0.113.7' })`.
   */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Waits (15 s, or `withinMs`) for a mail to arrive in the outbox and answers it. */
  mail(
    to: string,
    subject?: RegExp,
    withinMs?: number,
  ): Promise<{ to: string; subject: string; text: string; html: string; sentAt: string }>;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDatabaseUrl) {
    const name = `mindledger_test_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${pgTemplateName}`);
    const database = await openDatabase({ databaseUrl: databaseUrlFor(name), poolSize: 5 });
    return { database, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const pglite = new PGlite({
    loadDataDir: new Blob([readFileSync(templateFile)]),
    extensions: pgliteExtensions,
  });
  return { database: await openDatabase({ pglite }), drop: async () => {} };
}

/** Another connection pool to the same PostgreSQL database: what a second server instance has. */
async function openSharedDatabase(of: Database): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!of.connectionString)
    throw new Error('instances share a database only on PostgreSQL (TEST_DATABASE_URL)');
  return {
    database: await openDatabase({ databaseUrl: of.connectionString, poolSize: 5 }),
    drop: async () => {},
  };
}

export async function startServer(
  options: {
    rateLimits?: Partial<RateLimitConfig>;
    env?: Record<string, string>;
    /** Keep the server's log lines (level info) for `server.logs()`. */
    captureLogs?: boolean;
    /** A second instance on the first one's PostgreSQL database (TEST_DATABASE_URL only). */
    sameDatabaseAs?: TestServer;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mindledger-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    LOG_LEVEL: options.captureLogs ? 'info' : (process.env.TEST_LOG_LEVEL ?? 'silent'),
    ...options.env,
  });
  const logLines: string[] = [];
  config.rateLimits = {
    ...defaultRateLimits(),
    perMinute: 100_000,
    perSecond: 10_000,
    authPer10Minutes: 100_000,
    loginFailuresPerIp: 1_000,
    abuseThreshold: 1_000_000,
    ...options.rateLimits,
  };
  const clock = new TestClock();
  const { database, drop } = options.sameDatabaseAs
    ? await openSharedDatabase(options.sameDatabaseAs.database)
    : await openTestDatabase();
  const store = createCounterStore(testRedisUrl, `mltest:${randomUUID()}:`, () => clock.now().getTime());
  const app = await buildApp(config, {
    database,
    clock,
    store,
    jobPollingSeconds: 0.5,
    ...(options.captureLogs ? { logStream: { write: (line: string) => void logLines.push(line) } } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const server: TestServer = {
    url,
    app,
    config,
    database,
    clock,
    ctx: app.ctx,
    services: app.services,
    client: () => new Client(url),
    today: (timeZone = testUserTimezone) => localDay(clock.now(), timeZone),
    logs: () => logLines.join(''),
    async createUser(values = {}) {
      passwordHash ??= hashPassword(password);
      const [row] = await database.db
        .insert(users)
        .values({
          email: `${randomUUID().slice(0, 12)}@example.test`,
          firstName: 'Test',
          lastName: 'User',
          role: 'patient',
          timezone: testUserTimezone,
          activated: true,
          approved: true,
          passwordHash: await passwordHash,
          ...values,
        })
        .returning();
      if (!row) throw new Error('user not created');
      return row;
    },
    async signIn(values = {}) {
      const user = await server.createUser(values);
      const client = server.client();
      const reply = await client.post<{ accessToken: string }>('/api/v1/login', {
        email: user.email,
        password,
      });
      if (reply.status !== 200)
        throw new Error(`login failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      client.token = reply.body.accessToken;
      return { client, user };
    },
    inject: (options) => app.inject(options),
    async mail(to, subject, withinMs = 15_000) {
      const deadline = Date.now() + withinMs;
      const client = server.client();
      while (Date.now() < deadline) {
        const reply = await client.get<
          { to: string; subject: string; text: string; html: string; sentAt: string }[]
        >(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const found = reply.body.find((m) => !subject || subject.test(m.subject));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''}`);
    },
    async close() {
      await app.close();
      await store.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** The 6-digit code in a mail's text. */
export function codeIn(text: string): string {
  const match = /Your code: (\d{6})/.exec(text);
  if (!match?.[1]) throw new Error('no code in mail');
  return match[1];
}
