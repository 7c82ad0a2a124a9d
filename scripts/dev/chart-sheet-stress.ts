/** Awkward inputs for the chart sheet: many categories, long series, many series, negatives. */
import type { SheetItem } from './chart-sheet-data';

const day = 86400e3;

export const STRESS: SheetItem[] = [
  {
    type: 'Chart.Bar',
    full: true,
    options: {
      data: Array.from({ length: 60 }, (_, i) => ({ x: `Item ${i + 1}`, y: Math.round(50 + 40 * Math.sin(i / 4)) })),
      x_label: 'Item',
      y_label: 'Count',
      chart_title: '60 categories',
    },
  },
  {
    type: 'Chart.Timeseries',
    full: true,
    options: {
      data: Array.from({ length: 500 }, (_, i) => ({
        x: new Date(Date.UTC(2022, 0, 1) + i * day * 1.5).toISOString().slice(0, 10),
        y: Math.round(1000 + 300 * Math.sin(i / 30) + i),
      })),
      x_label: 'Date',
      y_label: 'Orders',
      chart_title: '500 points over two years (default tick format)',
      aspect_ratio: 3,
    },
  },
  {
    type: 'Chart.Line',
    options: {
      data: Array.from({ length: 20 }, (_, s) =>
        Array.from({ length: 6 }, (_, i) => ({ x: i, y: s * 2 + i, label: `Series ${s + 1}` })),
      ).flat(),
      x_label: 'Step',
      y_label: 'Value',
      chart_title: '20 series: legend is capped',
    },
  },
  {
    type: 'Chart.Line',
    options: {
      data: [-5, -12, -3, -20, -8].map((y, x) => ({ x, y })),
      x_label: 'x',
      y_label: 'Loss',
      chart_title: 'All negative values',
      curve_format: 'Cardinal',
      plot_dots: true,
    },
  },
  {
    type: 'Chart.HorizontalBar',
    options: {
      data: Array.from({ length: 25 }, (_, i) => ({ x: `Country ${String.fromCharCode(65 + i)}`, y: (25 - i) * 1234 })),
      x_label: 'Revenue',
      y_label: 'Country',
      chart_title: '25 horizontal bars',
      format_x_ticks: true,
    },
  },
  {
    type: 'ScatterChart',
    options: {
      data: Array.from({ length: 300 }, (_, i) => ({ x: Math.sin(i) * 1e6, y: Math.cos(i * 1.3) * 0.004 })),
      x_label: 'Big x',
      y_label: 'Tiny y',
      chart_title: 'Huge and tiny magnitudes',
    },
  },
  {
    type: 'Chart.Bar',
    options: {
      data: [{ x: 'A very long chart title that has to wrap onto a second line', y: 1 }],
      x_label: 'x',
      y_label: 'y',
      chart_title: 'A very long chart title that has to wrap onto a second line because the column is narrow',
      caption: 'A caption that is also long enough to wrap onto more than one line in a half-width column of an A4 page.',
    },
  },
  {
    type: 'DoughnutRing',
    options: {
      data: [
        { start: 10, end: 130, label: 'Over the max' },
        { start: -20, end: 5, label: 'Below the min' },
      ],
      min_val: 0,
      max_val: 100,
      ticks_count: 4,
      chart_title: 'Out-of-range arcs are clamped',
    },
  },
];
