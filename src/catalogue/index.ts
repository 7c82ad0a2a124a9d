/**
 * The catalogue: every component type and report-level object of the report format, each
 * option declared once (./option.ts). A pure-data layer below everything else: it imports
 * nothing but itself. The schema, the generated type list and metadata
 * (src/core/report/componentTypes.generated.ts) are generated from it by
 * `npm run build:schema` (scripts/schema/).
 */
export {
  COMPONENTS,
  REPORT_OBJECTS,
  type ComponentType,
  type ContainerType,
  type CoverPageType,
  type Options,
  type ReportConfig,
  type ReportObjectValues,
  type Resolved,
} from './catalogue';
export { defaultsOf, numberFromText, resolveOptions, resolveReportObject, resolveTableCell, resolveWebhook } from './resolve';
export type { ComponentEntry } from './component';
export type { OptionSet, SchemaObject } from './option';
export { PX_PT, SPACING_UNIT_PT, properties } from './option';
export { newReportSnippet, objectSchema } from './report';
export { CHART_ASPECT_RATIO, V2_CHART_MARGINS } from './components/charts';
export { SPARK_CHART_HEIGHT_PT } from './components/premium';
export { SOURCES } from './sources';
export { COLOUR_THEMES, TYPOGRAPHY_THEMES, type ColourTheme, type TypographyTheme } from './themes';
export { COLOR_SCHEMES, COLOUR_VARIABLES, CURVE_FORMATS, FONT_SIZES, WIDTHS } from './vocabulary';
