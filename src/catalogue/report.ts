// The report envelope (the request body around `components`): top-level options, config,
// cover_page, and the root "New report" snippet. Each is declared like a component's options.
import { properties, type OptionSet, type SchemaObject } from './option';
import { COLOUR_THEMES, TYPOGRAPHY_THEMES } from './themes';
import {
  COLOUR_VARIABLES,
  arrayOf,
  bool,
  colourVar,
  enumOf,
  int,
  margins,
  nullableMargins,
  nullableStr,
  olderForm,
  shaped,
  str,
} from './vocabulary';

/** A report-level object: its hover text, whether it may be null, and its options. */
export interface ObjectSpec<O extends OptionSet = OptionSet> {
  readonly markdownDescription: string;
  readonly nullable?: boolean;
  readonly options: O;
  /** Schema keywords after `properties` (an `if`/`then` warning across options). */
  readonly extra?: SchemaObject;
}

const object = <O extends OptionSet>(spec: ObjectSpec<O>): ObjectSpec<O> => spec;

const strict = (schema: SchemaObject): SchemaObject => ({ ...schema, additionalProperties: false });

const COVER_ALIGNMENTS = [
  ['start', 'At the start (left) of the page.'],
  ['center', 'Centred.'],
  ['end', 'At the end (right) of the page.'],
  ['left', 'At the left (same as `start`).'],
  ['centre', 'Centred (British spelling; same as `center`).'],
  ['right', 'At the right (same as `end`).'],
] as const;

export const reportOptions = object({
  markdownDescription: 'Header and page options of the report: title, byline, version, logo, footer, page margins.',
  options: {
    // Optional: N types it `string | null`; the official invoice sample (S) omits it.
    report_title: nullableStr(
      'Title printed in the report header, e.g. `"Q3 Sales Review"`; without one the header shows the byline and logo only.',
    ).from('N, O Report.ts', 'S', 'R'),
    report_byline: nullableStr('Line under the title, e.g. `"Prepared for the board, October 2024"`.').from('N, O', 'S', 'R'),
    version_number: nullableStr('Version label printed in the header, e.g. `"v1.2"`.').from('N, O', 'S', 'R'),
    logo_url: nullableStr(
      'Address of a logo shown in the header (PNG, JPEG, GIF, WebP or SVG), e.g. `"https://example.com/logo.svg"`.',
    ).from('N, O', 'S invoice (an SVG)'),
    enable_header: bool('Print the header with title, byline, version and logo.').default(true).from('N, O IReportOptions'),
    footer_text: nullableStr('Text printed at the bottom of every page, e.g. `"Confidential"`.').from('N IReportOptions'),
    ...margins('N IReportOptions'),
  },
});

const overrideColour = ([name, description]: readonly [string, string]) =>
  [
    name,
    nullableStr(
      `CSS colour for \`${name}\` (${description.replace(/\.$/, '')}), e.g. \`"#1d4ed8"\` or \`"white"\`; null keeps the theme\u2019s.`,
    ),
  ] as const;

// Colours of highlighted Sections and Cards: N IHighlightedColorThemeOverride (every variable
// but custom-1..3); S youtube/02-custom-colour-theme sets sub-headline, background,
// light-background, highlight and highlight-text.
const highlightedOverride = shaped<Record<string, string | null> | null>(
  strict({
    type: ['object', 'null'],
    markdownDescription:
      'Colours used inside highlighted Sections (`"highlighted": true`: the panel, and the cards and text in it); a highlighted Card elsewhere uses the top-level `highlight` colours. Theme variables → CSS colours, e.g. ' +
      '`{"background": "#ffffff", "highlight": "#005c53", "highlight-text": "#ffffff"}`.',
    properties: properties(Object.fromEntries(COLOUR_VARIABLES.filter(([name]) => !name.startsWith('custom-')).map(overrideColour))),
  }),
).from('N IColorThemeOverride.highlighted', 'S youtube/02-custom-colour-theme');

const themeOverride = (spelling: 'colour' | 'color') =>
  shaped<Record<string, unknown>>(
    strict({
      type: 'object',
      markdownDescription:
        `Overrides single colours of the colour theme${spelling === 'color' ? ' (American spelling of `override_colour_theme`)' : ''}: ` +
        'keys are theme variables, values CSS colours, e.g. `{"accent": "#0f766e", "background": "#deefe7", "custom-1": "#f59e0b"}`; ' +
        '`highlighted` holds the colours used inside highlighted Sections.',
      properties: properties({
        // N IColorThemeOverride (string | null); S; O (any record)
        ...Object.fromEntries(COLOUR_VARIABLES.map(overrideColour)),
        highlighted: highlightedOverride,
      }),
    }),
  );

// Google fonts (N IGoogleReportsConfig): {headings: {family, weight}, paragraph: {family, weight}}.
// The older form (A) maps a role to a family name, e.g. {"headings": "Playfair Display"}:
// still accepted, with a warning in the editor.
const OLDER_FONTS =
  'Older form of `google_fonts` (role → family name). It still works; the current form is `{"family": "…", "weight": "…"}` per role, e.g. `"headings": {"family": "Playfair Display", "weight": "700"}`.';

