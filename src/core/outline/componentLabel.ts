/**
 * What a component is called in the outline: its type plus the most descriptive option —
 * `Section "KPIs"`, `Card "Views"`, `Chart.Bar "Revenue"`, `Text "Summary"` (the first
 * heading or line of the Markdown) — and a short detail (`987 USD`, `3 columns`, `12 rows`).
 */

export type OutlineRole = 'container' | 'card' | 'text' | 'table' | 'image' | 'chart' | 'progress' | 'spacer' | 'unknown';

/** Options that name a component, in order of preference, per type (first string wins). */
const LABEL_OPTIONS: Record<string, readonly string[]> = {
  Section: ['section_title'],
  Card: ['title'],
  Table: ['title', 'headings'],
  'Beta.DataTable': ['title', 'headings'],
  Image: ['caption', 'image_url'],
  DoughnutRing: ['chart_title', 'inside_title', 'caption'],
  'SparkChart.Line': ['title', 'subtitle'],
  'SparkChart.Ring': ['title', 'subtitle'],
  ProgressBar: ['title'],
};
const CHART_LABEL = ['chart_title', 'caption'];
const FALLBACK_LABEL = ['title', 'section_title', 'chart_title', 'caption', 'name'];

const MAX_LABEL = 48;

export function roleOf(type: string | undefined): OutlineRole {
  if (!type) return 'unknown';
  if (type === 'Section' || type === 'Row') return 'container';
  if (type === 'Card' || type.startsWith('SparkChart.')) return 'card';
  if (type === 'Text') return 'text';
  if (type === 'Table' || type === 'Beta.DataTable') return 'table';
  if (type === 'Image') return 'image';
  if (type === 'ProgressBar') return 'progress';
  if (type === 'PageBreak' || type === 'Spacer' || type === 'VerticalSpacer') return 'spacer';
  if (/Chart|DoughnutRing/.test(type)) return 'chart';
  return 'unknown';
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_LABEL ? `${oneLine.slice(0, MAX_LABEL - 1)}…` : oneLine;
}

/** The first heading of a Markdown text, else its first non-empty line, without markup. */
export function markdownTitle(markdown: string): string {
  const lines = markdown.split(/\r?\n/).map((l) => l.trim());
  const line = lines.find((l) => /^#{1,6}\s+\S/.test(l)) ?? lines.find((l) => l.length > 0) ?? '';
  return line
    .replace(/^#{1,6}\s+/, '')
    .replace(/^([-*+]|\d+\.)\s+/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`|~~)/g, '')
    .trim();
}

function firstString(options: Record<string, unknown>, keys: readonly string[]): { key: string; text: string } | undefined {
  for (const key of keys) {
    const value = options[key];
    if (typeof value === 'string' && value.trim()) return { key, text: value };
    // Table headings: name the table by its columns.
    if (key === 'headings' && Array.isArray(value) && value.some((h) => typeof h === 'string' && h.trim())) {
      return { key, text: value.filter((h) => typeof h === 'string').join(' · ') };
    }
  }
  return undefined;
}

/** The option that names the component (its key and the text shown), if any. */
export function labelOption(type: string | undefined, options: Record<string, unknown>): { key: string; text: string } | undefined {
  if (type === 'Text') {
    const text = typeof options.text === 'string' ? markdownTitle(options.text) : '';
    return text ? { key: 'text', text: clip(text) } : undefined;
  }
  if (type === 'Image') {
    const found = firstString(options, LABEL_OPTIONS.Image);
    if (found?.key === 'image_url') {
      // The file name of the address (query and fragment dropped); data: URLs have none.
      if (found.text.startsWith('data:')) return undefined;
      const file = found.text.split(/[?#]/)[0].split('/').filter(Boolean).pop();
      return { key: found.key, text: clip(file ?? found.text) };
    }
    return found && { key: found.key, text: clip(found.text) };
  }
  const keys = (type ? LABEL_OPTIONS[type] : undefined) ?? (roleOf(type) === 'chart' ? CHART_LABEL : FALLBACK_LABEL);
  const found = firstString(options, keys);
  if (found) return { key: found.key, text: clip(found.text) };
  // Charts without a title: "Revenue by Month" from the axis labels.
  if (roleOf(type) === 'chart' && typeof options.y_label === 'string' && typeof options.x_label === 'string') {
    return { key: 'y_label', text: clip(`${options.y_label} by ${options.x_label}`) };
  }
  return undefined;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** A short second line: value and units of a card, columns of a container, size of a table. */
export function componentDetail(type: string | undefined, options: Record<string, unknown>): string {
  switch (type) {
    case 'Card':
    case 'SparkChart.Ring': {
      const value = options.value;
      const units = typeof options.units === 'string' ? ` ${options.units}` : '';
      return typeof value === 'string' || typeof value === 'number' ? clip(`${value}${units}`) : '';
    }
    case 'Section':
    case 'Row':
      return typeof options.columns === 'number' ? count(options.columns, 'column') : '';
    case 'Table':
    case 'Beta.DataTable':
      return Array.isArray(options.rows) ? count(options.rows.length, 'row') : '';
    case 'ProgressBar':
      return typeof options.progress === 'number' ? `${options.progress}%` : '';
    case 'Spacer':
    case 'VerticalSpacer':
      return typeof options.space === 'number' ? `space ${options.space}` : '';
    default:
      return Array.isArray(options.data) && roleOf(type) === 'chart' ? count(options.data.length, 'point') : '';
  }
}
