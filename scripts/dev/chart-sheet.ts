/**
 * Paints every chart/data component on a few A4 pages so a person can look at
 * them: npx tsx scripts/dev/chart-sheet.ts [out.pdf] [theme] [columns]
 * then e.g. pdftoppm -png -r 70 out.pdf /tmp/sheet
 */
import { writeFileSync } from 'node:fs';
import { lookupPainter } from '../../src/render/registry';
import { paintAt, testCanvas } from '../../test/unit/render/charts/helpers';
import { SHEET } from './chart-sheet-data';
import { STRESS } from './chart-sheet-stress';

async function main(): Promise<void> {
  const out = process.argv[2] ?? '/tmp/chart-sheet.pdf';
  const canvas = testCanvas({ theme: process.argv[3] ?? 'default' });
  const { doc } = canvas;
  const margin = 36;
  const gap = 18;
  const columns = Math.max(1, Number(process.argv[4] ?? 2));
  const colW = (595 - 2 * margin - gap * (columns - 1)) / columns;
  let y = margin;
  let col = 0;
  let rowH = 0;
  for (const item of process.env.STRESS ? STRESS : SHEET) {
    const painter = lookupPainter(item.type);
    if (!painter) {
      console.warn(`no painter for ${item.type}`);
      continue;
    }
    const width = item.full ? 595 - 2 * margin : colW;
    if (item.full && col > 0) {
      y += rowH + gap;
      col = 0;
      rowH = 0;
    }
    const h = painter.measure(item.options, width, canvas.ctx);
    if (y + h > 842 - margin) {
      doc.addPage({ size: [595, 842], margin: 0 });
      y = margin;
      col = 0;
      rowH = 0;
    }
    const x = margin + col * (colW + gap);
    const rect = paintAt(painter, item.options, canvas, x, y, width);
    doc
      .save()
      .rect(rect.x, rect.y, rect.width, rect.height)
      .lineWidth(0.25)
      .dash(1, { space: 2 })
      .strokeColor('#ff00ff', 0.3)
      .stroke()
      .undash()
      .restore();
    rowH = Math.max(rowH, h);
    if (item.full || col === columns - 1) {
      y += rowH + gap;
      col = 0;
      rowH = 0;
    } else col += 1;
  }
  writeFileSync(out, await canvas.finish());
  console.log(`wrote ${out}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
