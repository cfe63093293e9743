import fc from 'fast-check';
import { hostileString, hostileValue } from './hostile.js';
import { openRecord, vocabulary } from './vocabulary.js';

/** The part of JSON Schema (as @fastify/swagger writes it for OpenAPI 3.0) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

/**
 * How far a case strays from the schema: 'clean' cases use schema-shaped and known values only (to
 * reach the services and SQL), 'mixed' ones have hostile values here and there, 'hostile' ones
 * mostly.
 */
export type Level = 'clean' | 'mixed' | 'hostile';
export const levels: readonly Level[] = ['clean', 'mixed', 'hostile'];

const hostileWeight: Record<Level, number> = { clean: 0, mixed: 1, hostile: 6 };

function shapedString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      /* a pattern JavaScript cannot read: fall through */
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  const bounded = fc.string({ minLength, maxLength });
  if (schema.maxLength === undefined) return bounded;
  // At the limit and just past it.
  const edge = fc.constantFrom(schema.maxLength, schema.maxLength + 1).map((n) => 'x'.repeat(n));
  return fc.oneof({ weight: 5, arbitrary: bounded }, { weight: 1, arbitrary: edge });
}

function shapedNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1e6, -1e9);
  const max = Math.min(schema.maximum ?? 1e6, 1e9);
  const inRange = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
  return fc.oneof(
    { weight: 5, arbitrary: inRange },
    { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1) },
  );
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties || schema.additionalProperties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** Generates values for schemas at one level of hostility. */
export class SchemaArbitraries {
  constructor(private readonly level: Level) {}

  /** A value for a named field: known values, schema-shaped ones and (by level) hostile ones. */
  field(name: string, schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
    const known = Object.hasOwn(vocabulary, name) ? vocabulary[name] : undefined;
    const options: fc.WeightedArbitrary<unknown>[] = [];
    if (known) options.push({ weight: 4, arbitrary: known });
    if (schema && Object.keys(schema).length > 0) options.push({ weight: 3, arbitrary: this.value(schema) });
    else if (!known) options.push({ weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
    if (hostileWeight[this.level] > 0)
      options.push({ weight: hostileWeight[this.level], arbitrary: hostileValue });
    return fc.oneof(...options);
  }

  /** A value of the schema's shape (its fields through `field`). */
  value(schema: JsonSchema): fc.Arbitrary<unknown> {
    const shaped = this.shaped(schema);
    return schema.nullable ? fc.oneof({ weight: 6, arbitrary: shaped }, fc.constant(null)) : shaped;
  }

  private shaped(schema: JsonSchema): fc.Arbitrary<unknown> {
    if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => this.value(s)));
    if (schema.allOf?.[0]) return this.value(schema.allOf[0]);
    switch (typeOf(schema)) {
      case 'string':
        return shapedString(schema);
      case 'integer':
        return shapedNumber(schema, true);
      case 'number':
        return shapedNumber(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(schema.items ? this.value(schema.items) : fc.jsonValue({ maxDepth: 1 }), {
          minLength: Math.min(schema.minItems ?? 0, 3),
          maxLength: Math.max(Math.min(schema.maxItems ?? 4, 4), Math.min(schema.minItems ?? 0, 3)),
        });
      case 'object':
        return this.object(schema);
      default:
        return fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileString);
    }
  }

  private object(schema: JsonSchema): fc.Arbitrary<unknown> {
    const properties = schema.properties ?? {};
    const names = Object.keys(properties);
    if (names.length === 0) return openRecord((name) => this.field(name, undefined));
    const model = Object.fromEntries(names.map((name) => [name, this.field(name, properties[name])]));
    // Clean cases keep the required fields; others may drop them too.
    const requiredKeys =
      this.level === 'clean' ? (schema.required ?? []).filter((k) => names.includes(k)) : [];
    const record = fc.record(model, { requiredKeys });
    if (this.level === 'clean') return record;
    const extra = fc.dictionary(
      fc.constantFrom('__proto__', 'constructor', 'prototype', '\u0000', '\ud800', 'toString', 'extra'),
      hostileValue,
      { maxKeys: 2 },
    );
    return fc
      .tuple(record, fc.option(extra, { freq: 4 }))
      .map(([base, more]) => (more ? Object.assign(Object.create(null) as object, more, base) : base));
  }
}
