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
      return `must be at most ${s.maxLength} characters`;
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
 */
export const typeboxValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = TypeCompiler.Compile(schema);
  const context: ValidationContext =
    httpPart === 'querystring' || httpPart === 'params' || httpPart === 'headers' ? httpPart : 'body';
  return (input: unknown) => {
    const value = httpPart === 'body' ? input : convertText(schema, input);
    if (check.Check(value)) return { value };
    return { error: withoutStack(() => new ValidationError(typeboxErrors(schema, value, check), context)) };
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
