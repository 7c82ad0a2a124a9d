/**
 * Renderer benchmark: median times for 1-, 10- and 50-page reports — PDF
 * (layout + pdfkit) and preview JPEG (PDFium rasterisation + watermark + jpeg-js;
 * the preview shows at most PREVIEW_MAX_PAGES pages). No assertions: numbers only.
 *   npx tsx scripts/bench/render.ts   (or via npm run bench)
 */
import { createRenderer } from '../../src/render';
import { PREVIEW_MAX_PAGES } from '../../src/render/preview';
import type { ReportBody, ReportComponent } from '../../src/core/report/types';
import { median, type BenchRow } from './table';

function page(i: number): ReportComponent[] {
  return [
    {
      type: 'Section',
      options: { section_title: `Page ${i + 1} metrics`, icon: 'chart-bar', columns: 4 },
      components: ['Revenue', 'Orders', 'Customers', 'Churn'].map((t, k) => ({
        type: 'Card',
        options: { title: t, value: 1000 * (k + 1) + i, icon: 'coin' },
      })),
    },
    {
      type: 'Text',
      options: {
        text: `## Notes ${i + 1}\n\nRevenue grew **12%** quarter on quarter, driven by *enterprise* deals.\n\n- New logos: 42\n- Expansion: 18`,
      },
    },
    {
      type: 'Row',
      options: { columns: 2 },
      components: [
        {
          type: 'Table',
          options: {
            headings: ['Account', 'Region', 'Revenue'],
            striped: true,
            rows: Array.from({ length: 8 }, (_, r) => [`Account ${r}`, 'EMEA', 1000 + r * 37]),
          },
        },
        {
          type: 'Chart.Bar',
          options: {
            chart_title: 'Monthly',
            x_label: 'Month',
            y_label: 'Sales',
            data: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'].map((x, k) => ({ x, y: 10 + k * 3 + (i % 5) })),
          },
        },
      ],
    },
    { type: 'PageBreak' },
  ];
}

function reportOf(pages: number): ReportBody {
  return {
    type: 'Report',
    options: { report_title: `Benchmark ${pages}p`, report_byline: 'synthetic', footer_text: 'bench' },
    config: { enable_multi_page: true, enable_pagination: true },
    components: Array.from({ length: pages }, (_, i) => page(i))
      .flat()
      .slice(0, -1),
  };
}

export async function runRenderBench(runs = 5): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const t0 = performance.now();
  const renderer = await createRenderer();
  console.log(`renderer: createRenderer (PDFium WASM init) ${(performance.now() - t0).toFixed(0)} ms`);
  try {
    for (const pages of [1, 10, 50]) {
      const body = reportOf(pages);
      const pdfTimes: number[] = [];
      const jpegTimes: number[] = [];
      let pageCount = 0;
      let pdfBytes = 0;
      let jpegBytes = 0;
      await renderer.renderPdf(body); // warm-up (font parsing, icon set, JIT)
      for (let i = 0; i < runs; i++) {
        const a = performance.now();
        const { pdf, pageCount: n } = await renderer.renderPdf(body);
        const b = performance.now();
        const jpg = await renderer.renderPreviewJpeg(pdf);
        const c = performance.now();
        pdfTimes.push(b - a);
        jpegTimes.push(c - b);
        pageCount = n;
        pdfBytes = pdf.length;
        jpegBytes = jpg.length;
      }
      const shown = Math.min(pageCount, PREVIEW_MAX_PAGES);
      const pageNote = `${pageCount} page${pageCount === 1 ? '' : 's'}`;
      rows.push(
        {
          group: 'render',
          figure: `render ${pages} page${pages === 1 ? '' : 's'} → PDF`,
          median: median(pdfTimes),
          unit: 'ms',
          ...(pages === 10 ? { target: 100 } : {}),
          note: `${pageNote}, ${(pdfBytes / 1024).toFixed(0)} KiB, ${runs} runs`,
        },
        {
          group: 'render',
          figure: `render ${pages} page${pages === 1 ? '' : 's'} → preview JPEG`,
          median: median(jpegTimes),
          unit: 'ms',
          ...(pages === 10 ? { target: 150 } : {}),
          note: `from the PDF, ${shown} page${shown === 1 ? '' : 's'} shown, ${(jpegBytes / 1024).toFixed(0)} KiB, ${runs} runs`,
        },
      );
      console.log(
        `renderer: ${String(pages).padStart(2)}-page report (${pageCount} pages): PDF median ${median(pdfTimes).toFixed(0)} ms (${(pdfBytes / 1024).toFixed(0)} KiB), ` +
          `preview JPEG median ${median(jpegTimes).toFixed(0)} ms (${shown} page${shown === 1 ? '' : 's'} shown, ${(jpegBytes / 1024).toFixed(0)} KiB), runs=${runs}`,
      );
    }
  } finally {
    await renderer.dispose();
  }
  return rows;
}

if (require.main === module) {
  runRenderBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
