import { z } from 'zod';
import { invalidContentText, sanitizeText, storableText } from '@mindledger/domain';
import { weeklyTexts } from './messages.js';

/**
 * The dashboard snapshot a client shares (Part 2 §7 "Dashboard sharing"; its validation is "not
 * shown", so ours, docs/API-weekly-insights.md): plain JSON, an object at the top, at most 64 KB as
 * sent, nesting at most 8 levels, arrays of at most 500 items, objects of at most 200 keys. Every
 * string (keys too) goes through the domain's sanitiser (markup, script schemes and handlers go);
 * keys are at most 100 characters, values at most 2,000; numbers must be finite. Keys that name
 * prototypes are dropped. The provider's screen renders the result as text, never as markup.
 */
export const dashboardLimits = {
  bytes: 64 * 1024,
  depth: 8,
  arrayItems: 500,
  objectKeys: 200,
  keyLength: 100,
  stringLength: 2000,
} as const;

const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

class Refused extends Error {}

function cleanString(value: string, max: number): string {
  const clean = sanitizeText(storableText(value), { maxLength: max, normalizeWhitespace: false });
  return clean === invalidContentText ? '' : clean.trim();
}

function clean(value: unknown, depth: number): JsonValue {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Refused();
    return value;
  }
  if (typeof value === 'string') return cleanString(value, dashboardLimits.stringLength);
  if (depth >= dashboardLimits.depth) throw new Refused();
  if (Array.isArray(value)) {
    if (value.length > dashboardLimits.arrayItems) throw new Refused();
    return value.map((item) => clean(item, depth + 1));
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length > dashboardLimits.objectKeys) throw new Refused();
    const out: Record<string, JsonValue> = Object.create(null) as Record<string, JsonValue>;
    for (const [rawKey, item] of entries) {
      const key = cleanString(rawKey, dashboardLimits.keyLength);
      if (key === '' || forbiddenKeys.has(key)) continue;
      out[key] = clean(item, depth + 1);
    }
    // a plain object again (Object.create(null) was only to keep odd keys from the prototype)
    return { ...out };
  }
  throw new Refused();
}

/** The sanitised snapshot, or null when it is not plain JSON within the limits. */
export function sanitizeDashboardData(value: unknown): Record<string, JsonValue> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  try {
    return clean(value, 0) as Record<string, JsonValue>;
  } catch (error) {
    if (error instanceof Refused || error instanceof RangeError) return null;
    throw error;
  }
}

/** The POST dashboard/share body: a provider and the snapshot, checked and sanitised. */
export const dashboardShareBody = z.object({
  doctorEmail: z.union([z.string().max(255), z.object({ email: z.string().max(255) })]).optional(),
  dashboardData: z
    .unknown()
    .superRefine((value, ctx) => {
      let size = Infinity;
      try {
        size = Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
      } catch {
        // not serialisable: refused below
      }
      if (size > dashboardLimits.bytes)
        ctx.addIssue({ code: 'custom', message: weeklyTexts.dashboardTooLarge });
    })
    .transform((value, ctx) => {
      const data = sanitizeDashboardData(value);
      if (!data) {
        ctx.addIssue({ code: 'custom', message: weeklyTexts.dashboardInvalid });
        return z.NEVER;
      }
      return data;
    }),
});
