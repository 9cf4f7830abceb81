import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window.ts';

describe('pageWindow', () => {
  it('shows every page up to 5', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('shows pages 1-4, an ellipsis and the last page near the start', () => {
    expect(pageWindow(1, 6)).toEqual([1, 2, 3, 4, 'ellipsis-end', 6]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 'ellipsis-end', 20]);
  });
  it('shows the first page, an ellipsis and the last 4 near the end', () => {
    expect(pageWindow(20, 20)).toEqual([1, 'ellipsis-start', 17, 18, 19, 20]);
    expect(pageWindow(18, 20)).toEqual([1, 'ellipsis-start', 17, 18, 19, 20]);
    expect(pageWindow(4, 6)).toEqual([1, 'ellipsis-start', 3, 4, 5, 6]);
  });
  it('shows the neighbours of the current page between two ellipses in the middle', () => {
    expect(pageWindow(4, 20)).toEqual([1, 'ellipsis-start', 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageWindow(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(pageWindow(17, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 'ellipsis-end', 20]);
  });
  it('clamps a current page outside the range', () => {
    expect(pageWindow(99, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
    expect(pageWindow(0, 10)).toEqual([1, 2, 3, 4, 'ellipsis-end', 10]);
  });
});
