/**
 * The report request body (schemas/report.schema.json). Options are typed loosely here on
 * purpose: the JSON schema in schemas/ is the single source of truth for which
 * options exist; code that needs a specific option reads it through these shapes.
 */

export interface ReportComponent {
  type: string;
  options?: Record<string, unknown>;
  /** Only container types (Section, Row) carry components. */
  components?: ReportComponent[];
}

interface ReportOptions {
  /** Optional (the newer SDK types it `string | null`; the official invoice sample omits it). */
  report_title?: string | null;
  report_byline?: string | null;
  version_number?: string | null;
  logo_url?: string | null;
  enable_header?: boolean;
  footer_text?: string | null;
  vertical_margin?: number;
  horizontal_margin?: number;
  [key: string]: unknown;
}

interface CloudStorageConfig {
  s3?: string | null;
  azure_blob_storage?: string | null;
  google_cloud_storage?: string | null;
  [key: string]: unknown;
}

interface WebhookConfig {
  url: string;
  auth_header?: string | null;
}

/** Theme variable → CSS colour (null keeps the theme's). */
type ColourOverrides = Record<string, string | null | undefined>;

/** config.override_colour_theme: theme variables, plus the colours of highlighted Sections/Cards. */
interface ThemeOverride {
  [variable: string]: string | null | ColourOverrides | undefined;
  highlighted?: ColourOverrides | null;
}

/** A Google font for one role (newer SDK IFontConfig). */
interface GoogleFont {
  family?: string | null;
  /** "400", "700", … (a number is accepted too). */
  weight?: string | number | null;
}

/**
 * config.google_fonts: `{headings: {family, weight}, paragraph: {family, weight}}`, or the
 * older form mapping a role to a family name (`{"headings": "Playfair Display"}`).
 */
interface GoogleFontsConfig {
  headings?: GoogleFont | string | null;
  paragraph?: GoogleFont | string | null;
  [role: string]: GoogleFont | string | null | undefined;
}

interface ReportConfig {
  colour_theme?: string;
  color_theme?: string;
  typography_theme?: string;
  landscape?: boolean;
  enable_multi_page?: boolean;
  enable_pagination?: boolean;
  n_pages?: number;
  /** Print the page header (also `options.enable_header`). */
  enable_header?: boolean;
  override_colour_theme?: ThemeOverride;
  override_color_theme?: ThemeOverride;
  google_fonts?: GoogleFontsConfig;
  cloud_storage?: CloudStorageConfig | null;
  webhooks?: WebhookConfig[] | null;
  [key: string]: unknown;
}

export interface CoverPage {
  bg_color?: string | null;
  bg_image?: string | null;
  /** start | center | end (newer SDK) or left | centre | center | right. */
  align?: string;
  vertical_margin?: number | null;
  horizontal_margin?: number | null;
  components?: ReportComponent[];
  [key: string]: unknown;
}

export interface ReportBody {
  $schema?: string;
  type: 'Report';
  options?: ReportOptions;
  config?: ReportConfig;
  cover_page?: CoverPage | null;
  components: ReportComponent[];
}
