import fc from 'fast-check';
import { LIMITS } from '@hiraku/shared';
import { z } from 'zod';

/**
 * Values for the fuzzer, derived from the endpoints' zod schemas: mostly of the declared shape (so the
 * handlers behind the checks run too), and at every level now and then something hostile in its place.
 */

/** Real ids (reports, comments, tags, ...) and public ids of the world under test, so near-valid inputs reach real rows. */
export interface Pools {
  ids: readonly number[];
  publicIds: readonly string[];
}

/** Text that has broken parsers, databases, logs and HTML before. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\r\n\r\n',
  '\t',
  '\u202e反転\u202c',
  '\u200b',
  '\ufeff',
  '\ud800',
  '\udfff',
  'e\u0301\u0301\u0301',
  '𠮷野家',
  '👩‍👩‍👧‍👦',
  'ｱｲｳｴｵ',
  '①②③',
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-1',
  '1e999',
  '0x10',
  '9007199254740993',
  '__proto__',
  'constructor',
  'prototype',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '\\',
  '%00',
  '%',
  '../../etc/passwd',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '@',
  '@@@',
  'a@b',
  'member@example.com',
];

/** Lengths at, just under and just over every text limit. */
const LIMIT_LENGTHS = [
  ...new Set(
    Object.values(LIMITS)
      .filter((value): value is number => typeof value === 'number' && value > 0 && value <= 10_000)
      .flatMap((value) => [value - 1, value, value + 1]),
  ),
];

const JAPANESE = ['縄', 'あ', 'ア', '麻', '緊', '縛', 'ー', '。', '、', 'x', ' ', '\n'];

export const hugeString = fc.constantFrom('x'.repeat(100_000), '𠮷'.repeat(30_000), 'あ'.repeat(70_000));

/** Any text a member or an attacker might send. */
export function stringValue(pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: fc.constantFrom(...JAPANESE), maxLength: 40 }) },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
    { weight: 2, arbitrary: idText(pools) },
    { weight: 1, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: fc.constantFrom(...LIMIT_LENGTHS).chain((n) => fc.constantFrom('あ'.repeat(n), 'a'.repeat(n), '𠮷'.repeat(n))) },
    { weight: 1, arbitrary: hugeString },
  );
}

/** Numbers at the edges: ids of real rows, zero, negatives, fractions, beyond the safe integers. */
export function numberValue(pools: Pools): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pools.ids) },
    { weight: 2, arbitrary: fc.integer({ min: -5, max: 60 }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.constantFrom(0, -0, 0.5, -1, 2 ** 31, 2 ** 53, 2 ** 63, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 999_999_999) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );
}

/** An id as text: a real one, one that names nothing, or one that only looks like an id. */
export function idText(pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...pools.ids).map(String) },
    { weight: 1, arbitrary: fc.constantFrom(...pools.publicIds) },
    { weight: 1, arbitrary: fc.constantFrom('999999999', '0', '-1', '01', '1.0', '1e3', ' 1', '1 ', '+1', '0x1', '9'.repeat(30), '１２') },
  );
}

/** Keys that poison objects built from input, and a few that only look internal. */
export const POISON_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'role', 'userId', 'authorId', 'isOperator', 'id', '_id'];

/** Something of the wrong kind entirely: any JSON, or an object keyed to pollute prototypes. */
export function hostileValue(pools: Pools): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, [], {}, [[]], '', [null], { length: 1e9 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...POISON_KEYS), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }) },
    { weight: 1, arbitrary: stringValue(pools) },
    { weight: 1, arbitrary: fc.array(stringValue(pools), { maxLength: 300 }).filter((a) => a.length === 0 || a.length > 100) },
  );
}

type Schema = z.ZodType;

/** Field names that say what a bare string means: an address, a password, an id. */
function hintedString(key: string | undefined, pools: Pools): fc.Arbitrary<string> | null {
  if (!key) return null;
  if (/email/i.test(key)) return fc.oneof(fc.emailAddress(), fc.constantFrom('a@b', 'ＭＥ@example.com', `${'a'.repeat(250)}@e.jp`, 'x@y.z\u0000'));
  if (/password/i.test(key)) return fc.oneof(fc.string({ minLength: 6, maxLength: 140 }), fc.constantFrom('nawa-to-rousoku-2024', 'password'));
  if (/publicId|actor/i.test(key)) return fc.oneof(fc.constantFrom(...pools.publicIds), fc.string({ maxLength: 70 }));
  if (/(^id$|Id$|^ids$|gender|role|orientation|categor|content|parent|before|cursor|lastKey)/i.test(key)) return idText(pools);
  return null;
}

