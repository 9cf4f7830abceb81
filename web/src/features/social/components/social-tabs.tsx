import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDef {
  id: string;
  label: string;
  panel: ReactNode;
}

/** WAI-ARIA tabs: role tablist/tab/tabpanel, roving tabindex, Left/Right/Home/End keys. */
export function SocialTabs({ tabs, label }: { tabs: TabDef[]; label: string }) {
  const [active, setActive] = useState(tabs[0]!.id);
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = tabs.findIndex((t) => t.id === active);
    let next = i;
    if (e.key === 'ArrowRight') next = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    else return;
    e.preventDefault();
    const id = tabs[next]!.id;
    setActive(id);
    refs.current[id]?.focus();
  }

  return (
    <div className="social-tabs">
      <div role="tablist" aria-label={label} className="social-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`social-tab-${t.id}`}
            aria-selected={active === t.id}
            aria-controls={`social-panel-${t.id}`}
            tabIndex={active === t.id ? 0 : -1}
            className="social-tabs__tab"
            onClick={() => setActive(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`social-panel-${t.id}`}
          aria-labelledby={`social-tab-${t.id}`}
          hidden={active !== t.id}
          tabIndex={0}
          className="social-tabs__panel"
        >
          {active === t.id ? t.panel : null}
        </div>
      ))}
    </div>
  );
}
