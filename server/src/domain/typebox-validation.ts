import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';

/** One problem with one field: `field` is a dotted path ('' for the value itself). */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * The keyword of a string schema whose limit is counted in characters (common/text-length.ts): its
 * maxLength is then only a safety cap in code units, and a text over it is told the limit in characters.
 */
export const MAX_CHARACTERS = 'x-maxCharacters';

/**
 * The one message table of request validation (every route, through typeboxValidatorCompiler) and of the
 * article rules. A schema may carry `errorMessage` to replace the generic wording for its own value.
 */
function describe(e: ValueError): string {
  const custom = (e.schema as { errorMessage?: unknown }).errorMessage;
  if (typeof custom === 'string') return custom;
  const s = e.schema as Record<string, unknown>;
  switch (e.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return 'is required';
    case ValueErrorType.ObjectAdditionalProperties:
      return 'is not allowed';
    case ValueErrorType.String:
      return 'must be a string';
    case ValueErrorType.StringMinLength:
      return s.minLength === 1 ? 'must not be empty' : `must be at least ${s.minLength} characters`;
    case ValueErrorType.StringMaxLength:
      return `must be at most ${s[MAX_CHARACTERS] ?? s.maxLength} characters`;
    case ValueErrorType.StringPattern:
      return `must match the pattern ${String(s.pattern)}`;
    case ValueErrorType.Integer:
      return 'must be a whole number';
    case ValueErrorType.Number:
      return 'must be a number';
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `must be at least ${s.minimum}`;
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `must be at most ${s.maximum}`;
    case ValueErrorType.Boolean:
      return 'must be true or false';
    case ValueErrorType.Object:
      return 'must be a JSON object';
    case ValueErrorType.Array:
      return 'must be a list';
    case ValueErrorType.Null:
      return 'must be null';
    case ValueErrorType.Literal:
      return `must be ${JSON.stringify(s.const)}`;
    case ValueErrorType.Union: {
      const values = Array.isArray(s.anyOf) ? s.anyOf.map((v: { const?: unknown }) => v?.const) : [];
      if (values.length > 0 && values.every((v) => v !== undefined)) {
        return `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
      }
      return 'is not valid here';
    }
    default:
      return e.message;
  }
}

function fieldOf(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '.');
}

/**
 * Errors of `value` against `schema`, one per field (the first, most specific one),
 * so that a union's sub-errors do not drown the message.
 */
export function typeboxErrors(schema: TSchema, value: unknown, check = TypeCompiler.Compile(schema)): FieldError[] {
  const seen = new Map<string, string>();
  for (const e of check.Errors(value)) {
    const field = fieldOf(e.path);
    if (!seen.has(field)) seen.set(field, describe(e));
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

/** 'headline must not be empty; ratingOutOfTen must be at most 10'; `whole` names the value itself. */
export function formatFieldErrors(errors: FieldError[], whole = 'body'): string {
  return errors.map((e) => `${e.field || whole} ${e.message}`).join('; ');
}

export type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

/**
 * A 400 error in Fastify's own validation shape (`validation` holds Ajv-like items and
 * `validationContext` the request part), so plugins/problem.ts renders it as problem+json
 * naming the field.
 */
export class ValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  readonly validation: { instancePath: string; keyword: string; message: string; params: Record<string, unknown> }[];
  constructor(
    readonly fields: FieldError[],
    readonly validationContext: ValidationContext = 'body',
  ) {
    super(formatFieldErrors(fields, validationContext));
    this.name = 'ValidationError';
    this.validation = fields.map((f) => ({
      instancePath: f.field ? `/${f.field.replace(/\./g, '/')}` : '',
      keyword: 'typebox',
      message: f.message,
      params: {},
    }));
  }
}

/**
 * Characters no text of the site may hold: the C0 control characters other than tab, line feed and
 * carriage return (NUL among them, which PostgreSQL cannot store at all), the non-characters U+FFFE
 * and U+FFFF, and lone surrogates (half of a pair). XML forbids every one of them, so a headline
 * holding one would make the feeds and the sitemap ill-formed.
 */
const FORBIDDEN_CHARACTER =
  // eslint-disable-next-line no-control-regex -- finding control characters is this expression's purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORBIDDEN_CHARACTERS = new RegExp(FORBIDDEN_CHARACTER.source, 'g');

/** The first forbidden character of `text` as 'U+0000', or undefined when there is none. */
export function forbiddenCharacter(text: string): string | undefined {
  const m = FORBIDDEN_CHARACTER.exec(text);
  return m ? `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : undefined;
}

/** `text` without its forbidden characters. */
export function withoutForbiddenCharacters(text: string): string {
  return text.replace(FORBIDDEN_CHARACTERS, '');
}

const MAX_TEXT_DEPTH = 32;

/**
 * One error per text value (at any depth of an object or list) that holds a forbidden character,
 * named by its dotted path; keys are checked too.
 */
export function forbiddenCharacterErrors(value: unknown, path = '', depth = 0, out: FieldError[] = []): FieldError[] {
  if (typeof value === 'string') {
    const found = forbiddenCharacter(value);
    if (found) out.push({ field: path, message: `must not contain control characters (found ${found})` });
  } else if (value !== null && typeof value === 'object' && depth < MAX_TEXT_DEPTH) {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, v] of entries) {
      const field = path ? `${path}.${key}` : key;
      const inKey = forbiddenCharacter(key);
      if (inKey) out.push({ field: path, message: `must not have a field name containing ${inKey}` });
      else forbiddenCharacterErrors(v, field, depth + 1, out);
    }
  }
  return out;
}

/**
 * `value` with every forbidden character removed from its texts (at any depth), and the dotted
 * paths of the texts that changed.
 */
export function stripForbiddenCharacters(
  value: unknown,
  path = '',
  changed: string[] = [],
): { value: unknown; changed: string[] } {
  if (typeof value === 'string') {
    const clean = withoutForbiddenCharacters(value);
    if (clean !== value) changed.push(path);
    return { value: clean, changed };
  }
  if (Array.isArray(value)) {
    return {
      value: value.map((v, i) => stripForbiddenCharacters(v, path ? `${path}.${i}` : String(i), changed).value),
      changed,
    };
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = stripForbiddenCharacters(v, path ? `${path}.${key}` : key, changed).value;
    }
    return { value: out, changed };
  }
  return { value, changed };
}