/** A role of `google_fonts`: N IFontConfig, or the older family name (A). */
type FontRole = { family?: string | null; weight?: string | number | null } | string | null;

const fontRole = (role: string, example: string) =>
  shaped<FontRole>({
    type: ['object', 'string', 'null'],
    markdownDescription: `Font of the ${role}: \`{"family": "${example}", "weight": "400"}\` — a Google Fonts family and weight.`,
    properties: properties({
      family: nullableStr(`Google Fonts family name, e.g. \`"${example}"\`.`).from('N IFontConfig'),
      // No default: it depends on the role (../render/googleFonts.ts DEFAULT_WEIGHT).
      weight: shaped<string | number | null>({
        type: ['string', 'integer', 'null'],
        markdownDescription: 'Font weight, e.g. `"400"` or `"700"`; unset: 700 for headings, 400 for body text.',
      }).from('N IFontConfig (string | null)'),
    }),
    additionalProperties: false,
    ...olderForm({ type: 'string' }, OLDER_FONTS),
  });

const googleFonts = shaped<Record<string, FontRole>>({
  type: 'object',
  markdownDescription:
    'Fonts used when `typography_theme` is `google-fonts`, e.g. `{"headings": {"family": "Playfair Display", "weight": "700"}, "paragraph": {"family": "Inter", "weight": "400"}}`. ' +
    'A family the local service does not bundle falls back to the theme\u2019s font (the request log says so).',
  properties: properties({
    headings: fontRole('headings (titles and Markdown headings)', 'Playfair Display'),
    paragraph: fontRole('body text', 'Inter'),
  }),
  // The older form's other roles (e.g. "body"): strings, with a warning. The hosted service
  // (N's model) ignores keys it does not know, so the local service does too.
  additionalProperties: { type: 'string', markdownDescription: 'Older form: a role → family name.', deprecationMessage: OLDER_FONTS },
  serviceIgnoresExtraKeys: true,
});

const colourTheme = (note: string) =>
  enumOf(COLOUR_THEMES, `Colour theme of the whole report${note}, e.g. \`"forest"\`.`).default('default');

/** A webhook of `config.webhooks` (D reports/webhooks; N, O IWebhooks). */
export interface Webhook {
  url: string;
  auth_header?: string | null;
  /** The older SDK's spelling of `auth_header` (v0.2.7–v0.3.0). */
  authHeader?: string | null;
}

const OLDER_AUTH_HEADER =
  'Older spelling of `auth_header` (the older SDK, v0.2.7–v0.3.0, sent it unchanged). It still works (its token is sent as that of `auth_header`), but write `auth_header`.';

/** The options of one webhook: `authHeader` is read as `auth_header` (resolveWebhook, ../resolve.ts). */
export const webhookOptions = {
  url: str('**Required.** The address to POST to, e.g. `"https://example.com/hooks/report-done"`.', { format: 'uri' }).from(
    'D',
    'N, O IWebhooks',
  ),
  auth_header: nullableStr('Token sent as `Authorization: Bearer <auth_header>` with each call, e.g. `"s3cr3t"`.').from(
    'D',
    'N, O (string | null)',
  ),
  authHeader: nullableStr('Older spelling of `auth_header`.', { deprecationMessage: OLDER_AUTH_HEADER })
    .spellingOf('auth_header')
    .from('O v0.2.7–v0.3.0 src/Report.ts IWebhooks (authHeader, sent as written)'),
};

