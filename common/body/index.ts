/** The article body format: types, validator, renderer, text helpers and conversions (decision 032). */
export * from './types.ts';
export * from './validate.ts';
export * from './render.ts';
export * from './text.ts';
export * from './legacy.ts';
export * from './stored.ts';
