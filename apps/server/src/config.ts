import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  acceptanceDocumentIds,
  defaultPrivacyEmail,
  isValidEmail,
  legalDocuments,
  sessionTimings,
  type AcceptanceDocumentId,
  type CrisisTable,
  type SessionTimings,
} from '@mindledger/domain';
import { loadCrisisLines } from './platform/crisis-lines.js';
import type { HttpTimeouts } from './platform/http-timeouts.js';

/** Every environment variable the server reads, with its default. README lists the same. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where the embedded database, local files and the generated secret live. */
  dataDir: string;
  /** PostgreSQL server; when unset the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  /** Redis for shared rate-limit counters; in-memory when unset. */
  redisUrl: string | undefined;
  /** Secret that signs access tokens and one-time tokens. */
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** No session outlives this, however active (hours): clients, and providers and admins. */
  sessionAbsoluteHours: { client: number; staff: number };
  /** Cookies are Secure outside development unless COOKIE_SECURE=false. */
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  seedDemo: boolean;
  /** Run the job runner inside the API process (default); false when `npm run worker` runs it. */
  jobsInProcess: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** How long a client may take to send headers, a body, an upload (HTTP_*_TIMEOUT_MS). */
  httpTimeouts: HttpTimeouts;
  /** Path of the built web app; served with SPA fallback when present. */
  webDist: string;
  /** Session timers the web app uses (shortened only in tests). */
  sessionTimings: SessionTimings;
  rateLimits: RateLimitConfig;
  /** Serve Swagger UI at /api/docs and /api/openapi.json (off in production unless API_DOCS=true). */
  apiDocs: boolean;
  /** Minutes a one-time email code stays valid. */
  codeTtlMinutes: number;
  /**
   * How long an idempotent create left unanswered is taken as lost before its key runs again
   * (IDEMPOTENCY_ABANDONED_AFTER_SECONDS, 60; shortened by the crash test; decision 104).
   */
  idempotencyAbandonedAfterMs: number;
  ai: AiConfig;
  /** Stripe as the card provider when STRIPE_SECRET_KEY is set (else the local provider). */
  stripe: StripeConfig | undefined;
  /**
   * The Web Push VAPID key pair (base64url, both or neither); when unset a pair is generated once
   * and kept in DATA_DIR/vapid.json.
   */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  legal: LegalConfig;
  /**
   * Crisis lines by country (ruling 12): the built-in table (packages/domain/src/safety/crisis-lines.ts)
   * with CRISIS_LINES_FILE applied; an invalid file stops the start (platform/crisis-lines.ts).
   */
  crisisLines: CrisisTable;
}

/** The legal texts' contacts, and the versions users must have accepted (issue 17; decision 094). */
export interface LegalConfig {
  /** The privacy contact the texts name (PRIVACY_EMAIL). */
  privacyEmail: string;
  /** The Privacy Officer's postal address (PRIVACY_POSTAL_ADDRESS); unset, the texts say to ask by email. */
  privacyPostalAddress: string | undefined;
  /**
   * The version of each document to accept: the registry's (packages/domain/src/legal/documents.ts),
   * or outside production one named by LEGAL_TEST_VERSIONS (e.g. `terms=1.1`), so a browser journey
   * can restart the server as if a new version had been deployed. Read at each request.
   */
  currentVersions: Record<AcceptanceDocumentId, string>;
}

/** Stripe (issue 12): the keys, the price of each paid plan, and an API address for tests. */
export interface StripeConfig {
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  prices: { 'standard-monthly': string; 'standard-annual': string };
  /** Another API address than api.stripe.com (the tests' local fake); http allowed. */
  apiBaseUrl: string | undefined;
}

/** The journaling assistant: an OpenAI-compatible endpoint when set, else the local engine. */
export interface AiConfig {
  /** e.g. https://api.openai.com/v1 or a self-hosted http://localhost:11434/v1. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
  /** Per attempt, and the longest silence within a streamed reply. */
  timeoutMs: number;
  maxRetries: number;
  /** Assistant replies per minute per user. */
  perMinute: number;
}

