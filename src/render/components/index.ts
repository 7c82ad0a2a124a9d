/**
 * Registers every leaf component painter: the core's (Card, Text, Table, Image)
 * and the charts helper's (charts/index.ts). Any catalogue type still without a
 * painter gets a visible placeholder rather than vanishing.
 */
import { registerPainter, lookupPainter } from '../registry';
import { chartPainters } from '../charts';
import { cardPainter } from './card';
import { textPainter } from './text';
import { tablePainter } from './table';
import { imagePainter } from './image';
import { placeholderPainter } from './placeholder';

/** Every leaf type of the component catalogue, scripts/schema/ (containers and spacers are layout nodes). */
export const LEAF_TYPES = [
  'Card',
  'Text',
  'Table',
  'Image',
  'BarChart',
  'LineChart',
  'ScatterChart',
  'Chart.Bar',
  'Chart.Line',
  'Chart.HorizontalBar',
  'Chart.Timeseries',
  'DoughnutRing',
  'SparkChart.Line',
  'SparkChart.Ring',
  'ProgressBar',
  'Beta.DataTable',
];

let done = false;

export function registerAllPainters(): void {
  if (done) return;
  done = true;
  registerPainter('Card', cardPainter);
  registerPainter('Text', textPainter);
  registerPainter('Table', tablePainter);
  registerPainter('Image', imagePainter);
  for (const [type, painter] of Object.entries(chartPainters)) registerPainter(type, painter);
  for (const type of LEAF_TYPES) if (!lookupPainter(type)) registerPainter(type, placeholderPainter(type));
}