/**
 * Values of `schema`'s input shape. At every level, one time in `hostileOneIn` a hostile value takes the
 * place of the expected one, so each check meets wrong types while the rest of the input stays plausible.
 */
export function valueFor(schema: Schema, pools: Pools, key?: string, depth = 0, hostileOneIn = 12): fc.Arbitrary<unknown> {
  const typed = typedValueFor(schema, pools, key, depth, hostileOneIn);
  if (depth > 4) return typed;
  return fc.oneof({ weight: hostileOneIn - 1, arbitrary: typed }, { weight: 1, arbitrary: hostileValue(pools) });
}

function typedValueFor(schema: Schema, pools: Pools, key: string | undefined, depth: number, hostileOneIn: number): fc.Arbitrary<unknown> {
  const next = (inner: Schema, innerKey = key) => valueFor(inner, pools, innerKey, depth + 1, hostileOneIn);
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, Schema>;
    const fields = Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, next(field, name)]));
    // Every declared field most of the time; now and then some left out, and extra keys of the poisoning kind.
    const record = fc.oneof(
      { weight: 3, arbitrary: fc.record(fields) },
      { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    );
    return fc
      .tuple(record, fc.option(fc.dictionary(fc.constantFrom(...POISON_KEYS), hostileValue(pools), { maxKeys: 2 }), { freq: 6 }))
      .map(([value, extra]) => (extra ? { ...extra, ...value } : value));
  }
  if (schema instanceof z.ZodOptional) return fc.option(next(schema.unwrap() as Schema), { nil: undefined, freq: 6 });
  if (schema instanceof z.ZodNullable) return fc.option(next(schema.unwrap() as Schema), { nil: null, freq: 6 });
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) {
    return fc.option(next(schema.def.innerType as Schema), { nil: undefined, freq: 4 });
  }
  if (schema instanceof z.ZodPipe) {
    // z.preprocess: the function sits in front, so the shape to generate is the one after it.
    const front = schema.in as Schema;
    return front instanceof z.ZodTransform ? next(schema.out as Schema) : next(front);
  }
  if (schema instanceof z.ZodArray) return fc.array(next(schema.element as Schema), { maxLength: 12 });
  if (schema instanceof z.ZodUnion) return fc.oneof(...(schema.options as Schema[]).map((option) => next(option)));
  if (schema instanceof z.ZodEnum) {
    const options = schema.options as Array<string | number>;
    return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...options) }, { weight: 1, arbitrary: stringValue(pools) });
  }
  if (schema instanceof z.ZodLiteral) return fc.constantFrom(...(schema.values as Set<unknown>));
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodNull) return fc.constant(null);
  if (schema instanceof z.ZodNumber) return numberValue(pools);
  if (schema instanceof z.ZodString) {
    const hinted = hintedString(key, pools);
    return hinted ? fc.oneof({ weight: 3, arbitrary: hinted }, { weight: 1, arbitrary: stringValue(pools) }) : stringValue(pools);
  }
  // A bare transform or anything else this walker does not know: any JSON at all.
  return hostileValue(pools);
}

/** Query-string or form-field text for any value: how a browser would send it, more or less. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value);
}

/**
 * Flattens a value into `name[key][0]=value` pairs, the bracket notation of the report form (and of
 * PHP-style query strings): nested objects and lists become indexed names.
 */
export function flattenFields(value: unknown, prefix = ''): Array<[string, string]> {
  if (value === undefined) return [];
  if (Array.isArray(value)) {
    if (!prefix) return [['_', JSON.stringify(value)]];
    return value.flatMap((item, index) => flattenFields(item, `${prefix}[${index}]`));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => flattenFields(item, prefix ? `${prefix}[${name}]` : name));
  }
  return [[prefix || '_', asText(value)]];
}
