/**
 * Renderer benchmark: median times for 1-, 10- and 50-page reports — PDF (layout + pdfkit, on
 * one thread in-process) and preview JPEG (PDFium rasterisation + watermark + libjpeg-turbo;
 * the preview shows at most PREVIEW_MAX_PAGES pages) as the local service makes it: in its
 * render pool of SERVICE_WORKERS worker threads (the default --concurrency), split across both
 * workers when they are free (one strip each, rasterised and encoded in parallel, joined with
 * restart markers). The preview is also timed on one thread in-process (the peer column).
 * Each figure is the median of `runs` runs after two warm-up runs. No assertions: numbers only.
 *   npx tsx scripts/bench/render.ts   (or via npm run bench)
 */
import { createRenderer } from '../../src/render';
import { PREVIEW_MAX_PAGES } from '../../src/render/preview';
import { locateRenderWorker, MAX_PREVIEW_PARTS, WorkerRenderer } from '../../src/service/renderPool';
import type { ReportBody, ReportComponent } from '../../src/core/report/types';
import { createPageImager } from '../../src/render/pageImages';
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

/** The local service's render worker threads by default (--concurrency 2). */
const SERVICE_WORKERS = 2;

export async function runRenderBench(runs = 7): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const entry = locateRenderWorker();
  if (!entry) throw new Error('no render worker script');
  const t0 = performance.now();
  const oneThread = await createRenderer();
  console.log(`renderer: createRenderer (PDFium WASM init) ${(performance.now() - t0).toFixed(0)} ms`);
  const pool = new WorkerRenderer(entry, SERVICE_WORKERS, 60_000);
  const parts = Math.min(SERVICE_WORKERS, MAX_PREVIEW_PARTS);
  try {
    for (const pages of [1, 10, 50]) {
      const body = reportOf(pages);
      const pdfTimes: number[] = [];
      const jpegTimes: number[] = [];
      const oneThreadTimes: number[] = [];
      let pageCount = 0;
      let pdfBytes = 0;
      let jpegBytes = 0;
      for (let i = 0; i < 2; i++) {
        // Warm-up: fonts, icons, JIT, each worker's JPEG encoder and watermark.
        const { pdf } = await oneThread.renderPdf(body);
        await pool.renderPreviewJpeg(pdf);
        await oneThread.renderPreviewJpeg(pdf);
      }
      for (let i = 0; i < runs; i++) {
        const a = performance.now();
        const { pdf, pageCount: n } = await oneThread.renderPdf(body);
        const b = performance.now();
        const jpg = await pool.renderPreviewJpeg(pdf);
        const c = performance.now();
        await oneThread.renderPreviewJpeg(pdf);
        oneThreadTimes.push(performance.now() - c);
        pdfTimes.push(b - a);
        jpegTimes.push(c - b);
        pageCount = n;
        pdfBytes = pdf.length;
        jpegBytes = jpg.length;
      }
      const shown = Math.min(pageCount, PREVIEW_MAX_PAGES);
      // One strip per worker, but no more strips than pictures (pages and the "more pages" band): planStrips.
      const used = Math.min(parts, shown + (pageCount > shown ? 1 : 0));
      const split = used > 1 ? `split across ${used} workers` : 'on one worker';
      const pageNote = `${pageCount} page${pageCount === 1 ? '' : 's'}`;
      const poolNote = `render pool of ${SERVICE_WORKERS} worker threads`;
      rows.push(
        {
          group: 'render',
          figure: `render ${pages} page${pages === 1 ? '' : 's'} → PDF`,
          median: median(pdfTimes),
          unit: 'ms',
          ...(pages === 10 ? { target: 100 } : {}),
          note: `${pageNote}, ${(pdfBytes / 1024).toFixed(0)} KiB, one thread, ${runs} runs`,
        },
        {
          group: 'render',
          figure: `render ${pages} page${pages === 1 ? '' : 's'} → preview JPEG`,
          median: median(jpegTimes),
          unit: 'ms',
          peer: { label: 'one thread', median: median(oneThreadTimes) },
          ...(pages === 10 ? { target: 150 } : {}),
          note:
            `from the PDF, ${shown} page${shown === 1 ? '' : 's'} shown, ${(jpegBytes / 1024).toFixed(0)} KiB; ` +
            `${split} of the ${poolNote} (peer: the same preview on one thread in-process), ${runs} runs`,
        },
      );
      console.log(
        `renderer: ${String(pages).padStart(2)}-page report (${pageCount} pages): PDF median ${median(pdfTimes).toFixed(0)} ms (${(pdfBytes / 1024).toFixed(0)} KiB), ` +
          `preview JPEG median ${median(jpegTimes).toFixed(0)} ms ${split}, ${median(oneThreadTimes).toFixed(0)} ms on one thread ` +
          `(${shown} page${shown === 1 ? '' : 's'} shown, ${(jpegBytes / 1024).toFixed(0)} KiB), runs=${runs}`,
      );
    }
  } finally {
    await pool.dispose();
    await oneThread.dispose();
  }
  rows.push(...(await pageImageRows(runs)));
  return rows;
}

/** `export --png` at its default 144 dpi: layout, PDFium and PNG encoding (pngjs) of every page, on one thread. */
async function pageImageRows(runs: number): Promise<BenchRow[]> {
  const imager = await createPageImager();
  const rows: BenchRow[] = [];
  try {
    for (const pages of [1, 10]) {
      const text = JSON.stringify(reportOf(pages));
      await imager.render(text, 'bench');
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        const { pages: images } = await imager.render(text, 'bench');
        times.push(performance.now() - t);
        bytes = images.reduce((n, p) => n + p.png.byteLength, 0);
      }
      rows.push({
        group: 'render',
        figure: `export ${pages} page${pages === 1 ? '' : 's'} → PNG (144 dpi)`,
        median: median(times),
        unit: 'ms',
        note: `layout + PDFium + pngjs, A4 1190×1682, ${(bytes / 1024).toFixed(0)} KiB in all, one thread, ${runs} runs`,
      });
      console.log(`renderer: export ${pages} page(s) → PNG median ${median(times).toFixed(0)} ms (${(bytes / 1024).toFixed(0)} KiB)`);
    }
  } finally {
    imager.dispose();
  }
  return rows;
}

if (require.main === module) {
  runRenderBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
