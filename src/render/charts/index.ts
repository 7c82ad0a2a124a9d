/**
 * The chart and data components of the renderer, keyed by component type name
 * (src/catalogue/components/charts.ts, premium.ts). src/render/registry.ts merges them with the core painters.
 * Accepted option and data shapes: charts/README.md.
 */
import { V2_CHART_MARGINS } from '../../catalogue';
import type { LeafType } from '../leafTypes';
import type { ComponentPainter } from '../painter';
import { barChart, chartBar, chartHorizontalBar } from './bars';
import { dataTable } from './datatable';
import { doughnutRing } from './doughnut';
import { chartLine, chartTimeseries, lineChart, scatterChart } from './lines';
import { progressBar } from './progress';
import { sparkChartLine, sparkChartRing } from './spark';

/**
 * The v2 charts' margins when none is given: the docs' defaults (chart-timeseries page, declared
 * in the catalogue). A uniform `margin` keeps its meaning, which resolveOptions cannot say (a
 * default for each side would hide the `margin` that should fill it): so this wrapper, before it.
 */
function withDocsMargins(painter: ComponentPainter): ComponentPainter {
  const fill = (o: Record<string, unknown>): Record<string, unknown> =>
    o.margin != null || o.margins != null
      ? o
      : {
          ...o,
          horizontal_margin: o.horizontal_margin ?? V2_CHART_MARGINS.horizontal_margin,
          vertical_margin: o.vertical_margin ?? V2_CHART_MARGINS.vertical_margin,
        };
  return {
    measure: (o, width, ctx) => painter.measure(fill(o), width, ctx),
    paint: (o, rect, ctx) => painter.paint(fill(o), rect, ctx),
    ...(painter.split ? { split: (o, width, available, ctx) => painter.split!(fill(o), width, available, ctx) } : {}),
  };
}

export const chartPainters = {
  BarChart: barChart,
  LineChart: lineChart,
  ScatterChart: scatterChart,
  'Chart.Bar': withDocsMargins(chartBar),
  'Chart.Line': withDocsMargins(chartLine),
  'Chart.HorizontalBar': withDocsMargins(chartHorizontalBar),
  'Chart.Timeseries': withDocsMargins(chartTimeseries),
  DoughnutRing: doughnutRing,
  'SparkChart.Line': sparkChartLine,
  'SparkChart.Ring': sparkChartRing,
  ProgressBar: progressBar,
  'Beta.DataTable': dataTable,
} satisfies Partial<Record<LeafType, ComponentPainter>>;
