import { useId, useState, type ReactNode } from 'react';
import styles from './collapsible.module.css';

/** A titled section whose body opens and closes with a button (keyboard reachable). */
export function Collapsible({
  title,
  children,
}: {
  title: string;
  children: (open: boolean) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section className={styles.collapsible}>
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {title}
        </button>
      </h2>
      <div id={id} hidden={!open}>
        {open && children(open)}
      </div>
    </section>
  );
}
