import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it('lowercases and hyphenates words', () => {
    expect(slugify('Minister Resigns Over Biscuit')).toBe('minister-resigns-over-biscuit');
  });
  it('drops punctuation and apostrophes', () => {
    expect(slugify('PM\'s "Totally Normal" Week: 5 Scandals!')).toBe('pms-totally-normal-week-5-scandals');
  });
  it('collapses whitespace runs and repeated hyphens, trims edge hyphens', () => {
    expect(slugify('  --Hello   --  World--  ')).toBe('hello-world');
    expect(slugify('a\t\n b')).toBe('a-b');
  });
  it('turns accented and other Latin letters into their plain form', () => {
    expect(slugify('Café Über Piñata')).toBe('cafe-uber-pinata');
    expect(slugify('Café Owner Bans Crème Brûlée')).toBe('cafe-owner-bans-creme-brulee');
    expect(slugify('Łódź Straße Ærø Œuvre Þing İstanbul ﬁnal')).toBe('lodz-strasse-aero-oeuvre-thing-istanbul-final');
  });
  it('drops letters of other scripts and symbols', () => {
    expect(slugify('Москва 東京 Tokyo €5')).toBe('tokyo-5');
  });
  it('gives an empty slug for missing or non-string titles', () => {
    expect(slugify(undefined)).toBe('');
    expect(slugify(null)).toBe('');
    expect(slugify(42)).toBe('');
    expect(slugify({})).toBe('');
    expect(slugify('!!!')).toBe('');
  });
});
