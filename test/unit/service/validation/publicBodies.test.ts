// Bodies shaped like the public material (sources: src/catalogue/sources.ts): the newer and the older
// official Node SDK's test bodies and README output, the official samples (invoice, custom
// colour theme, Airtable script) and the Ruby client's standard request. The content is ours;
// the structure and every option shape follow the source named on each case. Each must be
// accepted by the local service's validator and show no problem in the editor (icon names
// aside: the hosted icon set may differ from the installed one).
import { strict as assert } from 'node:assert';
import { validateReport } from '../../../../src/service/validation/reportValidator';
import { editorProblems, type EditorProblem } from '../../core/schema/jsonLanguageService';

type Json = Record<string, unknown>;
const c = (type: string, options?: Json, components?: Json[]): Json => ({
  type,
  ...(options ? { options } : {}),
  ...(components ? { components } : {}),
});
const card = (title: string, value: string | number, extra: Json = {}) => c('Card', { title, value, ...extra });

/** Sections as in both SDKs' Report.test.ts (and the colour-theme sample, the Ruby fixture). */
function sdkTestSections({ highlightCard = false } = {}): Json[] {
  return [
    c('Section', { section_title: 'Store performance', highlighted: true, columns: 3 }, [
      card('Loaves sold', 4120, { units: 'loaves', icon: 'bread' }),
      card('Takings', '18,240', { units: '£', icon: 'coin', ...(highlightCard ? { highlighted: true } : {}) }),
      card('Pre-orders', '612', { units: 'orders', icon: 'building-store' }),
      card('New regulars', '87', { icon: 'users' }),
      card('Returning regulars', '402', { icon: 'user-check' }),
      card('Waste', '3.1', { units: '%', icon: 'arrow-back' }),
    ]),
    c('Section', { section_title: 'Sourdough range' }, [
      c('Text', { width: '1/3', text: 'Sourdough sales rose for the fourth month in a row, led by the rye and seeded loaves.' }),
      c('Row', { columns: 2, width: '2/3' }, [
        card('Repeat rate', '41', { units: '%', icon: 'click' }),
        card('Loaves per order', '2.3', { units: 'loaves', icon: 'chart-area-line', highlighted: true }),
        card('Takings', '6,904', { units: '£', icon: 'coin' }),
        card('Range views', '1,275', { units: 'views', icon: 'building-store' }),
      ]),
    ]),
    c('Section', { section_title: 'Best-selling lines' }, [
      c('Table', {
        title: '',
        headings: ['Line', 'Description', 'Units'],
        striped: true,
        rows: [
          ['/bread/rye', 'Dark rye sourdough', '1,204'],
          ['/bread/seeded', 'Seeded farmhouse', '988'],
          ['/pastry/croissant', 'Butter croissant', '2,310'],
          ['/pastry/bun', 'Cardamom bun', '640'],
        ],
      }),
      c('VerticalSpacer', { space: 0.5 }),
    ]),
    c('Section', { section_title: 'Order channels', highlighted: true }, [
      c('Table', {
        title: '',
        headings: ['Channel', 'Address', 'Orders'],
        striped: true,
        rows: [
          ['Website', 'shop.example.com/order?src=home', '1,840'],
          ['App', 'app.example.com/basket', '1,102'],
          ['Phone', 'tel:+441000000000', '233'],
        ],
      }),
    ]),
  ];
}

const header = { report_title: 'Hearth & Crumb', report_byline: 'Monthly bakery report', version_number: 'v2.4.0' };

