import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './schema-arbitrary.js';

/** One operation of the API as its OpenAPI document describes it. */
export interface RouteSpec {
  method: string;
  /** The path as written in the document: '/api/v1/goals/{id}'. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  body?: JsonSchema;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * Every operation of the app, read from its OpenAPI document (built by @fastify/swagger from the
 * zod schemas of every route registered after it): a new route is covered without anyone listing
 * it. Only routes with `hide: true` (the document itself, the docs UI) are not in it.
 */
export async function routesOf(app: FastifyInstance): Promise<RouteSpec[]> {
  const reply = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  const document = reply.json<OpenApiDocument>();
  const routes: RouteSpec[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!methods.has(method)) continue;
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true })),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** A stable share of the routes for one of `parts` test files (so they can run in parallel). */
export function shareOf(routes: RouteSpec[], part: number, parts: number): RouteSpec[] {
  return routes.filter((_, i) => i % parts === part);
}