export const reportConfig = object({
  markdownDescription: 'Rendering configuration: themes, orientation, paging, cloud upload and webhooks.',
  options: {
    colour_theme: colourTheme('').from('N, O IReportConfig', 'S', 'O Report.test.ts'),
    color_theme: colourTheme(' (American spelling of `colour_theme`)').spellingOf('colour_theme').from('N IReportConfig', 'R'),
    typography_theme: enumOf(
      TYPOGRAPHY_THEMES,
      'Fonts of the whole report, e.g. `"ibm-plex"`. Use `google-fonts` with `google_fonts` for your own.',
    )
      .default('default')
      .from('N types.ts TypographyTheme', 'S', 'R'),
    landscape: bool('Lay the pages out in landscape orientation.').default(false).from('N, O'),
    enable_multi_page: bool(
      'Allow more than one page; required for PageBreak and for content that overflows a page. Multi-page reports count against the multi-page quota.',
    )
      .default(false)
      .from('N'),
    enable_pagination: bool('Print page numbers in the footer.').default(false).from('N, O'),
    enable_header: bool('Print the page header (title, byline, version, logo); same as `options.enable_header`.')
      .default(true)
      .from('N, O IReportConfig'),
    n_pages: int(
      'The most pages the content may take when `enable_multi_page` is not set (the older SDK\u2019s only page switch), e.g. `3`; when it is set, `enable_multi_page` decides.',
      { minimum: 1 },
    )
      .default(1)
      .from("N, O (the older SDK's only page switch, nPages)"),
    override_colour_theme: themeOverride('colour').from('N, O', 'S youtube/02-custom-colour-theme'),
    override_color_theme: themeOverride('color').spellingOf('override_colour_theme').from('N'),
    google_fonts: googleFonts.from('N IGoogleReportsConfig', 'A (older map)'),
    cloud_storage: shaped<{ s3?: string | null; azure_blob_storage?: string | null; google_cloud_storage?: string | null } | null>(
      strict({
        type: ['object', 'null'],
        markdownDescription:
          'Upload the finished PDF to your own bucket instead of keeping it on the server (build only, not preview). Give one destination, e.g. `{"s3": "s3://reports-bucket/monthly/"}`.',
        properties: properties({
          s3: nullableStr('Amazon S3 destination, e.g. `"s3://reports-bucket/monthly/"`.'),
          azure_blob_storage: nullableStr('Azure Blob Storage destination, e.g. `"https://acct.blob.core.windows.net/reports/"`.'),
          google_cloud_storage: nullableStr('Google Cloud Storage destination, e.g. `"gs://reports-bucket/monthly/"`.'),
        }),
      }),
    ).from('N, O ICloudStorage'),
    // D reports/webhooks: "a list of up to 3 webhooks"; each {url, auth_header (optional)}.
    webhooks: shaped<Webhook[] | null>({
      type: ['array', 'null'],
      markdownDescription:
        'Up to 3 addresses POSTed `{"event": "report.completed" | "report.failed", "task_id": "…", "url": "…"}` when the report finishes, ' +
        'e.g. `[{"url": "https://example.com/hooks/report", "auth_header": "s3cr3t"}]`.',
      maxItems: 3,
      items: strict({
        type: 'object',
        markdownDescription: 'A webhook: `url` to POST to, and an optional `auth_header` token.',
        properties: properties(webhookOptions),
        required: ['url'],
      }),
    }).from('D reports/webhooks', 'N, O IWebhooks'),
  },
  // n_pages > 1 with enable_multi_page: false says two things: the explicit switch wins
  // (core/report/pageSwitch.ts), so the report stays single-page: warn.
  extra: {
    if: {
      required: ['n_pages', 'enable_multi_page'],
      properties: { n_pages: { type: 'integer', minimum: 2 }, enable_multi_page: { const: false } },
    },
    then: {
      properties: {
        n_pages: {
          deprecationMessage:
            'n_pages has no effect with "enable_multi_page": false \u2014 this report is laid out on a single page; remove enable_multi_page (or set it to true) for more pages.',
        },
      },
    },
  },
});

export const coverPage = object({
  nullable: true,
  markdownDescription:
    'An optional first page before the report body. It takes only Row, Image, Text and VerticalSpacer components, e.g. a logo, a title and a date.',
  options: {
    bg_color: colourVar('the cover page background').default('accent').from('N ICoverPage', 'A'),
    bg_image: nullableStr('Address of a full-page background image, e.g. `"https://example.com/cover.jpg"`.').from('N ICoverPage'),
    // N ICoverPage: start/center/end; A: left/centre/center/right. Both accepted.
    align: enumOf(COVER_ALIGNMENTS, 'Horizontal alignment of the cover page content, e.g. `"start"`.')
      .default('center')
      .from('N ICoverPage (start/center/end)', 'A (left/centre/center/right)'),
    ...nullableMargins('N ICoverPage (MarginValue | null)'),
    components: arrayOf(
      shaped<unknown>({ $ref: '#/definitions/coverPageComponent' }),
      'Components of the cover page, top to bottom — only Row, Image, Text and VerticalSpacer.',
    ).from('N ICoverPage', 'A'),
  },
});

/** The schema of a report-level object: closed, its options as properties. */
export function objectSchema(spec: ObjectSpec): SchemaObject {
  return strict({
    type: spec.nullable ? ['object', 'null'] : 'object',
    markdownDescription: spec.markdownDescription,
    properties: properties(spec.options),
    ...spec.extra,
  });
}

/** The root "New report" snippet: a small valid report with a KPI section. */
export const newReportSnippet = {
  label: 'New report',
  description: 'A minimal valid report: title, theme and a section of KPI cards.',
  body: {
    type: 'Report',
    options: { report_title: '${1:Report title}', report_byline: '${2:Byline}' },
    config: { colour_theme: `\${3|${COLOUR_THEMES.map(([v]) => v).join(',')}|}`, typography_theme: 'default' },
    components: [
      {
        type: 'Section',
        options: { section_title: '${4:Key metrics}', columns: '^${5:2}' },
        components: [
          { type: 'Card', options: { title: '${6:Revenue}', value: '^${7:48210}', units: '${8:USD}', icon: '${9:coin}' } },
          { type: 'Card', options: { title: '${10:Active users}', value: '^${11:1284}', icon: '${12:users}' } },
        ],
      },
    ],
  },
} as const;
