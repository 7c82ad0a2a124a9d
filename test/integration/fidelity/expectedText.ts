/**
 * What a report must show: every string it carries (header, titles, texts, cells, card
 * values, captions, chart titles and labels, legends, stage names), each with the JSON path
 * it came from, so a missing string names its component. Written independently of the
 * renderer: Markdown through `marked`, HTML through `htmlparser2`, as a reader of the
 * report would take them.
 */
import { marked } from 'marked';
import { COMPONENTS } from '../../../src/catalogue';
import { Parser } from 'htmlparser2';

type Json = Record<string, unknown>;

export interface ExpectedString {
  /** The words as they should read in the PDF (markup stripped). */
  text: string;
  /** JSON path of the option, e.g. `components[2].components[0].options.rows[1][3]`. */
  path: string;
  /** Markdown/long text: matched word by word, in order, within a window (line wrapping splits phrases). */
  words: boolean;
  /** Card titles: `title_uppercase` may set them in capitals. */
  anyCase?: boolean;
  /** The string is printed literally, Markdown syntax included (Text with `markdown_format: false`: HTML is still read). */
  literal?: boolean;
}

/** Text content of an HTML fragment (entities decoded, `<br>` as a line break, tags dropped). */
export function htmlToText(html: string): string {
  let out = '';
  const parser = new Parser(
    {
      ontext: (t) => (out += t),
      onopentag: (name) => {
        if (name === 'br' || name === 'p' || name === 'li' || /^h[1-6]$/.test(name)) out += '\n';
      },
      onclosetag: (name) => {
        if (name === 'p' || name === 'li' || /^h[1-6]$/.test(name)) out += '\n';
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out.replace(/[ \t]+/g, ' ').trim();
}

/**
 * Markdown → its words. `#Title` without a space is a heading on the hosted service
 * (Python-Markdown; the official invoice sample relies on it), so the hashes are dropped
 * there too before CommonMark sees the line.
 */
export function markdownToText(md: string): string {
  const spaced = md.replace(/^(\s{0,3}#{1,6})(?=[^#\s])/gm, '$1 ');
  return htmlToText(marked.parse(spaced, { async: false, gfm: true }) as string);
}

/** The charts with axes: the catalogue's types with an `x_label` option. */
const CHART_TYPES = new Set(Object.entries(COMPONENTS).flatMap(([type, spec]) => ('x_label' in spec.options ? [type] : [])));

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

function cellText(cell: unknown): string | undefined {
  if (cell === null || cell === undefined) return undefined;
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'string') return str(htmlToText(cell));
  if (typeof cell === 'object' && 'content' in (cell as Json)) return cellText((cell as Json).content);
  return undefined;
}

/** Distinct series names of a chart when there are two or more (the legend must show them). */
function seriesNames(data: unknown, key: string | undefined): string[] {
  if (!key || !Array.isArray(data)) return [];
  const names = [
    ...new Set(
      data
        .map((d) => (d && typeof d === 'object' ? (d as Json)[key] : undefined))
        .filter((v): v is string => typeof v === 'string' && v !== ''),
    ),
  ];
  return names.length >= 2 ? names : [];
}

export function expectedStrings(report: Json): ExpectedString[] {
  const out: ExpectedString[] = [];
  const add = (v: unknown, path: string, extra: Partial<ExpectedString> = {}): void => {
    const text = str(v);
    if (text) out.push({ text, path, words: false, ...extra });
  };

  const options = (report.options ?? {}) as Json;
  const config = (report.config ?? {}) as Json;
  const header = options.enable_header !== false && config.enable_header !== false;
  if (header) for (const k of ['report_title', 'report_byline', 'version_number']) add(options[k], `options.${k}`);
  add(options.footer_text, 'options.footer_text');

  const walk = (components: unknown, base: string): void => {
    if (!Array.isArray(components)) return;
    components.forEach((c, i) => {
      if (!c || typeof c !== 'object') return;
      const comp = c as Json;
      const path = `${base}[${i}]`;
      const o = (comp.options ?? {}) as Json;
      const at = (k: string): string => `${path}.options.${k}`;
      switch (comp.type) {
        case 'Section':
          add(o.section_title, at('section_title'));
          break;
        case 'Card':
          // Titles may be set in capitals (`title_uppercase`, on by default in the renderer).
          add(o.title, at('title'), { anyCase: true });
          add(typeof o.value === 'number' ? String(o.value) : o.value, at('value'));
          add(o.units, at('units'));
          break;
        case 'Text':
          if (o.markdown_format === false)
            add(typeof o.text === 'string' ? htmlToText(o.text) : undefined, at('text'), { words: true, literal: true });
          else add(typeof o.text === 'string' ? markdownToText(o.text) : undefined, at('text'), { words: true });
          break;
        case 'Table':
          add(o.title, at('title'));
          (Array.isArray(o.headings) ? o.headings : []).forEach((h, j) => add(cellText(h), `${at('headings')}[${j}]`));
          (Array.isArray(o.rows) ? o.rows : []).forEach((row, r) =>
            (Array.isArray(row) ? row : []).forEach((cell, j) => add(cellText(cell), `${at('rows')}[${r}][${j}]`)),
          );
          break;
        case 'Image':
          add(o.caption, at('caption'));
          break;
        case 'DoughnutRing':
          for (const k of ['chart_title', 'inside_title', 'inside_subtitle', 'caption']) add(o[k], at(k));
          (Array.isArray(o.data) ? o.data : []).forEach((d, j) => add((d as Json)?.label, `${at('data')}[${j}].label`));
          break;
        case 'SparkChart.Line':
        case 'SparkChart.Ring':
          for (const k of ['title', 'subtitle', 'button_text']) add(o[k], at(k));
          break;
        case 'ProgressBar':
          add(o.title, at('title'));
          (Array.isArray(o.stages) ? o.stages : []).forEach((s, j) => add((s as Json)?.name, `${at('stages')}[${j}].name`));
          break;
        case 'Beta.DataTable': {
          add(o.title, at('title'));
          (Array.isArray(o.headings) ? o.headings : []).forEach((h, j) => add(h, `${at('headings')}[${j}]`));
          const types = Array.isArray(o.col_types) ? o.col_types : [];
          (Array.isArray(o.rows) ? o.rows : []).forEach((row, r) =>
            (Array.isArray(row) ? row : []).forEach((cell, j) => {
              const cellObj = (cell ?? {}) as Json;
              const kind = types[j];
              if (
                (kind === 'Text' || kind === 'Category' || kind === 'Button') &&
                (typeof cellObj.data === 'string' || typeof cellObj.data === 'number')
              ) {
                add(String(cellObj.data), `${at('rows')}[${r}][${j}].data`);
              }
              add(cellObj.caption, `${at('rows')}[${r}][${j}].caption`);
            }),
          );
          break;
        }
        default:
          if (typeof comp.type === 'string' && CHART_TYPES.has(comp.type)) {
            for (const k of ['chart_title', 'caption', 'x_label', 'y_label']) add(o[k], at(k));
            const key = comp.type.startsWith('Chart.') ? 'label' : str(o.colour_by);
            for (const name of seriesNames(o.data, key)) add(name, `${at('data')} series "${name}"`);
          }
      }
      walk(comp.components, `${path}.components`);
    });
  };
  const cover = report.cover_page as Json | null | undefined;
  if (cover && typeof cover === 'object') walk(cover.components, 'cover_page.components');
  walk(report.components, 'components');
  return out;
}

/** Link targets of `<a href>` in an HTML fragment. */
function hrefs(html: string): string[] {
  const out: string[] = [];
  const parser = new Parser({ onopentag: (name, attrs) => name === 'a' && attrs.href && out.push(attrs.href) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return out;
}

/**
 * Every link a report asks for, with its JSON path: `<a href>` in Table cells, Markdown links
 * in Text, Image `link_url`, DataTable `url_link`, spark chart buttons (`button_link`).
 */
export function expectedLinks(report: Json): Array<{ url: string; path: string }> {
  const out: Array<{ url: string; path: string }> = [];
  const walk = (components: unknown, base: string): void => {
    if (!Array.isArray(components)) return;
    components.forEach((c, i) => {
      const comp = (c ?? {}) as Json;
      const o = (comp.options ?? {}) as Json;
      const at = `${base}[${i}].options`;
      const cellLinks = (cell: unknown, path: string): void => {
        const html =
          typeof cell === 'string'
            ? cell
            : cell && typeof cell === 'object' && typeof (cell as Json).content === 'string'
              ? ((cell as Json).content as string)
              : '';
        for (const url of hrefs(html)) out.push({ url, path });
      };
      if (comp.type === 'Table') {
        (Array.isArray(o.rows) ? o.rows : []).forEach((row, r) =>
          (Array.isArray(row) ? row : []).forEach((cell, j) => cellLinks(cell, `${at}.rows[${r}][${j}]`)),
        );
      }
      if (comp.type === 'Text' && typeof o.text === 'string') {
        // Without Markdown the text is still HTML: its <a href> are links.
        const html = o.markdown_format === false ? o.text : (marked.parse(o.text, { async: false, gfm: true }) as string);
        for (const url of hrefs(html)) out.push({ url, path: `${at}.text` });
      }
      if (comp.type === 'Image' && str(o.link_url)) out.push({ url: o.link_url as string, path: `${at}.link_url` });
      if ((comp.type === 'SparkChart.Line' || comp.type === 'SparkChart.Ring') && str(o.button_link) && str(o.button_text))
        out.push({ url: o.button_link as string, path: `${at}.button_link` });
      if (comp.type === 'Beta.DataTable') {
        (Array.isArray(o.rows) ? o.rows : []).forEach((row, r) =>
          (Array.isArray(row) ? row : []).forEach((cell, j) => {
            const url = str((cell as Json)?.url_link);
            if (url) out.push({ url, path: `${at}.rows[${r}][${j}].url_link` });
          }),
        );
      }
      walk(comp.components, `${base}[${i}].components`);
    });
  };
  const cover = report.cover_page as Json | null | undefined;
  if (cover && typeof cover === 'object') walk(cover.components, 'cover_page.components');
  walk(report.components, 'components');
  return out;
}

/** The targets of a PDF's URI link annotations (pdfkit writes them as literal strings). */
export function pdfLinkTargets(pdf: Uint8Array): Set<string> {
  const text = Buffer.from(pdf).toString('latin1');
  const out = new Set<string>();
  for (const m of text.matchAll(/\/URI\s*\(((?:\\.|[^\\)])*)\)/g)) out.add(m[1].replace(/\\(.)/g, '$1'));
  return out;
}

/** Collapses whitespace and normalises what PDF text extraction varies on (NBSP, soft hyphens, compatibility forms). */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\u00ad/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const squash = (s: string): string => s.replace(/\s+/g, '');

function indexesOf(haystack: string, needle: string): number[] {
  const out: number[] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) out.push(at);
  return out;
}

/**
 * Whether `expected` reads in `pdfText`: the whole phrase, or (as wrapping in narrow columns
 * interleaves lines) its words in order within a window a few times its length.
 */
export function found(pdfText: string, expected: ExpectedString): boolean {
  const hay = expected.anyCase ? pdfText.toLowerCase() : pdfText;
  const phrase = normalise(expected.anyCase ? expected.text.toLowerCase() : expected.text);
  if (hay.includes(phrase)) return true;
  // A long word (a URL) broken across lines, or runs of one line extracted as separate items.
  if (squash(hay).includes(squash(phrase))) return true;
  const words = phrase.split(' ');
  if (words.length < 2) return false;
  const window = phrase.length * 3 + 300;
  for (const start of indexesOf(hay, words[0])) {
    let at = start + words[0].length;
    let ok = true;
    for (const w of words.slice(1)) {
      const next = hay.indexOf(w, at);
      if (next < 0 || next - start > window) {
        ok = false;
        break;
      }
      at = next + w.length;
    }
    if (ok) return true;
  }
  return false;
}

/** Markup that must never be printed: HTML tags of cells, Markdown emphasis, headings' hashes, entities. */
const RAW_MARKUP: Array<{ name: string; pattern: RegExp }> = [
  { name: '<b>/<strong>/<i>/<em>/<u> tag', pattern: /<\/?(b|strong|i|em|u)>/gi },
  { name: '<br> tag', pattern: /<br\s*\/?>/gi },
  { name: '<a> tag or href', pattern: /<a\s|<\/a>|href=/gi },
  { name: 'Markdown ** or __', pattern: /\*\*|__/g },
  { name: 'Markdown link syntax', pattern: /\]\(https?:/g },
  { name: 'Markdown heading hashes', pattern: /(^|\s)#{1,6}\s?\p{L}/gu },
  { name: 'HTML entity', pattern: /&(amp|lt|gt|quot|nbsp|#\d+);/g },
];

/** Each kind of raw markup printed more often than the report's literal strings account for. */
export function rawMarkup(pdfText: string, literals: string[]): string[] {
  const problems: string[] = [];
  for (const { name, pattern } of RAW_MARKUP) {
    const printed = pdfText.match(pattern) ?? [];
    const allowed = literals.reduce((n, l) => n + (normalise(l).match(pattern) ?? []).length, 0);
    if (printed.length > allowed) {
      const at = pdfText.search(pattern);
      problems.push(`${name} printed ${printed.length}× (e.g. "…${pdfText.slice(Math.max(0, at - 30), at + 40)}…")`);
    }
  }
  return problems;
}
