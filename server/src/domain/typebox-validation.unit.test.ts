import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { typeboxValidatorCompiler, ValidationError } from './typebox-validation.ts';

describe('typeboxValidatorCompiler', () => {
  const validate = typeboxValidatorCompiler({
    schema: Type.Object({ count: Type.Optional(Type.Integer()) }),
    httpPart: 'querystring',
    method: 'GET',
    url: '/News',
  }) as (input: unknown) => { value?: unknown; error?: Error };

  it('converts query text to the schema type', () => {
    expect(validate({ count: '15' })).toEqual({ value: { count: 15 } });
  });

  it('answers invalid input with a ValidationError naming the field, without a stack trace', () => {
    const before = Error.stackTraceLimit;
    const { error } = validate({ count: 'abc' });
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).validation[0]).toMatchObject({ instancePath: '/count' });
    expect(error!.stack ?? '').not.toMatch(/\n\s+at /);
    expect(Error.stackTraceLimit).toBe(before);
  });
});
