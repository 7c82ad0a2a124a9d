// The report envelope (api-reference B.1): top-level options, config, cover_page, and the
// root "New report" snippet.
import {
  COLOUR_THEMES, COLOUR_VARIABLES, TYPOGRAPHY_THEMES, alignment, arrayOf, bool, colourVar, enumOf, int, margins,
  nullableStr, str,
} from './vocabulary.mjs';

const strict = (schema) => ({ ...schema, additionalProperties: false });

export const reportOptions = strict({
  type: 'object',
  markdownDescription: 'Header and page options of the report: title, byline, version, logo, footer, page margins.',
  properties: {
    report_title: str('**Required.** Title printed in the report header, e.g. `"Q3 Sales Review"`.'),
    report_byline: nullableStr('Line under the title, e.g. `"Prepared for the board, October 2024"` (default none).'),
    version_number: nullableStr('Version label printed in the header, e.g. `"v1.2"` (default none).'),
    logo_url: nullableStr('Address of a logo shown in the header, e.g. `"https://example.com/logo.png"` (default none).'),
    enable_header: bool('Print the header with title, byline, version and logo (default `true`).'),
    footer_text: nullableStr('Text printed at the bottom of every page, e.g. `"Confidential"` (default none).'),
    ...margins(),
  },
  required: ['report_title'],
});

const themeOverride = (spelling) =>
  strict({
    type: 'object',
    markdownDescription:
      `Overrides single colours of the colour theme${spelling === 'color' ? ' (American spelling of `override_colour_theme`)' : ''}: ` +
      'keys are theme variables, values CSS colours, e.g. `{"accent": "#0f766e", "custom-1": "#f59e0b"}`.',
    properties: Object.fromEntries(
      COLOUR_VARIABLES.map(([name, description]) => [name, str(`CSS colour for \`${name}\` (${description.replace(/\.$/, '')}), e.g. \`"#1d4ed8"\`.`)]),
    ),
  });

const colourTheme = (note) => enumOf(COLOUR_THEMES, `Colour theme of the whole report${note} (default \`default\`), e.g. \`"forest"\`.`);

export const reportConfig = strict({
  type: 'object',
  markdownDescription: 'Rendering configuration: themes, orientation, paging, cloud upload and webhooks.',
  properties: {
    colour_theme: colourTheme(''),
    color_theme: colourTheme(' (American spelling of `colour_theme`)'),
    typography_theme: enumOf(TYPOGRAPHY_THEMES, 'Fonts of the whole report (default `default`), e.g. `"ibm-plex"`. Use `google-fonts` with `google_fonts` for your own.'),
    landscape: bool('Lay the pages out in landscape orientation (default `false`).'),
    enable_multi_page: bool('Allow more than one page; required for PageBreak and for content that overflows a page (default `false`). Multi-page reports count against the multi-page quota.'),
    enable_pagination: bool('Print page numbers in the footer (default `false`).'),
    n_pages: int('Number of pages of a multi-page report (default 1), e.g. `3`. Capped by your plan\u2019s `max_pages_per_report`.', { minimum: 1 }),
    override_colour_theme: themeOverride('colour'),
    override_color_theme: themeOverride('color'),
    google_fonts: {
      type: 'object',
      markdownDescription:
        'Google Fonts families used when `typography_theme` is `google-fonts`: keys are text roles, values family names, e.g. `{"headings": "Playfair Display", "body": "Inter"}`.',
      additionalProperties: { type: 'string' },
    },
    cloud_storage: strict({
        type: ['object', 'null'],
        markdownDescription:
          'Upload the finished PDF to your own bucket instead of keeping it on the server (build only, not preview). Give one destination, e.g. `{"s3": "s3://reports-bucket/monthly/"}`.',
        properties: {
          s3: nullableStr('Amazon S3 destination, e.g. `"s3://reports-bucket/monthly/"`.'),
          azure_blob_storage: nullableStr('Azure Blob Storage destination, e.g. `"https://acct.blob.core.windows.net/reports/"`.'),
          google_cloud_storage: nullableStr('Google Cloud Storage destination, e.g. `"gs://reports-bucket/monthly/"`.'),
        },
      }),
    webhooks: {
      type: ['array', 'null'],
      markdownDescription: 'Addresses called with the task status when the report finishes, e.g. `[{"url": "https://example.com/hooks/report"}]`.',
      items: strict({
        type: 'object',
        markdownDescription: 'A webhook: `url` to POST the task status to, and an optional `auth_header` value.',
        properties: {
          url: str('**Required.** The address to POST to, e.g. `"https://example.com/hooks/report-done"`.', { format: 'uri' }),
          auth_header: nullableStr('Value sent in the `Authorization` header of the call, e.g. `"Bearer s3cr3t"` (default none).'),
        },
        required: ['url'],
      }),
    },
  },
});

export const coverPage = strict({
  type: ['object', 'null'],
  markdownDescription:
    'An optional first page before the report body. It takes only Row, Image, Text and VerticalSpacer components, e.g. a logo, a title and a date.',
  properties: {
    bg_color: colourVar('the cover page background', { dflt: 'accent' }),
    bg_image: nullableStr('Address of a full-page background image, e.g. `"https://example.com/cover.jpg"` (default none).'),
    align: alignment('the cover page content', 'center'),
    ...margins(),
    components: arrayOf(
      { $ref: '#/definitions/coverPageComponent' },
      'Components of the cover page, top to bottom — only Row, Image, Text and VerticalSpacer.',
    ),
  },
});

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
};
