// The registry of the catalogue: every component type and report-level object.
import type { ComponentEntry } from './component';
import * as charts from './components/charts';
import * as content from './components/content';
import * as layout from './components/layout';
import * as premium from './components/premium';
import type { Opt, OptionSet, ValuesOf } from './option';
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
/** A report-level object as written in a report (`options`, `config`, `cover_page`; every option optional). */
export type ReportObjectValues<K extends keyof typeof REPORT_OBJECTS> = ValuesOf<(typeof REPORT_OBJECTS)[K]['options']>;
export type ReportConfig = ReportObjectValues<'config'>;

/** The component types that take `components` (Section, Row). */
export type ContainerType = { [T in ComponentType]: (typeof COMPONENTS)[T] extends { container?: true } ? T : never }[ComponentType];
/** The component types allowed on the cover page. */
export type CoverPageType = { [T in ComponentType]: (typeof COMPONENTS)[T] extends { coverPage?: true } ? T : never }[ComponentType];

/** The options of an option set that declare a default. */
type DefaultedKeys<O extends OptionSet> = { [K in keyof O]: O[K] extends Opt<unknown, true> ? K : never }[keyof O];

/** An option set's values once defaults are applied: an option with a default is always there. */
export type Defaulted<O extends OptionSet> = Omit<ValuesOf<O>, DefaultedKeys<O>> & {
  -readonly [K in DefaultedKeys<O>]-?: NonNullable<O[K]['valueType']>;
};

/** A component's options as painters receive them (src/catalogue/resolve.ts). */
export type Resolved<T extends ComponentType> = Defaulted<(typeof COMPONENTS)[T]['options']>;

/** A report-level object once defaults are applied (src/catalogue/resolve.ts). */
export type ReportObject<K extends keyof typeof REPORT_OBJECTS> = Defaulted<(typeof REPORT_OBJECTS)[K]['options']>;
