import { APPEARANCES, type Appearance } from '@common/admin-appearance';
import { setAppearance } from '../appearance-store.ts';
import { useAppearance } from '../use-appearance.ts';

const LABELS: Record<Appearance, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/**
 * The header's Appearance control (docs/product.md, Admin header): a small 'Appearance' caption, then
 * three radio buttons drawn as one segmented button; arrow keys move between them and the choice applies
 * at once. The group is named by its legend; the caption shows the same word (a screen reader hears it once).
 */
export function AppearanceControl() {
  const appearance = useAppearance();
  return (
    <fieldset className="admin-appearance">
      <legend className="admin-sr-only">Appearance</legend>
      <span className="admin-appearance__caption" aria-hidden="true">
        Appearance
      </span>
      <span className="admin-appearance__buttons">
        {APPEARANCES.map((value) => (
          <label key={value} className="admin-appearance__option">
            <input
              type="radio"
              className="admin-appearance__input"
              name="admin-appearance"
              value={value}
              checked={appearance === value}
              onChange={() => setAppearance(value)}
            />
            <span className="admin-appearance__text">{LABELS[value]}</span>
          </label>
        ))}
      </span>
    </fieldset>
  );
}
