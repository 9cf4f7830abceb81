/**
 * Latin letters that Unicode decomposition does not split into a base letter and a mark, written
 * the way an English-language newsroom would spell them without accents.
 */
const PLAIN_LETTERS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ł: 'l',
  Ł: 'l',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŋ: 'n',
  Ŋ: 'n',
  ŧ: 't',
  Ŧ: 't',
  ſ: 's',
};
const SPECIAL = new RegExp(`[${Object.keys(PLAIN_LETTERS).join('')}]`, 'g');

/**
 * The slug rule (docs/product.md, Validation): accented and other Latin letters become their plain
 * form first ("Café Über Piñata" → "cafe uber pinata": Unicode compatibility decomposition with the
 * marks dropped, and the few letters listed above); then lowercase; drop every character other than
 * a-z, 0-9, space and hyphen; turn whitespace runs into one hyphen; collapse repeated hyphens; trim
 * hyphens at both ends. A missing or non-string title gives ''.
 */
export function slugify(title: unknown): string {
  if (typeof title !== 'string') return '';
  return title
    .replace(SPECIAL, (c) => PLAIN_LETTERS[c]!)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}
