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
import { createContext, type AppContext, type ContextDeps } from './context.js';
import { createServices, features, type ApiPrefix, type Services } from './features/index.js';
import { seedDemoBilling } from './features/billing/index.js';
import { seedDemoJournal } from './features/journal/index.js';
import { seedDemoAcceptance } from './features/legal/index.js';
import { forbidden } from './platform/errors.js';
import { registerErrorHandling } from './platform/http-errors.js';
import { registerBodyTimeout, serverTimeoutOptions } from './platform/http-timeouts.js';
import { registerInputEdge } from './platform/input-edge.js';
import { serializeError } from './platform/log-errors.js';
import { registerRateLimit } from './platform/rate-limit.js';
import { serializeRequest } from './platform/request-log.js';
import { loadWebShell } from './platform/web-shell.js';

export interface AppDeps extends Omit<ContextDeps, 'log'> {
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
): Promise<FastifyInstance & { ctx: AppContext; services: Services }> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: {
        err: serializeError,
        // The route's pattern, never the path (ids, checkout sessions) or the query (search terms).
        req: serializeRequest,
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
    ...serverTimeoutOptions(config.httpTimeouts),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerInputEdge(app);
  // First of the onRequest hooks: a body's time runs even for a call refused before it is read.
  registerBodyTimeout(app, config.httpTimeouts);
  app.decorateRequest('auth', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  const ctx = createContext(config, { ...deps, log: app.log });

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
  registerRateLimit(app, config.rateLimits, ctx.store);
  ctx.idempotency.register(app);
  // The API serves only its own web app, on its own origin: a CORS preflight is refused plainly
  // (no Access-Control-* headers), rather than answered 404 as if the call did not exist.
  app.options('/api/*', { schema: { hide: true } }, async () => {
    throw forbidden('Cross-origin requests are not allowed: this API answers only its own web app.');
  });

  const services = createServices(ctx);
  for (const feature of features) feature.jobs?.(ctx, services);
  if (deps.seedDemoJournal) {
    await seedDemoJournal(ctx, services.journal);
    await seedDemoBilling(ctx, services.billing);
    await seedDemoAcceptance(ctx);
  }
  const routes = features.flatMap((feature) => feature.routes?.(ctx, services) ?? []);
  for (const prefix of ['/api/v1', '/api', '/api/ai'] satisfies ApiPrefix[]) {
    await app.register(
      async (scope) => {
        for (const route of routes) if (route.prefix === prefix) await scope.register(route.plugin);
      },
      { prefix },
    );
  }

  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  const webShell = hasWeb ? loadWebShell(config.webDist) : null;
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
    if (!request.url.startsWith('/api/') && request.method === 'GET' && webShell) {
      reply.header('cache-control', 'no-cache');
      // the screen's chunks preloaded with the entry (decision 101)
      return reply.type('text/html; charset=utf-8').send(webShell.html(request.url.split('?')[0]!));
    }
    return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found' });
  });

  await ctx.jobs.start();
  await ctx.sessionRegistry.start();
  await services.notifications.start();
  // Open live streams would hold the server open: they end first (clients reconnect elsewhere).
  app.addHook('preClose', async () => {
    services.notifications.streams.closeAll();
  });
  app.addHook('onClose', async () => {
    await services.notifications.close();
    await ctx.sessionRegistry.close();
    await ctx.jobs.stop();
    if (!deps.store) await ctx.store.close();
  });
  return Object.assign(app, { ctx, services }) as unknown as FastifyInstance & {
    ctx: AppContext;
    services: Services;
  };
}
