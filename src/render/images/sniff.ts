/**
 * Image format and pixel size from the first bytes, without decoding anything: the
 * format decides the decoder, the size is checked against the pixel limits before any
 * pixel buffer is allocated. The bytes decide, not `base64_extension` or a content
 * type (both are often wrong).
 */
import { readWebpLayout } from './webpLayout';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

export type Sniffed =
  | { ok: true; format: ImageFormat; width: number; height: number }
  /** `format` is set when the bytes start like that format but its header is unusable. */
  | { ok: false; format?: ImageFormat; problem: string };

const FORMAT_NAMES: Record<ImageFormat, string> = { png: 'PNG', jpeg: 'JPEG', gif: 'GIF', webp: 'WebP', svg: 'SVG' };

const bad = (format: ImageFormat, problem: string): Sniffed => ({
  ok: false,
  format,
  problem: `a ${FORMAT_NAMES[format]} file whose header is unusable: ${problem}`,
});

function sized(format: ImageFormat, width: number, height: number): Sniffed {
  if (!(width > 0 && height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) return bad(format, `size ${width} × ${height}`);
  return { ok: true, format, width, height };
}

function png(d: Buffer): Sniffed {
  if (d.length < 24 || d.toString('latin1', 12, 16) !== 'IHDR') return bad('png', 'no IHDR chunk');
  return sized('png', d.readUInt32BE(16), d.readUInt32BE(20));
}

/** Walks the JPEG markers to the first frame header (SOFn). */
function jpeg(d: Buffer): Sniffed {
  let i = 2;
  while (i + 3 < d.length) {
    if (d[i] !== 0xff) return bad('jpeg', 'broken marker sequence');
    let m = d[i + 1];
    while (m === 0xff && i + 2 < d.length) m = d[++i + 1]; // fill bytes
    if (m === 0xd8 || m === 0x01 || (m >= 0xd0 && m <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (m === 0xd9 || m === 0xda) return bad('jpeg', 'no frame header before the image data');
    if (i + 3 >= d.length) break;
    const len = d.readUInt16BE(i + 2);
    const isSof = m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
    if (isSof) {
      if (i + 8 >= d.length) break;
      return sized('jpeg', d.readUInt16BE(i + 7), d.readUInt16BE(i + 5));
    }
    if (len < 2) return bad('jpeg', 'broken marker length');
    i += 2 + len;
  }
  return bad('jpeg', 'no frame header');
}

function gif(d: Buffer): Sniffed {
  if (d.length < 10) return bad('gif', 'cut short');
  return sized('gif', d.readUInt16LE(6), d.readUInt16LE(8));
}

/**
 * RIFF/WEBP with a VP8 (lossy), VP8L (lossless) or VP8X (extended: alpha, animation) first
 * chunk: the canvas, after every frame's bitstream was found to fit it (webpLayout.ts).
 */
function webp(d: Buffer): Sniffed {
  const layout = readWebpLayout(d);
  return typeof layout === 'string' ? bad('webp', layout) : sized('webp', layout.width, layout.height);
}

/**
 * Lengths in CSS px (the SVG user unit); percentages and font-relative units have no absolute size.
 * No two quantifiers of the pattern can match the same characters (the digits before and after a
 * point, the spaces before and after a unit): a long attribute value is read in linear time.
 */
function cssPx(value: string | undefined): number | undefined {
  const m = value && /^\+?((?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)(?:\s*(px|pt|pc|in|cm|mm))?$/i.exec(value.trim());
  if (!m) return undefined;
  const factor = { px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4 }[(m[2] ?? 'px').toLowerCase() as 'px'];
  const n = Number(m[1]) * factor;
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** What the prolog scanner reads: a string (or, in tests, a source that counts its reads). */
export interface CharSource {
  readonly length: number;
  charCodeAt(index: number): number;
}

const WHITESPACE = /\s/;

/**
 * Where the prolog before an SVG's root tag ends: whitespace, processing instructions (`<?…?>`,
 * the XML declaration included), comments and a doctype (whose internal subset `[…]` may hold
 * `>`). An unterminated construct ends the prolog before it. One pass in which every character
 * is read a bounded number of times (at most 4): the regex this replaces backtracked
 * exponentially on `<!DOCTYPE[][][]…` (231 bytes held a render worker for a minute).
 */
export function svgPrologEnd(s: CharSource): number {
  const n = s.length;
  /** Whether `lit` (lower case; `fold`: compare case-insensitively) is at `i`. */
  const at = (i: number, lit: string, fold = false): boolean => {
    if (i + lit.length > n) return false;
    for (let k = 0; k < lit.length; k++) {
      const c = s.charCodeAt(i + k);
      if ((fold && c >= 65 && c <= 90 ? c + 32 : c) !== lit.charCodeAt(k)) return false;
    }
    return true;
  };
  /** The index just past the first `lit` (2 or 3 characters) at or after `from`, or -1. */
  const past = (from: number, lit: string): number => {
    for (let i = from; i + lit.length <= n; i++) if (at(i, lit)) return i + lit.length;
    return -1;
  };
  /** Past the `>` closing a doctype whose body starts at `from`; a `[…]` subset is skipped whole. */
  const doctypeEnd = (from: number): number => {
    for (let i = from; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x3e /* > */) return i + 1;
      if (c === 0x5b /* [ */) {
        const close = past(i + 1, ']');
        if (close < 0) return -1;
        i = close - 1;
      }
    }
    return -1;
  };
  let i = 0;
  while (i < n) {
    let end: number;
    if (WHITESPACE.test(String.fromCharCode(s.charCodeAt(i)))) end = i + 1;
    else if (at(i, '<?')) end = past(i + 2, '?>');
    else if (at(i, '<!--')) end = past(i + 4, '-->');
    else if (at(i, '<!doctype', true)) end = doctypeEnd(i + 9);
    else break;
    if (end < 0) break;
    i = end;
  }
  return i;
}

/** The root `<svg …>` start tag after the XML declaration, comments, a doctype and processing instructions. */
export function svgRootTag(text: string): string | undefined {
  const rest = text.slice(svgPrologEnd(text));
  const m = /^<(?:[A-Za-z_][\w.-]*:)?svg(?=[\s/>])[^>]*>/.exec(rest);
  return m ? m[0] : undefined;
}

/** Width and height in px: the attributes, else the viewBox, else CSS's 300 × 150. */
export function svgSize(rootTag: string): { width: number; height: number } | string {
  const vb = attribute(rootTag, 'viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const hasViewBox = vb !== undefined && vb.length === 4 && vb.every(Number.isFinite);
  if (attribute(rootTag, 'viewBox') !== undefined && (!hasViewBox || vb![2] <= 0 || vb![3] <= 0))
    return 'a viewBox that is not four numbers with a positive width and height';
  const w = cssPx(attribute(rootTag, 'width'));
  const h = cssPx(attribute(rootTag, 'height'));
  const ratio = hasViewBox ? vb![2] / vb![3] : undefined;
  if (w && h) return { width: w, height: h };
  if (w && ratio) return { width: w, height: w / ratio };
  if (h && ratio) return { width: h * ratio, height: h };
  if (hasViewBox) return { width: vb![2], height: vb![3] };
  return { width: w ?? 300, height: h ?? 150 };
}

function svg(d: Buffer): Sniffed | undefined {
  // Text formats: skip a UTF-8 BOM; only look at the start (a root tag comes early).
  const head = d.toString('utf8', d[0] === 0xef && d[1] === 0xbb && d[2] === 0xbf ? 3 : 0, Math.min(d.length, 64 * 1024));
  const tag = svgRootTag(head);
  if (!tag) {
    const markup = /^\s*</.test(head) && !/^\s*<(?:!doctype html|html)/i.test(head);
    return markup && /<svg[\s>]/i.test(head) ? bad('svg', 'no <svg> root element') : undefined;
  }
  const size = svgSize(tag);
  if (typeof size === 'string') return bad('svg', size);
  return sized('svg', size.width, size.height);
}

/** What the bytes are; `{ok: false}` without a format when they are no image format at all. */
export function sniffImage(d: Buffer): Sniffed {
  if (d.length >= 8 && d.readUInt32BE(0) === 0x89504e47 && d.readUInt32BE(4) === 0x0d0a1a0a) return png(d);
  if (d.length >= 3 && d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff) return jpeg(d);
  if (d.length >= 6 && /^GIF8[79]a$/.test(d.toString('latin1', 0, 6))) return gif(d);
  if (d.length >= 16 && d.toString('latin1', 0, 4) === 'RIFF' && d.toString('latin1', 8, 12) === 'WEBP') return webp(d);
  const vector = svg(d);
  if (vector) return vector;
  return { ok: false, problem: describeNonImage(d) };
}

/** A short, content-free description of bytes that are no image (no bytes are echoed). */
function describeNonImage(d: Buffer): string {
  if (d.length === 0) return 'no data';
  const head = d.toString('latin1', 0, Math.min(d.length, 512)).trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'an HTML page, not PNG, JPEG, GIF, WebP or SVG';
  if (head.startsWith('%pdf-')) return 'a PDF file, not PNG, JPEG, GIF, WebP or SVG';
  if (head.startsWith('{') || head.startsWith('[')) return 'JSON text, not PNG, JPEG, GIF, WebP or SVG';
  return `${d.length} bytes that are not PNG, JPEG, GIF, WebP or SVG`;
}
