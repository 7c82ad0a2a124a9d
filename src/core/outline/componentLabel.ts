/**
 * What a component is called in the outline: its type plus the most descriptive option —
 * `Section "KPIs"`, `Card "Views"`, `Chart.Bar "Revenue"`, `Text "Summary"` (the first
 * heading or line of the Markdown) — and a short detail (`987 USD`, `3 columns`, `12 rows`).
 */
import type { OutlineRole as CatalogueRole } from '../../catalogue/component';
import { COMPONENT_META, type ComponentType } from '../report/componentTypes.generated';
import { ENGLISH } from '../l10n';

/** The catalogue's roles (each type's `outline.role`), and `unknown` for a type it does not know. */
export type OutlineRole = CatalogueRole | 'unknown';

/** A type the catalogue does not declare (a typo, a newer type) is named by the first of these. */
const FALLBACK_LABEL = ['title', 'section_title', 'chart_title', 'caption', 'name'];

const MAX_LABEL = 48;

const metaOf = (type: string | undefined) =>
  type !== undefined && Object.hasOwn(COMPONENT_META, type) ? COMPONENT_META[type as ComponentType] : undefined;

export function roleOf(type: string | undefined): OutlineRole {
  if (!type) return 'unknown';
  // An unknown type that looks like a chart (`Chart.Pie`) still gets the chart icon.
  return metaOf(type)?.role ?? (/Chart/.test(type) ? 'chart' : 'unknown');
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
export function labelOption(
  type: string | undefined,
  options: Record<string, unknown>,
  l10n = ENGLISH,
): { key: string; text: string } | undefined {
  if (type === 'Text') {
    const text = typeof options.text === 'string' ? markdownTitle(options.text) : '';
    return text ? { key: 'text', text: clip(text) } : undefined;
  }
  if (type === 'Image') {
    const found = firstString(options, COMPONENT_META.Image.label);
    if (found?.key === 'image_url') {
      // The file name of the address (query and fragment dropped); data: URLs have none.
      if (found.text.startsWith('data:')) return undefined;
      const file = found.text.split(/[?#]/)[0].split('/').filter(Boolean).pop();
      return { key: found.key, text: clip(file ?? found.text) };
    }
    return found && { key: found.key, text: clip(found.text) };
  }
  const label = metaOf(type)?.label;
  const keys = label?.length ? label : FALLBACK_LABEL;
  const found = firstString(options, keys);
  if (found) return { key: found.key, text: clip(found.text) };
  // Charts without a title: "Revenue by Month" from the axis labels.
  if (roleOf(type) === 'chart' && typeof options.y_label === 'string' && typeof options.x_label === 'string') {
    return { key: 'y_label', text: clip(l10n.t('{0} by {1}', options.y_label, options.x_label)) };
  }
  return undefined;
}

/** A short second line: value and units of a card, columns of a container, size of a table. */
export function componentDetail(type: string | undefined, options: Record<string, unknown>, l10n = ENGLISH): string {
  switch (type) {
    case 'Card':
    case 'SparkChart.Ring': {
      const value = options.value;
      const units = typeof options.units === 'string' ? ` ${options.units}` : '';
      return typeof value === 'string' || typeof value === 'number' ? clip(`${value}${units}`) : '';
    }
    case 'Section':
    case 'Row':
      if (typeof options.columns !== 'number') return '';
      return options.columns === 1 ? l10n.t('1 column') : l10n.t('{0} columns', options.columns);
    case 'Table':
    case 'Beta.DataTable':
      if (!Array.isArray(options.rows)) return '';
      return options.rows.length === 1 ? l10n.t('1 row') : l10n.t('{0} rows', options.rows.length);
    case 'ProgressBar':
      return typeof options.progress === 'number' ? `${options.progress}%` : '';
    case 'Spacer':
    case 'VerticalSpacer':
      return typeof options.space === 'number' ? l10n.t('space {0}', options.space) : '';
    default:
      if (!Array.isArray(options.data) || roleOf(type) !== 'chart') return '';
      return options.data.length === 1 ? l10n.t('1 point') : l10n.t('{0} points', options.data.length);
  }
}
