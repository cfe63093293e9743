import { readFileSync } from 'node:fs';
import { crisisLines, type CrisisCountry, type CrisisTable } from '@mindledger/domain';
import { z } from 'zod';

/**
 * CRISIS_LINES_FILE: a deployment's own crisis lines (spec ruling 12), read once at start. The file
 * is JSON, `{ "countries": { "GB": { ... }, "JP": { ... } } }`, keyed by ISO 3166-1 alpha-2 code
 * (or INTL for the fallback). For a country of the built-in table
 * (packages/domain/src/safety/crisis-lines.ts) its `lines` are added, or replace the built-in ones
 * with `"mode": "replace"`; `name`, `emergency` and `timeZones` replace the built-in ones when given.
 * A country the table lacks needs `name`, `emergency` and `lines`. Anything else is refused, and the
 * server does not start: a wrong crisis number must never reach a person.
 */

const digits = /^\+?[0-9]+$/;
const line = z
  .object({
    name: z.string().trim().min(1).max(120),
    kind: z.enum(['call', 'text', 'web']),
    number: z.string().trim().min(1).max(40),
    href: z
      .string()
      .regex(
        /^(tel:\+?[0-9]+|sms:\+?[0-9]+|https:\/\/[^\s]+)$/,
        'expected tel:<digits>, sms:<digits> or https://…',
      ),
    keyword: z.string().trim().min(1).max(40).optional(),
    source: z.url({ protocol: /^https?$/ }),
    checked: z.iso.date(),
  })
  .strict()
  .refine(
    (l) =>
      l.kind === 'call'
        ? l.href.startsWith('tel:')
        : l.kind === 'text'
          ? l.href.startsWith('sms:')
          : l.href.startsWith('https://'),
    {
      message: 'href must be tel: for a call, sms: for a text, https:// for a website',
    },
  );
const emergency = z
  .object({
    number: z.string().regex(digits),
    href: z.string().regex(/^tel:\+?[0-9]+$/),
    note: z.string().trim().min(1).max(80).optional(),
  })
  .strict();
const country = z
  .object({
    name: z.string().trim().min(1).max(80).optional(),
    emergency: z.array(emergency).min(1).optional(),
    lines: z.array(line).min(1).optional(),
    mode: z.enum(['add', 'replace']).default('add'),
    timeZones: z.array(z.string().min(1).max(64)).optional(),
  })
  .strict();
export const crisisLinesFileSchema = z
  .object({
    countries: z.record(
      z.string().regex(/^([A-Z]{2}|INTL)$/, 'expected an ISO 3166-1 alpha-2 code or INTL'),
      country,
    ),
  })
  .strict();
export type CrisisLinesFile = z.infer<typeof crisisLinesFileSchema>;

/** The built-in table with a file's overrides and additions applied. */
export function mergeCrisisLines(file: CrisisLinesFile, base: CrisisTable = crisisLines): CrisisTable {
  const table: Record<string, CrisisCountry> = { ...base };
  for (const [code, change] of Object.entries(file.countries)) {
    const known = base[code];
    if (!known && (!change.name || !change.emergency || !change.lines))
      throw new Error(`${code} is not in the built-in table: give it name, emergency and lines`);
    const lines = change.lines ?? [];
    table[code] = {
      code,
      name: change.name ?? known!.name,
      emergency: change.emergency ?? known!.emergency,
      lines:
        known && change.mode === 'add' ? [...known.lines, ...lines] : lines.length > 0 ? lines : known!.lines,
      ...((change.timeZones ?? known?.timeZones) ? { timeZones: change.timeZones ?? known?.timeZones } : {}),
    };
  }
  return table;
}

/** The table the server answers with: the built-in one, or with CRISIS_LINES_FILE applied. */
export function loadCrisisLines(path: string | undefined): CrisisTable {
  if (!path) return crisisLines;
  const fail = (why: string): never => {
    throw new Error(`CRISIS_LINES_FILE ${path}: ${why}`);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const parsed = crisisLinesFileSchema.safeParse(raw);
  if (!parsed.success)
    return fail(parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; '));
  try {
    return mergeCrisisLines(parsed.data);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}