const CASES: Array<{ name: string; source: string; body: Json }> = [
  {
    name: 'newer SDK test body (cover_page null, VerticalSpacer 0.5)',
    source: 'hybiscus-node-sdk src/Report.test.ts',
    body: {
      type: 'Report',
      options: header,
      cover_page: null,
      config: { colour_theme: 'forest', typography_theme: 'newspaper' },
      components: sdkTestSections(),
    },
  },
  {
    name: 'older SDK test body',
    source: 'nodejs-hybiscus-sdk src/Report.test.ts',
    body: {
      type: 'Report',
      options: header,
      config: { colour_theme: 'forest', typography_theme: 'newspaper' },
      components: sdkTestSections(),
    },
  },
  {
    name: 'older SDK README: an empty Row with a width, config {}',
    source: 'nodejs-hybiscus-sdk README.md',
    body: {
      type: 'Report',
      options: { report_title: 'Deliveries', report_byline: 'Week 12' },
      config: {},
      components: [
        c('Section', { section_title: 'Routes' }, [
          c('Row', { width: '2/3' }, []),
          c('Row', { width: '2/3' }, [
            c('Table', {
              title: 'Busiest routes',
              headings: ['Route', 'Drops'],
              rows: [
                ['North loop', '52'],
                ['Harbour', '31'],
              ],
            }),
          ]),
        ]),
      ],
    },
  },
  {
    name: 'newer SDK with no options at all: options {}, config {}, cover_page null, no components',
    source: 'hybiscus-node-sdk src/Report.ts (constructor defaults, getDefinition)',
    body: { type: 'Report', options: {}, config: {}, cover_page: null, components: [] },
  },
  {
    name: 'newer SDK cover page and config options',
    source: 'hybiscus-node-sdk src/Report.ts (ICoverPage, IReportConfig, IGoogleReportsConfig), README addCoverPage',
    body: {
      type: 'Report',
      options: {
        report_title: null,
        enable_header: true,
        logo_url: null,
        footer_text: 'Internal',
        vertical_margin: 2,
        horizontal_margin: 4,
      },
      config: {
        n_pages: 2,
        enable_multi_page: true,
        enable_pagination: true,
        landscape: false,
        enable_header: false,
        color_theme: 'royal',
        typography_theme: 'google-fonts',
        google_fonts: { headings: { family: 'Playfair Display', weight: '700' }, paragraph: { family: 'Inter', weight: null } },
        override_color_theme: { accent: '#7c3aed', 'custom-1': null, highlighted: { background: '#faf5ff', highlight: null } },
        cloud_storage: { s3: 's3://reports/monthly/' },
        webhooks: [
          { url: 'https://hooks.example.com/a', auth_header: 'tok-1' },
          { url: 'https://hooks.example.com/b', auth_header: null },
        ],
      },
      cover_page: {
        bg_color: 'accent',
        bg_image: null,
        align: 'end',
        vertical_margin: null,
        horizontal_margin: 6,
        components: [
          c('Text', { text: '# Annual review', size: '3xl', color: 'highlight-text' }),
          c('VerticalSpacer', { space: 12 }),
          c('Row', { columns: 2 }, [c('Image', { image_url: 'https://cdn.example.com/logo.png' }), c('Text', { text: 'March 2025' })]),
        ],
      },
      components: [
        c('PageBreak', {}),
        c('Text', { text: 'Body.', headings_margin: 4, inner_padding: 3, align: 'center', bg_color: 'background-muted' }),
      ],
    },
  },
  {
    name: 'official invoice sample: no report_title, bg_colour, HTML cells, col_width with nulls, col_borders, a Row without options',
    source: 'code-samples blog/invoices/report.json',
    body: {
      type: 'Report',
      options: { report_byline: 'Invoice', logo_url: 'https://cdn.example.com/brand/wordmark.svg', version_number: '' },
      config: { colour_theme: 'candy', typography_theme: 'grotesque' },
      components: [
        c('Row', { columns: 3 }, [
          c('Text', { bg_colour: 'background-faded', text: '# Bill to\n Rowan Pike \n\n14 Quay Lane \n\nBS1 4QA \n\nBristol' }),
          c('Text', { bg_colour: 'background-faded', text: '# Ship to\n Rowan Pike \n\n14 Quay Lane \n\nBS1 4QA \n\nBristol' }),
          c('Table', {
            rows: [
              ['<b>Invoice No.</b>', 'QX-2207'],
              ['<b>Invoice date</b>', '2025/03/01'],
              ['<b>Due date</b>', '2025/03/31'],
            ],
            col_bg: ['background-faded', null],
          }),
        ]),
        {
          type: 'Row',
          components: [
            c('Table', {
              headings: ['Qty', 'Description', 'Unit price', 'Amount'],
              rows: [
                [2, 'Oak shelf', '£40.00', '£80.00'],
                [1, 'Wall bracket set', '£12.50', '£12.50'],
              ],
              col_width: [null, 70, null, null],
              col_borders: true,
              col_align: ['left', 'left', 'right', 'right'],
              col_bg: [null, null, null, 'background-faded'],
            }),
          ],
        },
        c('Row', { align: 'right', horizontal_margin: 0 }, [
          c('Table', {
            width: '1/3',
            rows: [
              ['<b>Sub-total</b>', '£92.50'],
              ['<b>VAT</b>', '20%'],
              ['<b>Total</b>', '£111.00'],
            ],
            col_borders: true,
            col_align: ['left', 'right'],
            col_bg: ['background-faded', null],
          }),
        ]),
        c('Row', undefined, [c('Text', { colour: 'headline', size: 'xs', text: '#Terms\nPayment within 30 days of the invoice date.' })]),
      ],
    },
  },
  {
    name: 'official custom colour theme sample: override_colour_theme with highlighted colours and a named colour',
    source: 'code-samples youtube/02-custom-colour-theme/report.json',
    body: {
      type: 'Report',
      options: header,
      config: {
        typography_theme: 'grotesque',
        colour_theme: 'default',
        override_colour_theme: {
          headline: '#1b3a2f',
          'sub-headline': '#111',
          accent: '#2f6f4f',
          background: '#e8f3ec',
          'light-background': 'white',
          highlight: '#1b3a2f',
          'highlight-text': '#fff',
          highlighted: {
            'sub-headline': '#1b3a2f',
            background: '#fff',
            'light-background': '#e8f3ec',
            highlight: '#2f6f4f',
            'highlight-text': '#fff',
          },
        },
      },
      components: sdkTestSections({ highlightCard: true }),
    },
  },
  {
    name: 'official Airtable script: headings from field names, <a href> cells, numbers and empty (null) cells',
    source: 'code-samples blog/airtable-scripting/airtable-script.js',
    body: {
      type: 'Report',
      options: { report_title: 'Supplier review', report_byline: 'Quarterly supplier reports', version_number: '' },
      config: { colour_theme: 'candy', typography_theme: 'jost' },
      components: [
        c('Section', { section_title: 'Suppliers' }, [
          c('Table', {
            headings: ['Name', 'Website', 'Employees', 'Notes'],
            rows: [
              ['Millstone Flour', '<a href="https://millstone.example">https://millstone.example</a>', 48, 'Organic only'],
              ['Quayside Dairy', '<a href="https://quayside.example">https://quayside.example</a>', null, null],
            ],
          }),
        ]),
      ],
    },
  },
  {
    name: 'Ruby client standard request: $schema URL and color_theme',
    source: 'HybiscusPdfReportRubyGem spec/fixtures/reports/report_json_request.json',
    body: {
      $schema: 'https://cdn.example.com/public/Report.schema.json',
      type: 'Report',
      options: header,
      config: { color_theme: 'forest', typography_theme: 'newspaper' },
      components: sdkTestSections(),
    },
  },
  {
    name: 'every further option shape of the SDK interfaces and docs',
    source:
      'hybiscus-node-sdk src/components/{core,premium}/*.ts; nodejs-hybiscus-sdk premium/*.ts; docs components/image, premium-components/chart-timeseries',
    body: {
      type: 'Report',
      options: { report_title: 'Options' },
      config: { enable_multi_page: true },
      components: [
        c('Row', { columns: null, align: 'center', column_spacing: 4 }, [
          c('Text', { width: '1/2', text: 'Half', colour: 'accent', inner_padding: null }),
          c('Text', { width: '5/12', text: 'Five twelfths' }),
          c('Text', { width: '12/12', text: 'Full' }),
          c('Spacer', { space: 1.5, width: null }),
        ]),
        c('Table', {
          headings: [{ content: 'Region', col_span: 2, col_align: 'center' }, 'Units'],
          rows: [
            [{ content: 'North', col_span: 2, col_bg: 'accent', col_align: 'centre', valign: 'top' }, 5],
            ['South', 'East', null],
          ],
        }),
        c('Image', {
          image_url: 'https://cdn.example.com/a.webp',
          text_size: 'sm',
          text_colour: 'paragraph',
          bg_colour: 'background-muted',
          border_colour: 'accent',
          rounded: true,
          enable_border: false,
          base64_extension: null,
        }),
        c('Image', {
          image_url: null,
          base64: 'iVBORw0KGgo=',
          base64_extension: 'png',
          text_color: 'headline',
          bg_color: 'background-subtle',
          border_color: 'accent',
          link_url: 'https://example.com',
        }),
        c('DoughnutRing', {
          data: [
            { start: 0, end: 60, label: 'Done', colour: 'accent' },
            { start: 60, end: 80, label: null, colour: null },
          ],
          font_size: 14,
          background_ring_colour: 'background-muted',
          margin: 2,
          chart_radius_percent: 90,
        }),
        c('DoughnutRing', {
          data: [{ start: 0, end: 30, label: 'A', colour: '#2ca02c' }],
          font_size: 'lg',
          background_ring_color: '#eeeeee',
        }),
        c('Chart.Line', {
          data: [{ x: 1, y: 2, label: 'a', color: null }],
          x_label: 'x',
          y_label: 'y',
          font_size: 12,
          curve_format: null,
          plot_dots: true,
          format_y_ticks: true,
          y_ticks_decimals: 1,
          color_scheme: null,
          margin: 3,
        }),
        c('Chart.Bar', {
          data: [{ x: 'a', y: 2, region: 'north', weight: null }],
          x_label: 'x',
          y_label: 'y',
          font_size: 'sm',
          grouped_bars: true,
          aspect_ratio: 1.6,
        }),
        c('Chart.HorizontalBar', {
          data: [{ x: 'a', y: 2 }],
          x_label: 'x',
          y_label: 'y',
          font_size: 16,
          format_x_ticks: true,
          x_ticks_decimals: 0,
        }),
        c('Chart.Timeseries', {
          data: [
            { x: '2025-01-01 09:00:00', y: 56 },
            { x: '2025-01-02 09:00:00', y: 72 },
          ],
          chart_title: 'Visits',
          caption: 'Daily',
          time_format: '%Y-%m-%d %H:%M:%S',
          tick_format: '%b %d',
          font_size: 16,
          format_y_ticks: false,
        }),
        c('ScatterChart', { data: [{ x: 1, y: 2 }], x_label: 'x', y_label: 'y', radius: null, colour_by: null }),
        c('SparkChart.Line', {
          data: [1, 2, 3],
          title: 't',
          subtitle: 's',
          perc_change: null,
          perc_diff: 2,
          chart_colour: 'accent',
          bg_colour: 'background-subtle',
          button_link: 'https://example.com',
        }),
        c('Beta.DataTable', {
          rows: [
            [
              { data: 'x', category_color: 'green' },
              { data: [1, 2], colour: 'accent' },
            ],
          ],
          col_types: ['Category', 'SparkLine'],
          col_width: [2, null],
        }),
      ],
    },
  },
];

