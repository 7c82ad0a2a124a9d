/**
 * The HTML that real reports put in Table cells and headings (the official
 * invoice sample's `<b>Invoice No.</b>`, the Airtable sample's
 * `<a href="...">...</a>`) → styled runs for the line breaker.
 *
 * Parsed with htmlparser2 (a real tokenizer: attributes, entities, unclosed and
 * stray tags). Rendered: <b> <strong> (bold), <i> <em> (italic), <u> <ins>
 * (underline), <br> (line break), <a href> (a link annotation, underlined, in the
 * link colour; only targets the link policy allows become links, ../links.ts). Block
 * elements (<p>, <div>, <li>, …) start a new line; headings (<h1>–<h6>) are bold too. Any other tag is dropped and
 * its text kept; <script>/<style> content is not text and is dropped. Entities
 * are decoded. A string without '<' or '&' skips the parser (big tables).
 */
import { Parser } from 'htmlparser2';
import type { RenderTheme } from '../painter';
import type { Run } from './richtext';
import { safeHref } from '../links';

export interface CellTextStyle {
  size: number;
  colour: string;
  linkColour: string;
  /** Headings and cells on a dark background start bold. */
  bold: boolean;
}

const BOLD = new Set(['b', 'strong']);
const ITALIC = new Set(['i', 'em', 'cite', 'var']);
const UNDERLINE = new Set(['u', 'ins']);
const BLOCK = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'tr',
  'table',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'section',
  'article',
  'header',
  'footer',
]);
const HEADING = /^h[1-6]$/;
const NOT_TEXT = new Set(['script', 'style', 'head', 'title', 'template']);

function fontOf(theme: RenderTheme, bold: boolean, italic: boolean): string {
  if (bold && italic) return theme.fonts.boldItalic;
  if (bold) return theme.fonts.bold;
  if (italic) return theme.fonts.italic;
  return theme.fonts.regular;
}

/** Cell text (possibly HTML) → runs. */
export function cellRuns(source: string, theme: RenderTheme, style: CellTextStyle): Run[] {
  if (!/[<&]/.test(source)) return [{ text: source, font: fontOf(theme, style.bold, false), size: style.size, colour: style.colour }];
  const runs: Run[] = [];
  let bold = 0;
  let italic = 0;
  let underline = 0;
  let hidden = 0;
  const links: Array<string | undefined> = [];
  let pendingBreak = false;
  const push = (text: string) => {
    if (!text) return;
    if (pendingBreak && runs.length)
      runs.push({ text: '\n', font: fontOf(theme, style.bold, false), size: style.size, colour: style.colour });
    pendingBreak = false;
    const link = links.filter(Boolean).pop();
    const font = fontOf(theme, style.bold || bold > 0, italic > 0);
    const last = runs[runs.length - 1];
    // Entities split text events ("Fish ", "&", " Chips"): one run per style keeps fragments whole.
    if (
      last &&
      last.text !== '\n' &&
      text !== '\n' &&
      last.font === font &&
      last.link === link &&
      Boolean(last.underline) === underline > 0
    ) {
      last.text += text;
      return;
    }
    runs.push({
      text,
      font,
      size: style.size,
      colour: link ? style.linkColour : style.colour,
      ...(link ? { link } : {}),
      ...(underline > 0 ? { underline: true } : {}),
    });
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (NOT_TEXT.has(name)) hidden++;
        else if (BOLD.has(name)) bold++;
        else if (ITALIC.has(name)) italic++;
        else if (UNDERLINE.has(name)) underline++;
        else if (name === 'a') links.push(safeHref(attribs.href));
        else if (name === 'br') push('\n');
        else if (BLOCK.has(name)) {
          pendingBreak = true;
          if (HEADING.test(name)) bold++;
        }
      },
      ontext(text) {
        if (hidden === 0) push(text);
      },
      onclosetag(name) {
        if (NOT_TEXT.has(name)) hidden = Math.max(0, hidden - 1);
        else if (BOLD.has(name)) bold = Math.max(0, bold - 1);
        else if (ITALIC.has(name)) italic = Math.max(0, italic - 1);
        else if (UNDERLINE.has(name)) underline = Math.max(0, underline - 1);
        else if (name === 'a') links.pop();
        else if (BLOCK.has(name)) {
          pendingBreak = true;
          if (HEADING.test(name)) bold = Math.max(0, bold - 1);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(source);
  parser.end();
  return runs;
}
