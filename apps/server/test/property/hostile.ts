import fc from 'fast-check';

/**
 * Values an attacker sends in place of what a field expects: characters PostgreSQL refuses,
 * prototype names, impossible dates, numbers JSON or JavaScript handle badly, wrong types, long
 * and deeply nested values. Used by the no-5xx property tests next to schema-shaped values.
 */
export const hostileWords = [
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\ufeff',
  '\u202e',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '2024-02-30',
  '2023-02-29',
  '9999-12-31',
  '0000-00-00',
  '+275760-09-13',
  '-271821-04-20',
  '1969-12-31T23:59:59Z',
  '2024-02-30T00:00:00Z',
  'NaN',
  'Infinity',
  '-1',
  '1e308',
  '9007199254740993',
  'null',
  'undefined',
  'true',
  '',
  ' ',
  "' OR 1=1 --",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '😀',
  '👩‍💻',
] as const;

/** A string with hostile characters mixed in. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...hostileWords) },
  {
    weight: 6,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...hostileWords), fc.string({ maxLength: 8 })), { maxLength: 5 })
      .map((parts) => parts.join('')),
  },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\ud800', 'a', '\udc00'), maxLength: 20 }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', '\u0000', '😀', 'é'), fc.constantFrom(201, 2_001, 10_001, 50_001))
      .map(([unit, n]) => unit.repeat(n)),
  },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_SAFE_INTEGER - 2,
    2 ** 31,
    2 ** 53,
    8.64e15 + 1,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

function nestedValue(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Any JSON value an attacker could send, wrong types and prototype keys included. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      JSON.parse('{"__proto__":{"admin":true}}'),
      { constructor: { prototype: { admin: true } } },
      ['\u0000'],
      { '\u0000': '\ud800' },
      nestedValue(33),
      nestedValue(200),
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Raw bodies that are not the JSON a route expects (sent with a JSON content type). */
export const hostileRawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'not json',
    '{',
    '[]',
    '"text"',
    '123',
    'null',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"a":"\\u0000","b":"\\ud800"}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`,
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const surrogate = /[\uD800-\uDFFF]/;

/** Percent-encodes text for a URL, lone surrogates as their (invalid) three UTF-8-style bytes. */
export function encodeUrlPart(text: string): string {
  if (!surrogate.test(text)) return encodeURIComponent(text);
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}
