import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { adminRoutes } from './features/admin/routes.js';
import { aiJournalRoutes } from './features/ai-journal/routes.js';
import { AiJournalService } from './features/ai-journal/service.js';
import { auditRoutes, securityLogoutRoute } from './features/audit/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { AuthService } from './features/auth/service.js';
import { clientConnectionRoutes } from './features/connections/client-routes.js';
import { providerConnectionRoutes } from './features/connections/routes.js';
import { ConnectionsService } from './features/connections/service.js';
import { goalRoutes } from './features/goals/routes.js';
import { GoalsService } from './features/goals/service.js';
import { dashboardRoutes, moodRoutes } from './features/moods/routes.js';
import { seedDemoJournal } from './features/moods/demo-seed.js';
import { MoodsService } from './features/moods/service.js';
import { devRoutes } from './features/dev/routes.js';
import { clientConfigRoutes, healthRoutes } from './features/health/routes.js';
import { profileRoutes } from './features/profile/routes.js';
import { ProfileService } from './features/profile/service.js';
import { createAi, type AiPort } from './platform/ai/index.js';
import { Audit } from './platform/audit.js';
import { createGuards } from './platform/auth.js';
import { systemClock, type Clock } from './platform/clock.js';
import { createCounterStore, type CounterStore } from './platform/counter-store.js';
import { LocalFiles, type FilesPort } from './platform/files.js';
import { forbidden } from './platform/errors.js';
import { registerErrorHandling } from './platform/http-errors.js';
import { Idempotency } from './platform/idempotency.js';
import { registerInputEdge } from './platform/input-edge.js';
import { JobRunner } from './platform/jobs.js';
import { serializeError } from './platform/log-errors.js';
import { MAIL_JOB, Mailer, OutboxMail, SmtpMail, type MailMessage, type MailPort } from './platform/mail.js';
import { AccessPolicy } from './platform/policy.js';
import { registerRateLimit } from './platform/rate-limit.js';
import { createSessionRegistry } from './platform/sessions/index.js';
import { Tokens } from './platform/tokens.js';

export interface AppDeps {
  database: Database;
  clock?: Clock;
  mail?: MailPort;
  files?: FilesPort;
  /** The journaling assistant (default: from config, local engine or OpenAI-compatible). */
  ai?: AiPort;
  store?: CounterStore;
  /** Job polling interval (tests poll faster). */
  jobPollingSeconds?: number;
  /** Seed the demo patient's journal (main, when SEED_DEMO is on). */
  seedDemoJournal?: boolean;
  /** Where log lines go (standard output by default; tests read them). */
  logStream?: DestinationStream;
}

const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.currentPassword',
  '*.confirmPassword',
  '*.accessToken',
  '*.refreshToken',
  '*.activation_code',
  '*.activation_token',
  '*.two_factor_code',
  '*.two_factor_token',
  'req.body',
  '*.notes',
  '*.text',
  '*.chatMessages',
];

