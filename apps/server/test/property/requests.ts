import fc from 'fast-check';
import { demoPng } from '../../src/features/journal/demo-seed.js';
import { encodeUrlPart, hostileRawBody, hostileString } from './hostile.js';
import type { RouteSpec } from './routes.js';
import { levels, SchemaArbitraries, type Level } from './schema-arbitrary.js';
import { callerKinds, type CallerKind } from './world.js';

/** A multipart body: well formed, or broken in one of the ways the attack sent. */
export type MultipartKind =
  | 'image'
  | 'truncated'
  | 'no-boundary'
  | 'wrong-boundary'
  | 'empty-boundary'
  | 'proto-field'
  | 'text-fields'
  | 'two-files';

export type BodyPart =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'multipart'; variant: MultipartKind; field: string };

/** One generated request; values may hold world placeholders ('@entry'). */
export interface RequestCase {
  caller: CallerKind;
  /** 'spiked': a clean case with NUL or a lone surrogate put into one of its strings. */
  level: Level | 'spiked';
  params: Record<string, unknown>;
  query: [string, unknown][];
  body: BodyPart;
}

const multipartKinds: MultipartKind[] = [
  'image',
  'truncated',
  'no-boundary',
  'wrong-boundary',
  'empty-boundary',
  'proto-field',
  'text-fields',
  'two-files',
];
const fileFields = ['photo', 'avatar', 'file', '__proto__'];

function queryArbitrary(route: RouteSpec, values: SchemaArbitraries, level: Level) {
  const present = route.query.map((p) =>
    fc.option(
      values.field(p.name, p.schema).map((v): [string, unknown] => [p.name, v]),
      { freq: p.required && level === 'clean' ? 100 : 2 },
    ),
  );
  const known = fc.tuple(...present).map((pairs) => pairs.filter((p): p is [string, unknown] => p !== null));
  if (level === 'clean') return known;
  const extra = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('__proto__', 'constructor', '\u0000', '\ud800', ...route.query.map((p) => p.name)),
        hostileString,
      ),
      fc.oneof(hostileString, fc.jsonValue({ maxDepth: 1 })),
    ),
    { maxLength: 3 },
  );
  return fc.tuple(known, extra).map(([a, b]) => [...a, ...b]);
}

function bodyArbitrary(route: RouteSpec, values: SchemaArbitraries): fc.Arbitrary<BodyPart> {
  const none = fc.constant<BodyPart>({ kind: 'none' });
  const raw = fc
    .tuple(hostileRawBody, fc.constantFrom('application/json', 'text/plain', 'application/xml'))
    .map(([text, contentType]): BodyPart => ({ kind: 'raw', text, contentType }));
  const multipart = fc
    .tuple(fc.constantFrom(...multipartKinds), fc.constantFrom(...fileFields))
    .map(([variant, field]): BodyPart => ({ kind: 'multipart', variant, field }));
  const json = (schema: Parameters<SchemaArbitraries['value']>[0]) =>
    values.value(schema).map((value): BodyPart => ({ kind: 'json', value }));
  if (route.method === 'GET') return fc.oneof({ weight: 20, arbitrary: none }, raw);
  if (route.body) {
    return fc.oneof(
      { weight: 16, arbitrary: json(route.body) },
      { weight: 1, arbitrary: none },
      { weight: 1, arbitrary: raw },
      { weight: 1, arbitrary: multipart },
    );
  }
  return fc.oneof(
    { weight: 4, arbitrary: none },
    { weight: 4, arbitrary: multipart },
    { weight: 1, arbitrary: json({ type: 'object', additionalProperties: {} }) },
    { weight: 1, arbitrary: raw },
  );
}

/** The requests of one route: each caller kind, each level of hostility. */
export function requestCases(route: RouteSpec): fc.Arbitrary<RequestCase> {
  const byLevel = levels.map((level) => {
    const values = new SchemaArbitraries(level);
    const params = fc.record(
      Object.fromEntries(route.pathParams.map((p) => [p.name, values.field(p.name, p.schema)])),
    );
    return fc.record({
      caller: fc.constantFrom(...callerKinds),
      level: fc.constant(level),
      params,
      query: queryArbitrary(route, values, level),
      body: bodyArbitrary(route, values),
    });
  });
  const [clean, mixed, hostile] = byLevel as [
    fc.Arbitrary<RequestCase>,
    fc.Arbitrary<RequestCase>,
    fc.Arbitrary<RequestCase>,
  ];
  // A clean case with one string spiked: the rest stays valid, so the spike reaches the SQL.
  const spiked = fc
    .tuple(clean, fc.nat(), fc.constantFrom(...spikes), fc.nat())
    .map(([c, leaf, spike, at]) => spikeCase(c, leaf, spike, at));
  return fc.oneof(
    { weight: 3, arbitrary: clean },
    { weight: 3, arbitrary: spiked },
    { weight: 2, arbitrary: mixed },
    { weight: 1, arbitrary: hostile },
  );
}

