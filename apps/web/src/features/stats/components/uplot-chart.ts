import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartLine {
  label: string;
  values: (number | null)[];
  color: string;
}

export interface ChartData {
  /** Epoch seconds of each point. */
  x: number[];
  lines: ChartLine[];
  /** A band between the lowest and highest of each point, behind the lines. */
  band?: { label: string; min: (number | null)[]; max: (number | null)[]; color: string };
  height: number;
}

/** Draws a time chart with uPlot in `el` (this module and uPlot load with the first chart). */
export function drawChart(el: HTMLElement, data: ChartData): uPlot {
  const style = getComputedStyle(el);
  const text = style.color || '#222';
  const grid = style.getPropertyValue('--border').trim() || 'rgba(128,128,128,0.25)';
  const series: uPlot.Series[] = [{}];
  const values: uPlot.AlignedData[number][] = [data.x];
  const bands: uPlot.Band[] = [];
  if (data.band) {
    series.push(
      {
        label: `${data.band.label} (highest)`,
        stroke: data.band.color,
        width: 0,
        points: { show: false },
      },
      {
        label: `${data.band.label} (lowest)`,
        stroke: data.band.color,
        width: 0,
        points: { show: false },
      },
    );
    values.push(data.band.max, data.band.min);
    bands.push({ series: [1, 2], fill: data.band.color });
  }
  for (const line of data.lines) {
    series.push({ label: line.label, stroke: line.color, width: 2, points: { show: false } });
    values.push(line.values);
  }
  const axis = {
    stroke: text,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
  };
  return new uPlot(
    {
      width: Math.max(200, el.clientWidth),
      height: data.height,
      series,
      bands,
      axes: [axis, { ...axis, size: 50 }],
      scales: { x: { time: true }, y: { range: (_u, min, max) => [0, Math.max(1, max, min)] } },
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
    },
    values as uPlot.AlignedData,
    el,
  );
}
