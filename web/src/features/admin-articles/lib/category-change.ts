/** A category change is sent only if a category is chosen and differs from the current one. */
export function canChangeCategory(chosen: number | undefined, currentId: number): chosen is number {
  return typeof chosen === 'number' && chosen > 0 && chosen !== currentId;
}
