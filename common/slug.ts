/**
 * The slug rule (docs/product.md, Validation): lowercase; drop every character other than
 * a-z, 0-9, space and hyphen; turn whitespace runs into one hyphen; collapse repeated
 * hyphens; trim hyphens at both ends. A missing or non-string title gives ''.
 */
export function slugify(title: unknown): string {
  if (typeof title !== 'string') return '';
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}
