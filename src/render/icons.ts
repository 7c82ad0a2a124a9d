/**
 * Tabler outline icons (MIT), drawn as real SVG stroke paths with pdfkit.
 * The icon set (name → path data, ~0.9 MB) is read lazily on first use from
 * icons/tabler-outline.json beside the bundle (written by scripts/build.mjs) or,
 * when running from sources, derived from node_modules/@tabler/icons.
 * Unknown icon names draw nothing: the service accepts any icon string, and a
 * missing decoration must not fail a report.
 */
import { iconTableText } from './assets';

let icons: Map<string, string> | undefined;

/** Tabler's node list format ([["path", {d}], …]) or our compact one (name → "d d d"). */
function load(): Map<string, string> {
  const text = iconTableText();
  const map = new Map<string, string>();
  if (text === undefined) return map;
  const json = JSON.parse(text) as Record<string, string | Array<[string, { d?: string }]>>;
  for (const [name, value] of Object.entries(json)) {
    map.set(name, typeof value === 'string' ? value : value.map((n) => n[1].d ?? '').join(' '));
  }
  return map;
}

function normalise(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^(ti|tabler)[-:]/, '')
    .replace(/^icon-/, '')
    .replace(/[\s_]+/g, '-');
}

export function iconPath(name: unknown): string | undefined {
  if (typeof name !== 'string' || !name.trim()) return undefined;
  icons ??= load();
  return icons.get(normalise(name));
}

/** Draws the icon in a size×size box at (x, y); returns false when the name is unknown. */
export function drawIcon(
  doc: PDFKit.PDFDocument,
  name: unknown,
  x: number,
  y: number,
  size: number,
  colour: string,
  strokeWidth = 2,
): boolean {
  const d = iconPath(name);
  if (!d) return false;
  doc.save();
  doc.translate(x, y).scale(size / 24);
  doc.path(d).lineWidth(strokeWidth).lineCap('round').lineJoin('round').strokeColor(colour).stroke();
  doc.restore();
  return true;
}
