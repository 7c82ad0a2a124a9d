/**
 * The chart and data components of the renderer, keyed by component type name
 * (src/catalogue/components/charts.ts, premium.ts). src/render/registry.ts merges them with the core painters.
 * Accepted option and data shapes: charts/README.md.
 */
import type { LeafType } from '../leafTypes';
import type { ComponentPainter } from '../painter';
import { barChart, chartBar, chartHorizontalBar } from './bars';
import { dataTable } from './datatable';
import { doughnutRing } from './doughnut';
import { chartLine, chartTimeseries, lineChart, scatterChart } from './lines';
import { progressBar } from './progress';
import { sparkChartLine, sparkChartRing } from './spark';

export const chartPainters = {
  BarChart: barChart,
  LineChart: lineChart,
  ScatterChart: scatterChart,
  'Chart.Bar': chartBar,
  'Chart.Line': chartLine,
  'Chart.HorizontalBar': chartHorizontalBar,
  'Chart.Timeseries': chartTimeseries,
  DoughnutRing: doughnutRing,
  'SparkChart.Line': sparkChartLine,
  'SparkChart.Ring': sparkChartRing,
  ProgressBar: progressBar,
  'Beta.DataTable': dataTable,
} satisfies Partial<Record<LeafType, ComponentPainter>>;
