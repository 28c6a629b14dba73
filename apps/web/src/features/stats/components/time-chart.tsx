import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import styles from '../stats.module.css';
import type { ChartData } from './uplot-chart';

/**
 * A chart over time, drawn by uPlot, which loads in a chunk of its own with the first chart.
 * Redrawn at the width of its box when the box changes; `label` names it for assistive
 * technology (the page's tables and CSV carry the figures).
 */
export function TimeChart({ label, data }: { label: string; data: ChartData }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      setWidth(Math.round(entry?.contentRect.width ?? 0));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el || width === 0) return;
    let chart: uPlot | null = null;
    let cancelled = false;
    import('./uplot-chart')
      .then(({ drawChart }) => {
        if (!cancelled) chart = drawChart(el, data);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [data, width]);

  if (failed) return <p className="muted">The chart could not be drawn.</p>;
  return <div ref={box} className={styles.chart} role="img" aria-label={label} data-chart="" />;
}
