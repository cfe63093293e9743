import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { storableText } from '@mindledger/domain';
import { badRequest } from './errors.js';

/**
 * The edge every request's input passes before its schema: body, query string and path
 * parameters, keys and values. Strings lose NUL and get U+FFFD for an unpaired surrogate
 * (storableText: PostgreSQL refuses both), so no text a client sends can fail in SQL; bodies
 * nested deeper than `maxDepth` are refused (no form or entry nests past a handful of levels).
 */
export const inputLimits = { maxDepth: 32 } as const;
export const inputMessages = { tooDeep: 'The request is nested too deeply.' } as const;

class TooDeep extends Error {}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  // JSON bodies are plain objects; a parsed query string's prototype is an empty object without
  // one. Buffers and streams (other content types) are left to their routes.
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}

function cleanArray(list: unknown[], depth: number): unknown[] {
  let out: unknown[] | undefined;
  list.forEach((item, i) => {
    const clean = cleanValue(item, depth);
    if (clean !== item) (out ??= list.slice())[i] = clean;
  });
  return out ?? list;
}

function cleanObject(object: Record<string, unknown>, depth: number): Record<string, unknown> {
  let changed = false;
  const entries = Object.keys(object).map((key): [string, unknown] => {
    const value = object[key];
    const cleanKey = storableText(key);
    const clean = cleanValue(value, depth);
    if (cleanKey !== key || clean !== value) changed = true;
    return [cleanKey, clean];
  });
  if (!changed) return object;
  const out = Object.create(Object.getPrototypeOf(object) as object | null) as Record<string, unknown>;
  // defineProperty: a key such as '__proto__' stays an own property, never the prototype.
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function cleanValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return storableText(value);
  if (!isContainer(value)) return value;
  if (depth >= inputLimits.maxDepth) throw new TooDeep();
  return Array.isArray(value) ? cleanArray(value, depth + 1) : cleanObject(value, depth + 1);
}

/**
 * `value` with every string (object keys too) storable; the same reference when nothing changed.
 * Throws the 400 when containers nest deeper than `inputLimits.maxDepth`.
 */
export function cleanInput(value: unknown): unknown {
  try {
    return cleanValue(value, 0);
  } catch (error) {
    if (error instanceof TooDeep) throw badRequest(inputMessages.tooDeep);
    throw error;
  }
}

async function cleanRequestInput(request: FastifyRequest): Promise<void> {
  request.body = cleanInput(request.body);
  request.query = cleanInput(request.query);
  request.params = cleanInput(request.params);
}

/**
 * Adds the edge as the last preValidation hook of every route registered after this call: after
 * the route's own guards (a refused caller is refused, and audited, before its input is looked
 * at), before its schema, and also on routes without one.
 */
export function registerInputEdge(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const hooks: preValidationHookHandler[] = [route.preValidation ?? []].flat();
    if (hooks.includes(cleanRequestInput)) return;
    route.preValidation = [...hooks, cleanRequestInput];
  });
}