export interface RateLimitConfig {
  enabled: boolean;
  /** Requests per minute per client on ordinary routes. */
  perMinute: number;
  /** Requests per second per client before the burst answer. */
  perSecond: number;
  /** Login, registration and one-time-code routes: requests per 10 minutes per client. */
  authPer10Minutes: number;
  /** Failed logins of one account from one address before that pair pauses 1, 2, 4 … minutes. */
  loginFailuresPerPair: number;
  /**
   * Failed logins from one address (any accounts) in an hour before its wrong passwords pause and
   * its right ones are completed with an emailed code (never refused).
   */
  loginFailuresPerIp: number;
  /** Failed logins of one account (any addresses) in an hour before every attempt takes a code step. */
  loginFailuresPerAccountHour: number;
  /** The longest login pause. */
  loginDelayCapMinutes: number;
  /** Refused requests within 5 minutes after which a client is blocked for blockMinutes. */
  abuseThreshold: number;
  blockMinutes: number;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n)) throw new Error(`Expected an integer, got "${value}"`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** In development a secret is generated once and kept in DATA_DIR, so restarts keep sessions. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function defaultRateLimits(env: NodeJS.ProcessEnv = {}): RateLimitConfig {
  return {
    enabled: bool(env.RATE_LIMIT_ENABLED, true),
    perMinute: int(env.RATE_LIMIT_PER_MINUTE, 600),
    perSecond: int(env.RATE_LIMIT_PER_SECOND, 50),
    authPer10Minutes: int(env.RATE_LIMIT_AUTH_PER_10_MINUTES, 30),
    loginFailuresPerPair: 5,
    loginFailuresPerIp: 20,
    loginFailuresPerAccountHour: 100,
    loginDelayCapMinutes: 15,
    abuseThreshold: int(env.RATE_LIMIT_ABUSE_THRESHOLD, 300),
    blockMinutes: 5,
  };
}

/** HTTP_HEADERS_TIMEOUT_MS, HTTP_BODY_TIMEOUT_MS, HTTP_UPLOAD_TIMEOUT_MS (the last bounds every request). */
function httpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const timeouts = {
    headersMs: int(env.HTTP_HEADERS_TIMEOUT_MS, 20_000),
    bodyMs: int(env.HTTP_BODY_TIMEOUT_MS, 30_000),
    uploadMs: int(env.HTTP_UPLOAD_TIMEOUT_MS, 300_000),
  };
  if (Object.values(timeouts).some((ms) => ms <= 0))
    throw new Error(
      'HTTP_HEADERS_TIMEOUT_MS, HTTP_BODY_TIMEOUT_MS and HTTP_UPLOAD_TIMEOUT_MS must be positive',
    );
  if (timeouts.uploadMs < Math.max(timeouts.headersMs, timeouts.bodyMs))
    throw new Error(
      'HTTP_UPLOAD_TIMEOUT_MS must be at least HTTP_HEADERS_TIMEOUT_MS and HTTP_BODY_TIMEOUT_MS',
    );
  return timeouts;
}

/** LEGAL_TEST_VERSIONS: `document=version` pairs, comma-separated; refused in production. */
function legalConfig(env: NodeJS.ProcessEnv, nodeEnv: Config['env']): LegalConfig {
  const privacyEmail = (env.PRIVACY_EMAIL || defaultPrivacyEmail).trim();
  if (!isValidEmail(privacyEmail)) throw new Error(`PRIVACY_EMAIL is not an email address: ${privacyEmail}`);
  const currentVersions = Object.fromEntries(
    acceptanceDocumentIds.map((id) => [id, legalDocuments[id].version]),
  ) as Record<AcceptanceDocumentId, string>;
  const overrides = env.LEGAL_TEST_VERSIONS?.trim();
  if (overrides) {
    if (nodeEnv === 'production')
      throw new Error('LEGAL_TEST_VERSIONS is for tests and cannot be set in production');
    for (const pair of overrides.split(',')) {
      const [id, version] = pair.split('=').map((part) => part.trim());
      if (
        !id ||
        !version ||
        !(acceptanceDocumentIds as readonly string[]).includes(id) ||
        version.length > 20
      )
        throw new Error(`LEGAL_TEST_VERSIONS: expected document=version pairs, got "${pair}"`);
      currentVersions[id as AcceptanceDocumentId] = version;
    }
  }
  return {
    privacyEmail,
    privacyPostalAddress: env.PRIVACY_POSTAL_ADDRESS?.trim() || undefined,
    currentVersions,
  };
}

