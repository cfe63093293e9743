import fc from 'fast-check';
import { afterAll, it } from 'vitest';
import { startServer } from '../harness.js';
import { payloadOf, requestCases, urlOf, type RequestCase } from './requests.js';
import { routesOf, shareOf, type RouteSpec } from './routes.js';
import { World, WorldPool } from './world.js';

/** Cases per route: 100 by default (npm test); PROPERTY_RUNS raises it (1,000 in npm run test:full). */
export const propertyRuns = Number(process.env.PROPERTY_RUNS ?? 100);
/** PROPERTY_SEED replays a run that failed (the seed is printed with the counterexample). */
const seed = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined;

function clip(text: string, max = 600): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

async function send(world: World, route: RouteSpec, c: RequestCase) {
  const params = world.resolve(c.params) as Record<string, unknown>;
  const query = world.resolve(c.query) as [string, unknown][];
  const body = world.resolve(c.body) as RequestCase['body'];
  const url = urlOf(route, params, query);
  const { payload, contentType } = payloadOf(body);
  const headers: Record<string, string> = {};
  const token = world.token(c.caller);
  if (token) headers.authorization = `Bearer ${token}`;
  if (contentType) headers['content-type'] = contentType;
  const reply = await world.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return { reply, url, payload };
}

/**
 * Registers one test per route of this file's share: `propertyRuns` generated requests (every
 * caller kind, schema-shaped and hostile values) and none may answer 5xx. A failure names the
 * route and prints fast-check's counterexample (placeholders such as '@entry' stand for the test
 * world's rows) with the request as sent and the answer.
 */
export async function registerNo5xxTests(part: number, parts: number): Promise<void> {
  const server = await startServer({
    rateLimits: {
      enabled: false,
      loginFailuresPerPair: 1e9,
      loginFailuresPerIp: 1e9,
      loginFailuresPerAccountHour: 1e9,
    },
  });
  afterAll(async () => {
    await server.close();
  });
  // Two routes at a time, each with its own world: while one waits for a password hash (on the
  // thread pool), the other uses the main thread.
  const pool = await WorldPool.open(server, 2);
  const routes = shareOf(await routesOf(server.app), part, parts);

  for (const route of routes) {
    it.concurrent(`${route.method} ${route.path} answers no 5xx`, { timeout: 30 * 60_000 }, async () => {
      const world = await pool.acquire();
      try {
        const property = fc.asyncProperty(requestCases(route), async (c) => {
          const { reply, url, payload } = await send(world, route, c);
          if (reply.statusCode >= 500) {
            throw new Error(
              `${route.method} ${url} as ${c.caller} answered ${reply.statusCode}: ${clip(reply.body, 300)}\n` +
                `body sent: ${clip(typeof payload === 'string' ? payload : String(payload?.length ?? 'none'))}`,
            );
          }
          if (c.caller !== 'none' && reply.statusCode === 401 && !(await world.alive(c.caller)))
            await world.build();
          else if (route.method !== 'GET' && reply.statusCode < 300) await world.afterWrite();
        });
        await fc.assert(property, { numRuns: propertyRuns, ...(seed === undefined ? {} : { seed }) });
      } finally {
        pool.release(world);
      }
    });
  }
}
