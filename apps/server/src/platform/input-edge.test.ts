import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { cleanInput, inputLimits } from './input-edge.js';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

describe('cleanInput', () => {
  it('cleans strings at any depth, keys included', () => {
    const body = {
      'na\u0000me': 'a\u0000b',
      list: ['x\ud800', { deep: '\udc00' }],
      n: 1,
      ok: true,
      none: null,
    };
    expect(cleanInput(body)).toEqual({
      name: 'ab',
      list: ['x\ufffd', { deep: '\ufffd' }],
      n: 1,
      ok: true,
      none: null,
    });
  });

  it('answers the same reference when nothing changes', () => {
    const body = { a: ['b', { c: 'd' }] };
    expect(cleanInput(body)).toBe(body);
    expect(cleanInput(undefined)).toBeUndefined();
  });

  it('keeps a __proto__ key an own property, never the prototype', () => {
    const body = JSON.parse('{"__proto__":{"polluted":"x\\u0000"},"a":"b"}') as Record<string, unknown>;
    const clean = cleanInput(body) as Record<string, unknown>;
    expect(Object.getPrototypeOf(clean)).toBe(Object.prototype);
    expect(Object.hasOwn(clean, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the prototype of a parsed query string', () => {
    const query = Object.create(Object.create(null) as object) as Record<string, unknown>;
    query.search = 'a\u0000';
    const clean = cleanInput(query) as Record<string, unknown>;
    expect(clean.search).toBe('a');
    expect(Object.getPrototypeOf(clean)).toBe(Object.getPrototypeOf(query));
  });

  it(`refuses containers nested deeper than ${inputLimits.maxDepth} levels with a 400`, () => {
    expect(() => cleanInput(nested(inputLimits.maxDepth))).not.toThrow();
    let error: unknown;
    try {
      cleanInput(nested(inputLimits.maxDepth + 1));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toBe('The request is nested too deeply.');
  });

  it('leaves buffers alone', () => {
    const buffer = Buffer.from('a\u0000b');
    expect(cleanInput(buffer)).toBe(buffer);
  });
});