/** Stripe's settings: all of them with STRIPE_SECRET_KEY, none without it. */
function stripeConfig(env: NodeJS.ProcessEnv): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  if (!secretKey) return undefined;
  const required = {
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_STANDARD_MONTHLY: env.STRIPE_PRICE_STANDARD_MONTHLY,
    STRIPE_PRICE_STANDARD_ANNUAL: env.STRIPE_PRICE_STANDARD_ANNUAL,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) throw new Error(`${missing.join(', ')} must be set with STRIPE_SECRET_KEY`);
  return {
    secretKey,
    webhookSecret: required.STRIPE_WEBHOOK_SECRET!,
    prices: {
      'standard-monthly': required.STRIPE_PRICE_STANDARD_MONTHLY!,
      'standard-annual': required.STRIPE_PRICE_STANDARD_ANNUAL!,
    },
    apiBaseUrl: env.STRIPE_API_BASE_URL || undefined,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const jwtSecret = env.JWT_SECRET ?? (nodeEnv === 'production' ? '' : developmentSecret(dataDir));
  if (jwtSecret.length < 32) {
    throw new Error('JWT_SECRET must be set to at least 32 characters in production');
  }
  const port = int(env.PORT, 3000);
  const timing = (name: string, fallback: number) => int(env[name], fallback);
  return {
    env: nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    jwtSecret,
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60),
    refreshTokenTtlDays: int(env.REFRESH_TOKEN_TTL_DAYS, 30),
    sessionAbsoluteHours: {
      client: int(env.SESSION_ABSOLUTE_HOURS_CLIENT, 24),
      staff: int(env.SESSION_ABSOLUTE_HOURS_STAFF, 12),
    },
    secureCookies: bool(env.COOKIE_SECURE, nodeEnv === 'production'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'MindLedger <no-reply@mindledger.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    seedDemo: bool(env.SEED_DEMO, nodeEnv !== 'production'),
    jobsInProcess: bool(env.JOBS_IN_PROCESS, true),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: bool(env.TRUST_PROXY, false),
    httpTimeouts: httpTimeouts(env),
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    sessionTimings: {
      idleMs: timing('SESSION_IDLE_MS', sessionTimings.idleMs),
      idlePaymentMs: timing('SESSION_IDLE_PAYMENT_MS', sessionTimings.idlePaymentMs),
      warningMs: timing('SESSION_WARNING_MS', sessionTimings.warningMs),
      awayLimitMs: timing('SESSION_AWAY_LIMIT_MS', sessionTimings.awayLimitMs),
      guardMs: timing('SESSION_GUARD_MS', sessionTimings.guardMs),
      guardWarningMs: timing('SESSION_GUARD_WARNING_MS', sessionTimings.guardWarningMs),
      activeMarkerMs: sessionTimings.activeMarkerMs,
    },
    rateLimits: defaultRateLimits(env),
    apiDocs: bool(env.API_DOCS, nodeEnv !== 'production'),
    codeTtlMinutes: int(env.CODE_TTL_MINUTES, 15),
    idempotencyAbandonedAfterMs: Math.max(1, int(env.IDEMPOTENCY_ABANDONED_AFTER_SECONDS, 60)) * 1000,
    ai: {
      baseUrl: env.OPENAI_BASE_URL || undefined,
      apiKey: env.OPENAI_API_KEY || undefined,
      model: env.OPENAI_MODEL || undefined,
      timeoutMs: int(env.AI_TIMEOUT_MS, 20_000),
      maxRetries: int(env.AI_MAX_RETRIES, 2),
      perMinute: int(env.AI_RATE_LIMIT_PER_MINUTE, 30),
    },
    stripe: stripeConfig(env),
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    legal: legalConfig(env, nodeEnv),
    crisisLines: loadCrisisLines(env.CRISIS_LINES_FILE || undefined),
  };
}
