/**
 * The catalogue: every component type and report-level object of the report format, each
 * option declared once (./option.ts). A pure-data layer below everything else: it imports
 * nothing but itself. The schema, the generated type list and metadata
 * (src/core/report/componentTypes.generated.ts) are generated from it by
 * `npm run build:schema` (scripts/schema/).
 */
import type { ComponentEntry } from './component';
import * as charts from './components/charts';
import * as content from './components/content';
import * as layout from './components/layout';
import * as premium from './components/premium';
import type { ValuesOf } from './option';
import { coverPage, reportConfig, reportOptions } from './report';

/**
 * Every component type in catalogue order: containers, content, charts, premium, then page
 * breaks and spacers (the order of the type enum and the snippets in the schema).
 */
export const COMPONENTS = {
  Section: layout.Section,
  Row: layout.Row,
  Card: content.Card,
  Text: content.Text,
  Table: content.Table,
  Image: content.Image,
  BarChart: charts.BarChart,
  LineChart: charts.LineChart,
  ScatterChart: charts.ScatterChart,
  'Chart.Bar': charts.ChartBar,
  'Chart.Line': charts.ChartLine,
  'Chart.HorizontalBar': charts.ChartHorizontalBar,
  'Chart.Timeseries': charts.ChartTimeseries,
  DoughnutRing: charts.DoughnutRing,
  'SparkChart.Line': premium.SparkChartLine,
  'SparkChart.Ring': premium.SparkChartRing,
  ProgressBar: premium.ProgressBar,
  'Beta.DataTable': premium.BetaDataTable,
  PageBreak: layout.PageBreak,
  Spacer: layout.Spacer,
  VerticalSpacer: layout.VerticalSpacer,
} as const satisfies Record<string, ComponentEntry>;

export type ComponentType = keyof typeof COMPONENTS;

/** The report-level objects: `options`, `config`, `cover_page`. */
export const REPORT_OBJECTS = { options: reportOptions, config: reportConfig, cover_page: coverPage } as const;

/** The options of a component type as written in a report (every option optional). */
export type Options<T extends ComponentType> = ValuesOf<(typeof COMPONENTS)[T]['options']>;
export type ReportOptions = ValuesOf<typeof reportOptions.options>;
export type ReportConfig = ValuesOf<typeof reportConfig.options>;
export type CoverPageOptions = ValuesOf<typeof coverPage.options>;

export type { ComponentEntry, ComponentSpec, OutlineRole } from './component';
export type { OptionMeta, OptionSet, SchemaObject, Source, SourceCode, Unit } from './option';
export { Opt, properties, schemaOf } from './option';
export { newReportSnippet, objectSchema, type ObjectSpec } from './report';
export { SOURCES } from './sources';
export { COLOUR_THEME_WORDS, COLOUR_THEMES, TYPOGRAPHY_THEMES, type ColourTheme, type TypographyTheme } from './themes';
export { ALIGNMENTS, COLOR_SCHEMES, COLOUR_VARIABLES, CURVE_FORMATS, FONT_SIZES, WIDTHS } from './vocabulary';
export type { Alignment, ColourVariable, ColorScheme, CurveFormat, FontSize, Width } from './vocabulary';
