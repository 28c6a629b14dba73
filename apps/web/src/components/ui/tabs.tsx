import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  panel: () => ReactNode;
}

/**
 * Tabs with the ARIA pattern: arrow keys, Home and End move between tabs (the selected one is
 * the only tab stop), and only the selected panel is rendered.
 */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
}: {
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
}) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const current = items.find((i) => i.key === selected) ?? items[0];
  const move = (e: KeyboardEvent, index: number) => {
    const next =
      e.key === 'ArrowRight'
        ? (index + 1) % items.length
        : e.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    const key = items[next]!.key;
    onSelect(key);
    refs.current.get(key)?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.list}>
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(el) => {
              if (el) refs.current.set(item.key, el);
            }}
            type="button"
            role="tab"
            id={`${id}-${item.key}`}
            aria-selected={item.key === current?.key}
            aria-controls={`${id}-panel`}
            tabIndex={item.key === current?.key ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(item.key)}
            onKeyDown={(e) => move(e, index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${current.key}`}>
          {current.panel()}
        </div>
      )}
    </div>
  );
}