const NUMERIC = /^[+-]?\d+(\.\d+)?$/;

function wantsNumber(schema: Record<string, unknown>): boolean {
  if (schema.type === 'integer' || schema.type === 'number') return true;
  const variants = schema.anyOf;
  return Array.isArray(variants) && variants.length > 0 && variants.every((v) => typeof v?.const === 'number');
}

/**
 * Turns the text of a query or path value into the number or boolean its schema asks for,
 * strictly: '1.5' stays 1.5 (and fails an integer check), 'abc' stays 'abc', '' stays ''.
 */
export function convertText(schema: TSchema, input: unknown): unknown {
  const props = (schema as { properties?: Record<string, Record<string, unknown>> }).properties;
  if (!props || input === null || typeof input !== 'object') return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [key, sub] of Object.entries(props)) {
    const v = out[key];
    if (typeof v !== 'string') continue;
    if (wantsNumber(sub) && NUMERIC.test(v)) out[key] = Number(v);
    else if (sub.type === 'boolean' && (v === 'true' || v === 'false')) out[key] = v === 'true';
  }
  return out;
}

/**
 * The validator compiler of every route (app.ts), backed by TypeBox: bodies are checked strictly (a string is
 * not a number), while params, querystrings and headers, which are always text, are converted first.
 * A body, query or path value holding a forbidden character (see FORBIDDEN_CHARACTER) is refused, naming it.
 */
export const typeboxValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = TypeCompiler.Compile(schema);
  const context: ValidationContext =
    httpPart === 'querystring' || httpPart === 'params' || httpPart === 'headers' ? httpPart : 'body';
  return (input: unknown) => {
    const value = httpPart === 'body' ? input : convertText(schema, input);
    if (!check.Check(value)) {
      return { error: withoutStack(() => new ValidationError(typeboxErrors(schema, value, check), context)) };
    }
    // No text with a character XML forbids (or PostgreSQL cannot store) gets past a route's validation.
    const forbidden = httpPart === 'headers' ? [] : forbiddenCharacterErrors(value);
    if (forbidden.length > 0) return { error: withoutStack(() => new ValidationError(forbidden, context)) };
    return { value };
  };
};

/**
 * A client's invalid input is answered with a 400 and never logged, so its error needs no stack
 * trace: capturing one was the largest single cost of answering a bad query.
 */
function withoutStack<T>(make: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
