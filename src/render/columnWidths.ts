/**
 * `col_width` (Table, Beta.DataTable) → column widths in points.
 *
 * The numbers are percentages of the table's width: the official invoice sample
 * gives `[null, 70, null, null]` for a description column of 70 % beside three
 * narrow ones, which only reads as a percentage. `null` (or a missing entry, or
 * anything that is not a positive number) is an automatic column: the automatic
 * columns share equally what the numbers leave. When every column has a number
 * and they do not add up to 100, they are scaled to fill the table, so relative
 * weights such as `[3, 1, 1]` keep working. When the numbers leave an automatic
 * column less than MIN_AUTO_PERCENT, the numbers are scaled down to make room.
 */

/** The least an automatic column gets (percent of the table), so it never collapses. */
const MIN_AUTO_PERCENT = 5;

export function columnWidths(spec: unknown, n: number, width: number): number[] {
  const given = Array.isArray(spec) ? spec : [];
  const pct = Array.from({ length: n }, (_, i) => {
    const v = given[i];
    return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;
  });
  const autos = pct.filter((v) => v === undefined).length;
  const fixedSum = pct.reduce<number>((a, v) => a + (v ?? 0), 0);
  if (autos === n) return pct.map(() => width / n);
  if (autos === 0) return pct.map((v) => (width * v!) / fixedSum);
  const minAuto = Math.min(MIN_AUTO_PERCENT, 100 / n);
  const roomForFixed = 100 - autos * minAuto;
  const scale = fixedSum > roomForFixed ? roomForFixed / fixedSum : 1;
  const autoShare = (100 - fixedSum * scale) / autos;
  return pct.map((v) => (width * (v === undefined ? autoShare : v * scale)) / 100);
}