const notIcon = (p: EditorProblem) => !/^Unknown Tabler icon name/.test(p.message);

describe('schema + local service: bodies shaped like the public material', () => {
  for (const { name, source, body } of CASES) {
    describe(`${name} (${source})`, () => {
      it('the local service accepts it (no 422 entry)', () => {
        assert.deepEqual(validateReport(body), []);
      });
      it('the editor shows no problem', async () => {
        // A `$schema` in the file selects the schema the editor loads; point it at ours (the
        // test's language service fetches nothing else). The service ignores `$schema`.
        const forEditor = '$schema' in body ? { ...body, $schema: '../schemas/report.schema.json' } : body;
        assert.deepEqual((await editorProblems(JSON.stringify(forEditor, null, 2))).filter(notIcon), []);
      });
    });
  }

  it('the older forms are accepted and only warned about in the editor', async () => {
    const body = {
      type: 'Report',
      options: { report_title: 'Older forms' },
      config: { typography_theme: 'google-fonts', google_fonts: { headings: 'Playfair Display', body: 'Inter' } },
      components: [c('Text', { text: '## Notes', headings_margin: false })],
    };
    assert.deepEqual(validateReport(body), []);
    const problems = await editorProblems(JSON.stringify(body, null, 2));
    assert.deepEqual(
      problems.map((p) => [p.severity, p.text]),
      [
        [2, '"headings": "Playfair Display"'],
        [2, '"body": "Inter"'],
        [2, '"headings_margin": false'],
      ],
    );
    assert.ok(
      problems.every((p) => /^Older form of `(google_fonts|headings_margin)`.*\. It still works; the current form is /.test(p.message)),
      JSON.stringify(problems),
    );
  });
});