const spikes = ['\u0000', '\ud800', '\udfff', 'a\u0000', '\ud83d'];

type Holder = Record<string | number, unknown>;

/** Inserts `spike` into the `leaf`-th string of the case (modulo their number), at `at`. */
function spikeCase(c: RequestCase, leaf: number, spike: string, at: number): RequestCase {
  const copy = structuredClone({ params: c.params, query: c.query, body: c.body });
  const slots: [Holder, string | number][] = [];
  const visit = (holder: Holder, key: string | number) => {
    const value = holder[key];
    if (typeof value === 'string') slots.push([holder, key]);
    else if (Array.isArray(value)) value.forEach((_, i) => visit(value as unknown as Holder, i));
    else if (typeof value === 'object' && value !== null)
      for (const k of Object.keys(value)) visit(value as Holder, k);
  };
  visit(copy as unknown as Holder, 'params');
  visit(copy as unknown as Holder, 'query');
  if (copy.body.kind === 'json') visit(copy.body as unknown as Holder, 'value');
  const slot = slots[leaf % Math.max(slots.length, 1)];
  if (!slot) return c;
  const [holder, key] = slot;
  const value = String(holder[key]);
  const index = at % (value.length + 1);
  Object.defineProperty(holder, key, {
    value: value.slice(0, index) + spike + value.slice(index),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return { ...c, ...copy, level: 'spiked' };
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The URL of a case (placeholders already resolved). */
export function urlOf(route: RouteSpec, params: Record<string, unknown>, query: [string, unknown][]): string {
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeUrlPart(text(params[name])));
  const pairs = query.flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${encodeUrlPart(key)}=${encodeUrlPart(text(v))}`),
  );
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

let image: Buffer | undefined;

/** The payload and content type of a multipart case. */
function multipartPayload(variant: MultipartKind, field: string): { payload: Buffer; contentType: string } {
  image ??= demoPng(30);
  const boundary = 'propertyboundary';
  const part = (name: string, body: Buffer, filename = 'a.png') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      body,
      Buffer.from('\r\n'),
    ]);
  const textPart = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const whole = Buffer.concat([part(field, image), end]);
  const typed = (b: string) => `multipart/form-data; boundary=${b}`;
  switch (variant) {
    case 'image':
      return { payload: whole, contentType: typed(boundary) };
    case 'truncated':
      return { payload: whole.subarray(0, Math.floor(whole.length / 2)), contentType: typed(boundary) };
    case 'no-boundary':
      return { payload: whole, contentType: 'multipart/form-data' };
    case 'wrong-boundary':
      return { payload: whole, contentType: typed('another') };
    case 'empty-boundary':
      return { payload: whole, contentType: 'multipart/form-data; boundary=' };
    case 'proto-field':
      return {
        payload: Buffer.concat([textPart('__proto__', 'x'), part(field, image), end]),
        contentType: typed(boundary),
      };
    case 'text-fields':
      return {
        payload: Buffer.concat([
          textPart('note', 'a\u0000b'),
          textPart('x\u0000', '\ud800'),
          part(field, image),
          end,
        ]),
        contentType: typed(boundary),
      };
    case 'two-files':
      return {
        payload: Buffer.concat([part(field, image), part(field, image, 'b.png'), end]),
        contentType: typed(boundary),
      };
  }
}

/** The payload and headers of a case's body (placeholders already resolved). */
export function payloadOf(body: BodyPart): { payload?: string | Buffer; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { payload: JSON.stringify(body.value) ?? 'null', contentType: 'application/json' };
    case 'raw':
      return { payload: body.text, contentType: body.contentType };
    case 'multipart':
      return multipartPayload(body.variant, body.field);
  }
}
