import { describe, expect, it } from 'vitest';
import { checkEnvelope } from './appinsights-collector.ts';

const KEY = '00000000-0000-0000-0000-000000000001';

function exceptionEnvelope(exceptions: unknown) {
  return {
    iKey: KEY,
    name: 'Microsoft.ApplicationInsights.Exception',
    time: new Date(0).toISOString(),
    data: { baseType: 'ExceptionData', baseData: { ver: 2, exceptions, severityLevel: 3 } },
  };
}

describe('checkEnvelope: exceptions', () => {
  it('accepts an exception with its type name, message and stack', () => {
    expect(
      checkEnvelope(
        exceptionEnvelope([{ typeName: 'TypeError', message: 'boom', hasFullStack: true, stack: 'TypeError: boom' }]),
        KEY,
      ),
    ).toBeNull();
  });

  it('refuses one without exceptions, or an exception without its type name or message', () => {
    expect(checkEnvelope(exceptionEnvelope(undefined), KEY)).toBe('Field exceptions on type ExceptionData is required');
    expect(checkEnvelope(exceptionEnvelope([]), KEY)).toBe('Field exceptions on type ExceptionData is required');
    expect(checkEnvelope(exceptionEnvelope([{ message: 'boom' }]), KEY)).toBe(
      'Field typeName on type ExceptionDetails is required',
    );
    expect(checkEnvelope(exceptionEnvelope([{ typeName: 'Error' }]), KEY)).toBe(
      'Field message on type ExceptionDetails is required',
    );
  });
});
