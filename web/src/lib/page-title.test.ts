import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it('gives the home title with the tagline and other pages as part | site', () => {
    expect(pageTitle('The Daily Smear')).toBe('The Daily Smear | Savage News & Scandals');
    expect(pageTitle('The Daily Smear', 'Politics')).toBe('Politics | The Daily Smear');
  });
});
