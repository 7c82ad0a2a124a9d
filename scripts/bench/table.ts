/**
 * The one table `npm run bench` ends with: every bench returns rows, this prints them as an
 * aligned Markdown table (figure | median | unit | vs peer | ratio | conditions) under the machine line,
 * the text README's performance section is updated from (also written to .bench/latest.md).
 */
import { cpus } from 'node:os';

/** Where a row goes in the table: the latencies a user waits for first (edit → preview, polling,
 *  render), then throughput, batch builds, 422 mapping, bundle size and activation. */
export const GROUPS = [
  'preview',
  'polling',
  'render',
  'throughput',
  'batch',
  'loc',
  'size',
  'activation',
  'activation-stub',
  'agent',
] as const;

export interface BenchRow {
  group: (typeof GROUPS)[number];
  figure: string;
  /** The median of the samples (for a size: the size). */
  median: number;
  unit: string;
  /** The figure it is compared with, when one exists (fixed polling, a size budget). */
  peer?: { label: string; median: number };
  /** median / peer.median, unless given: below 1 = smaller than the peer. */
  ratio?: number;
  /** Conditions that make the figure meaningful: sample count, page count, sizes. */
  note?: string;
  /**
   * The goal for the figure, in its unit (an upper bound: at most this), or for the ratio when
   * `targetRatio` is set; the table shows it beside the figure with whether it is met.
   */
  target?: number;
  /** The target bounds the ratio (e.g. ≤ 1.00× fixed polling), not the median. */
  targetRatio?: boolean;
}

/** Median of the samples (mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of no samples');
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** The p-th percentile (0–100, nearest rank below) of the samples; NaN for none. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** 3 significant digits, thousands grouped: 0.412, 41.2, 412, 4,120. */
export function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const abs = Math.abs(v);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function machineLine(date = new Date()): string {
  const cpu = cpus();
  const model = (cpu[0]?.model ?? 'unknown cpu').replace(/\s+/g, ' ').trim();
  return `${cpu.length} × ${model}, Node ${process.version}, ${process.platform}/${process.arch}, ${date.toISOString().slice(0, 10)}`;
}

/** `≤ 150 ms: met` / `≤ 1.00×: missed by 0.24×`; empty without a target. */
export function targetCell(row: BenchRow, ratio: number | undefined): string {
  if (row.target === undefined) return '';
  const value = row.targetRatio ? ratio : row.median;
  const goal = row.targetRatio ? `≤ ${row.target.toFixed(2)}×` : `≤ ${formatNumber(row.target)} ${row.unit}`;
  if (value === undefined) return goal;
  // Judged as shown: a ratio of 1.0004 reads 1.00× and meets ≤ 1.00×.
  const shown = row.targetRatio ? Math.round(value * 100) / 100 : Number(formatNumber(value).replace(/,/g, ''));
  if (shown <= row.target) return `${goal}: met`;
  const over = value - row.target;
  return `${goal}: missed by ${row.targetRatio ? `${over.toFixed(2)}×` : `${formatNumber(over)} ${row.unit}`}`;
}

function cells(row: BenchRow): string[] {
  const ratio = row.ratio ?? (row.peer && row.peer.median !== 0 ? row.median / row.peer.median : undefined);
  return [
    row.figure,
    formatNumber(row.median),
    row.unit,
    targetCell(row, ratio),
    row.peer ? `${row.peer.label}: ${formatNumber(row.peer.median)}` : '',
    ratio === undefined ? '' : `${ratio.toFixed(2)}×`,
    row.note ?? '',
  ];
}

/** An aligned Markdown table in GROUPS order (stable within a group); numbers right-aligned. */
export function markdownTable(unordered: readonly BenchRow[]): string {
  const rows = [...unordered].sort((a, b) => GROUPS.indexOf(a.group) - GROUPS.indexOf(b.group));
  const header = ['figure', 'median', 'unit', 'target', 'vs peer', 'ratio', 'conditions'];
  const right = [false, true, false, false, false, true, false];
  // A pipe inside a cell would end it.
  const body = rows.map((r) => cells(r).map((c) => c.replace(/\|/g, '\\|')));
  const widths = header.map((h, i) => Math.max(h.length, 3, ...body.map((r) => r[i].length)));
  const line = (r: string[]): string => `| ${r.map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (right[i] ? `${'-'.repeat(w + 1)}:` : `${'-'.repeat(w + 2)}`)).join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n');
}