export async function buildApp(
  config: Config,
  deps: AppDeps,
): Promise<FastifyInstance & { ctx: AppContext }> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: {
        err: serializeError,
        // Query strings may hold search terms from private entries: log the path only.
        req: (req) => ({ id: req.id, method: req.method, url: String(req.url).split('?')[0] }),
      },
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    rewriteUrl: (req) => (req.url ?? '/').replace(/^\/api\/proxy\/(v1|ai)(?=\/|$|\?)/, '/api/$1'),
    bodyLimit: 512 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerInputEdge(app);
  app.decorateRequest('auth', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  const clock = deps.clock ?? systemClock;
  const db = deps.database.db;
  const audit = new Audit(db, clock);
  const tokens = new Tokens(config.jwtSecret, config.accessTokenTtlSeconds, clock);
  const sessionRegistry = createSessionRegistry(config, deps.database, clock, app.log);
  const store = deps.store ?? createCounterStore(config.redisUrl, undefined, () => clock.now().getTime());
  const jobs = new JobRunner(deps.database, app.log, {
    runWorkers: config.jobsInProcess,
    ...(deps.jobPollingSeconds ? { pollingIntervalSeconds: deps.jobPollingSeconds } : {}),
  });
  const ctx: AppContext = {
    config,
    database: deps.database,
    db,
    log: app.log,
    clock,
    tokens,
    audit,
    policy: new AccessPolicy(db, audit),
    guards: createGuards(tokens, audit, sessionRegistry),
    sessionRegistry,
    store,
    jobs,
    mailer: new Mailer(jobs),
    files: deps.files ?? new LocalFiles(join(config.dataDir, 'files')),
    idempotency: new Idempotency(db, clock),
    ai: deps.ai ?? createAi(config.ai, (failure) => app.log.warn({ ai: failure }, 'assistant call failed')),
  };
  const mailPort =
    deps.mail ?? (config.smtpUrl ? new SmtpMail(config.smtpUrl, config.mailFrom) : new OutboxMail(db));
  jobs.register<MailMessage>(MAIL_JOB, (message) => mailPort.deliver(message));

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly (the photo-mode OCR engine) needs wasm-unsafe-eval; no other eval is allowed.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 2, fields: 10 } });
  // The API reference maps every call: off in production unless API_DOCS turns it on.
  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'MindLedger API', version: '1.0.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }

  registerErrorHandling(app);
  registerRateLimit(app, config.rateLimits, store);
  ctx.idempotency.register(app);
  // The API serves only its own web app, on its own origin: a CORS preflight is refused plainly
  // (no Access-Control-* headers), rather than answered 404 as if the call did not exist.
  app.options('/api/*', { schema: { hide: true } }, async () => {
    throw forbidden('Cross-origin requests are not allowed: this API answers only its own web app.');
  });

  const auth = new AuthService(ctx);
  const profile = new ProfileService(ctx, auth);
  const connectionsService = new ConnectionsService(ctx);
  const goalsService = new GoalsService(ctx);
  const moodsService = new MoodsService(ctx, goalsService);
  if (deps.seedDemoJournal) await seedDemoJournal(ctx, moodsService);
  await app.register(
    async (v1) => {
      await v1.register(authRoutes(ctx, auth));
      await v1.register(profileRoutes(ctx, profile));
      await v1.register(adminRoutes(ctx));
      await v1.register(providerConnectionRoutes(ctx, connectionsService));
      await v1.register(clientConnectionRoutes(ctx, connectionsService));
      await v1.register(goalRoutes(ctx, goalsService));
      await v1.register(moodRoutes(ctx, moodsService));
      await v1.register(moodsService.photos.routes());
      await v1.register(securityLogoutRoute(ctx));
      await v1.register(clientConfigRoutes(ctx));
    },
    { prefix: '/api/v1' },
  );
  await app.register(
    async (api) => {
      await api.register(healthRoutes());
      await api.register(auditRoutes(ctx));
      await api.register(dashboardRoutes(ctx, moodsService));
      if (config.env !== 'production') await api.register(devRoutes(ctx));
    },
    { prefix: '/api' },
  );

  await app.register(aiJournalRoutes(ctx, new AiJournalService(ctx)), { prefix: '/api/ai' });

  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!request.url.startsWith('/api/') && request.method === 'GET' && hasWeb) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found' });
  });

  await jobs.start();
  await sessionRegistry.start();
  // Kept answers of idempotent creates go after 24 hours (at start, then hourly).
  await ctx.idempotency.purge();
  const purging = setInterval(() => void ctx.idempotency.purge().catch(() => undefined), 3_600_000);
  purging.unref();
  app.addHook('onClose', async () => {
    clearInterval(purging);
    await sessionRegistry.close();
    await jobs.stop();
    if (!deps.store) await store.close();
  });
  return Object.assign(app, { ctx }) as unknown as FastifyInstance & { ctx: AppContext };
}
