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
  type CoverPageOptions,
  type Defaulted,
  type Options,
  type ReportConfig,
  type ReportOptions,
  type Resolved,
} from './catalogue';
export { defaultsOf, resolveOptions } from './resolve';
export type { ComponentEntry, ComponentSpec, OutlineRole } from './component';
export type { OptionMeta, OptionSet, SchemaObject, Source, SourceCode, Unit } from './option';
export { Opt, properties, schemaOf } from './option';
export { newReportSnippet, objectSchema, type ObjectSpec } from './report';
export { SOURCES } from './sources';
export { COLOUR_THEME_WORDS, COLOUR_THEMES, TYPOGRAPHY_THEMES, type ColourTheme, type TypographyTheme } from './themes';
export { ALIGNMENTS, COLOR_SCHEMES, COLOUR_VARIABLES, CURVE_FORMATS, FONT_SIZES, WIDTHS } from './vocabulary';
export type { Alignment, ColourVariable, ColorScheme, CurveFormat, FontSize, Width } from './vocabulary';
