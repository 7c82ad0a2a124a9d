/** Sample options for the chart sheet (scripts/dev/chart-sheet.ts). */
export interface SheetItem {
  type: string;
  options: Record<string, unknown>;
  /** Full page width instead of half. */
  full?: boolean;
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const sales = [120, 135, 128, 160, 172, 190, 185, 201, 220, 210, 236, 260];

export const SHEET: SheetItem[] = [
  {
    type: 'BarChart',
    options: {
      data: months.slice(0, 6).map((x, i) => ({ x, y: sales[i] })),
      x_label: 'Month',
      y_label: 'Sales (k$)',
      chart_title: 'Monthly sales',
      caption: 'Source: internal ledger, first half of 2024.',
    },
  },
  {
    type: 'Chart.Bar',
    options: {
      data: months.slice(0, 4).flatMap((x, i) => [
        { x, y: sales[i], label: '2023' },
        { x, y: sales[i] * 1.2, label: '2024' },
        { x, y: sales[i] * 0.7, label: '2025' },
      ]),
      grouped_bars: true,
      x_label: 'Quarter month',
      y_label: 'Revenue',
      chart_title: 'Grouped bars by year',
      color_scheme: 'Set2',
    },
  },
  {
    type: 'Chart.Bar',
    options: {
      data: months.flatMap((x, i) => [
        { x, y: 1_000_000 + i * 90_000, label: 'Online' },
        { x, y: 600_000 + ((i * 37) % 5) * 100_000, label: 'Retail' },
      ]),
      x_label: 'Month',
      y_label: 'Units',
      chart_title: 'Stacked (grouped_bars false), large numbers',
      full: true,
    },
    full: true,
  },
  {
    type: 'Chart.Bar',
    options: {
      data: [
        'North-East region',
        'South-West region',
        'Central highlands',
        'Coastal plains',
        'Islands and overseas',
        'Capital district',
        'Northern frontier',
      ].map((x, i) => ({ x, y: [12, -8, 15, 4, -3, 20, 9][i] })),
      x_label: 'Region',
      y_label: 'Growth %',
      chart_title: 'Long labels and negatives',
      color_scheme: 'Tableau10',
      format_y_ticks: true,
      y_ticks_decimals: 1,
    },
  },
  {
    type: 'Chart.HorizontalBar',
    options: {
      data: ['Chrome', 'Safari', 'Edge', 'Firefox', 'Samsung Internet', 'Opera'].map((x, i) => ({
        x,
        y: [64.7, 18.6, 5.2, 2.8, 2.5, 2.2][i],
      })),
      x_label: 'Share (%)',
      y_label: 'Browser',
      chart_title: 'Browser share',
      x_ticks_decimals: 0,
    },
  },
  { type: 'BarChart', options: { data: [], x_label: 'x', y_label: 'y', chart_title: 'Empty bar chart' } },
];

const wave = Array.from({ length: 9 }, (_, i) => ({ x: i, y: Math.round(50 + 30 * Math.sin(i / 1.3) + (i % 3) * 6) }));
const curves = ['Linear', 'Step', 'Basis', 'StepBefore', 'StepAfter', 'Natural', 'Cardinal', 'CatmullRom', 'MonotoneX'];

SHEET.push(
  {
    type: 'LineChart',
    options: {
      data: months.flatMap((_, i) => [
        { x: i + 1, y: sales[i], product: 'Widgets' },
        { x: i + 1, y: sales[11 - i] * 0.8, product: 'Gadgets' },
      ]),
      colour_by: 'product',
      x_label: 'Month number',
      y_label: 'Units',
      chart_title: 'LineChart with colour_by',
    },
  },
  {
    type: 'ScatterChart',
    options: {
      data: Array.from({ length: 60 }, (_, i) => ({
        x: (i * 37) % 100,
        y: ((i * 53) % 89) - 20 + (i % 2) * 10,
        cluster: ['A', 'B', 'C'][i % 3],
      })),
      colour_by: 'cluster',
      x_label: 'Spend',
      y_label: 'Return',
      chart_title: 'ScatterChart',
      radius: 3,
    },
  },
  ...curves.slice(0, 4).map((curve) => ({
    type: 'Chart.Line',
    options: {
      data: wave,
      x_label: 'x',
      y_label: 'y',
      chart_title: `Chart.Line ${curve}`,
      curve_format: curve,
      plot_dots: true,
      aspect_ratio: 2.2,
    },
  })),
  ...curves.slice(4).map((curve) => ({
    type: 'Chart.Line',
    options: {
      data: wave,
      x_label: 'x',
      y_label: 'y',
      chart_title: `Chart.Line ${curve}`,
      curve_format: curve,
      plot_dots: true,
      aspect_ratio: 2.2,
    },
  })),
  {
    type: 'Chart.Line',
    options: {
      data: months.flatMap((x, i) => [
        { x, y: sales[i], label: 'North' },
        { x, y: i === 5 ? null : sales[i] * 0.6 + 40, label: 'South' },
        { x, y: 100 + (i % 4) * 20, label: 'West' },
      ]),
      x_label: 'Month',
      y_label: 'Revenue',
      chart_title: 'Chart.Line categories, groups, gap',
      color_scheme: 'Dark2',
      curve_format: 'MonotoneX',
    },
  },
  {
    type: 'Chart.Timeseries',
    options: {
      data: Array.from({ length: 40 }, (_, i) => ({
        x: new Date(Date.UTC(2024, 0, 1) + i * 4 * 86400e3).toISOString().slice(0, 10) + ' 09:00:00',
        y: 50 + Math.round(20 * Math.sin(i / 5) + i),
      })),
      x_label: 'Date',
      y_label: 'Visitors',
      chart_title: 'Chart.Timeseries (default ticks)',
      time_format: '%Y-%m-%d %H:%M:%s',
      curve_format: 'MonotoneX',
    },
  },
  {
    type: 'Chart.Timeseries',
    options: {
      data: Array.from({ length: 36 }, (_, i) => ({
        x: new Date(Date.UTC(2024, 2, 1) + Math.floor(i / 2) * 2 * 3600e3).toISOString(),
        y: Math.round(12 + 8 * Math.sin(i / 6) + (i % 2 ? 6 : 0)),
        label: i % 2 ? 'api' : 'web',
      })),
      x_label: 'Time (UTC)',
      y_label: 'Requests/s',
      chart_title: 'Timeseries with tick_format %H:%M',
      tick_format: '%H:%M',
      plot_dots: true,
    },
  },
  { type: 'Chart.Line', options: { data: [{ x: 'Only', y: 5 }], x_label: 'x', y_label: 'y', chart_title: 'Single point' } },
);

SHEET.push(
  {
    type: 'DoughnutRing',
    options: {
      data: [
        { start: 0, end: 45, label: 'Completed', colour: 'accent' },
        { start: 45, end: 70, label: 'In review', colour: '#f59e0b' },
        { start: 70, end: 80, label: 'Blocked', colour: 'crimson' },
      ],
      chart_title: 'Sprint progress',
      inside_title: '80%',
      inside_subtitle: 'of 120 tasks',
      ticks_count: 10,
      caption: 'Ring from 0 to 100 with ticks every 10.',
    },
  },
  {
    type: 'DoughnutRing',
    options: {
      data: [{ start: 0, end: 640, label: 'Raised', colour: null }],
      max_val: 1000,
      chart_title: 'Fundraising',
      inside_title: '$640k',
      inside_subtitle: 'goal $1M',
      arc_thickness_percent: 35,
      chart_radius_percent: 70,
      background_ring_color: 'background-muted',
    },
  },
  {
    type: 'SparkChart.Line',
    options: {
      data: [12, 15, 14, 18, 22, 21, 26, 30, 28, 34],
      title: 'Revenue, last 10 weeks',
      subtitle: '$34,120',
      border: true,
      bg_color: 'background',
      perc_change: '+',
      perc_diff: 12.5,
      button_text: 'Open dashboard',
      button_link: 'https://example.com/revenue',
    },
  },
  {
    type: 'SparkChart.Line',
    options: {
      data: [40, 38, 39, 33, 35, 30, 27, 29, 24],
      title: 'Churn rate',
      subtitle: '2.4%',
      perc_change: '-',
      perc_diff: 3,
      chart_color: '#dc2626',
      bg_color: 'background-muted',
      border: false,
    },
  },
  {
    type: 'SparkChart.Ring',
    options: {
      value: 72,
      title: 'Storage used',
      subtitle: '720 GB of 1 TB',
      border: true,
      button_text: 'Manage',
      button_link: 'https://example.com/storage',
    },
  },
  {
    type: 'SparkChart.Ring',
    options: {
      value: 33.3,
      title: 'Quota',
      subtitle: 'Monthly reports',
      chart_color: 'custom-2',
      bg_color: 'highlight',
      radius: 30,
      stroke_width: 8,
    },
  },
  {
    type: 'ProgressBar',
    options: {
      title: 'Migration project',
      progress: 62,
      stages: [{ name: 'Discovery' }, { name: 'Design' }, { name: 'Build' }, { name: 'Test' }, { name: 'Launch' }],
    },
    full: true,
  },
  { type: 'ProgressBar', options: { progress: 100, stages: [{ name: 'Draft' }, { name: 'Review' }, { name: 'Published' }] } },
  { type: 'ProgressBar', options: { title: 'Plain meter', progress: 35, stages: [] } },
  {
    type: 'Beta.DataTable',
    full: true,
    options: {
      title: 'Top products',
      headings: ['Product', 'Trend', 'Weekly', 'Share', 'Target', 'Status', 'Action'],
      col_types: ['Text', 'SparkLine', 'SparkBar', 'SparkBar', 'SparkRing', 'Category', 'Button'],
      striped: true,
      col_borders: false,
      table_border: true,
      col_align: ['left', 'left', 'left', 'left', 'left', 'center', 'right'],
      rows: [
        [
          { data: 'Arduino kit', caption: 'SKU 1001', url_link: 'https://example.com/a' },
          { data: [3, 5, 4, 6, 8, 7, 9] },
          { data: [4, 6, 3, 7, 8, 5, 9], bar_radius: 1 },
          { data: 64 },
          { data: 80 },
          { data: 'On track', category_color: 'green' },
          { data: 'Open', url_link: 'https://example.com/a' },
        ],
        [
          { data: 'Raspberry Pi 5 starter bundle with case' },
          { data: [9, 7, 8, 6, 5, 4, 3], color: 'crimson' },
          { data: [7, 5, 4, 3, 3, 2, 1], color: 'crimson' },
          { data: 22.5 },
          { data: 35 },
          { data: 'At risk', category_color: 'red' },
          { data: 'Review', color: 'crimson' },
        ],
        [
          { data: 'Keyboards', color: 'custom-1' },
          { data: [2, 2, 3, 3, 4, 4, 5] },
          { data: [1, 2, 2, 3, 3, 4, 5] },
          { data: 9 },
          { data: 100 },
          { data: 'New', category_color: 'blue' },
          { data: 'Open' },
        ],
        [
          { data: 'Graphics cards' },
          { data: 'n/a' },
          { data: [5, -2, 3, -4, 6] },
          { data: 4.5 },
          { data: 12 },
          { data: 'Paused', category_color: 'yellow' },
          { data: '' },
        ],
      ],
    },
  },
);
