/**
 * The report request body (api-reference B.1). Options are typed loosely here on
 * purpose: the JSON schema in schemas/ is the single source of truth for which
 * options exist; code that needs a specific option reads it through these shapes.
 */

export interface ReportComponent {
  type: string;
  options?: Record<string, unknown>;
  /** Only container types (Section, Row) carry components. */
  components?: ReportComponent[];
}

export interface ReportOptions {
  report_title?: string;
  report_byline?: string | null;
  version_number?: string | null;
  logo_url?: string | null;
  enable_header?: boolean;
  footer_text?: string | null;
  vertical_margin?: number;
  horizontal_margin?: number;
  [key: string]: unknown;
}

export interface CloudStorageConfig {
  s3?: string | null;
  azure_blob_storage?: string | null;
  google_cloud_storage?: string | null;
  [key: string]: unknown;
}

export interface WebhookConfig {
  url: string;
  auth_header?: string | null;
}

export interface ReportConfig {
  colour_theme?: string;
  color_theme?: string;
  typography_theme?: string;
  landscape?: boolean;
  enable_multi_page?: boolean;
  enable_pagination?: boolean;
  n_pages?: number;
  override_colour_theme?: Record<string, string>;
  override_color_theme?: Record<string, string>;
  google_fonts?: Record<string, string>;
  cloud_storage?: CloudStorageConfig | null;
  webhooks?: WebhookConfig[] | null;
  [key: string]: unknown;
}

export interface CoverPage {
  bg_color?: string | null;
  bg_image?: string | null;
  align?: string;
  vertical_margin?: number;
  horizontal_margin?: number;
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
