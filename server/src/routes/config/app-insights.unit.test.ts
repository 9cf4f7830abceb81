import { describe, expect, it } from 'vitest';
import { appInsightsConfig, instrumentationKeyOf } from './app-insights.ts';

describe('instrumentationKeyOf', () => {
  it('finds the key case-insensitively, wherever it is', () => {
    expect(
      instrumentationKeyOf('IngestionEndpoint=https://x/;instrumentationkey= abc-123 ;LiveEndpoint=https://y/'),
    ).toBe('abc-123');
    expect(instrumentationKeyOf('InstrumentationKey=k1')).toBe('k1');
  });
  it('gives an empty string without a key', () => {
    expect(instrumentationKeyOf('')).toBe('');
    expect(instrumentationKeyOf('IngestionEndpoint=https://x/')).toBe('');
    expect(instrumentationKeyOf('garbage')).toBe('');
  });
  it('builds the response shape', () => {
    expect(appInsightsConfig('  InstrumentationKey=k ')).toEqual({
      ConnectionString: 'InstrumentationKey=k',
      InstrumentationKey: 'k',
    });
  });
});
