/**
 * Markdown (parsed by `marked`) → styled blocks for the Text component:
 * headings, paragraphs, bold/italic/code spans, links, bullet and numbered lists
 * (nested), block quotes, code blocks, rules and line breaks (GFM `breaks`:
 * a single newline in the JSON string is a line break, as authors expect).
 */
import { marked, type Token, type Tokens } from 'marked';
import type { RenderTheme } from '../painter';
import type { Run } from './richtext';
import { cellRuns } from './cellHtml';
import { safeHref } from '../links';
import { escapeCostlyLinkOpenings, splitLongBlocks } from './markdownBounds';

export interface TextStyle {
  size: number;
  colour: string;
  linkColour: string;
  headingColour: string;
  /** Space above a heading (not at the very top) and below it, in points. */
  headingGaps: { above: number; below: number };
}

export interface Block {
  runs: Run[];
  indent: number;
  /** Space above the block. */
  gapBefore: number;
  /** List marker drawn left of the block's first line. */
  marker?: Run;
  kind: 'heading' | 'paragraph' | 'item' | 'code' | 'quote' | 'rule';
}

const HEADING_SCALE = [0, 1.75, 1.45, 1.25, 1.1, 1.0, 0.9];
const LIST_INDENT = 16;

interface Style {
  bold: boolean;
  italic: boolean;
  link?: string;
  code?: boolean;
  /** Inside a Markdown heading: the theme's heading face (google_fonts `headings`, a theme's title font). */
  heading?: boolean;
}

function fontFor(theme: RenderTheme, s: Style): string {
  if (s.heading && !s.italic) return theme.fonts.heading;
  if (s.bold && s.italic) return theme.fonts.boldItalic;
  if (s.bold) return theme.fonts.bold;
  if (s.italic) return theme.fonts.italic;
  return theme.fonts.regular;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The named entities above and numeric ones (`&#40;`, `&#x27;`), which marked leaves in text as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:([a-z]+)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi, (raw, name?: string, dec?: string, hex?: string) => {
    if (name) return NAMED_ENTITIES[name] ?? raw;
    const code = dec ? Number(dec) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : raw;
  });
}

/** An inline HTML tag of the cell subset → its effect on the style, or undefined (dropped). */
function inlineTag(raw: string, cur: Style): Style | 'br' | undefined {
  const m = /^<\s*(\/?)\s*([a-z]+)\b([^>]*)>$/i.exec(raw.trim());
  if (!m) return undefined;
  const [, close, tag, attrs] = m;
  const name = tag.toLowerCase();
  if (name === 'br') return 'br';
  if (name === 'b' || name === 'strong') return { ...cur, bold: !close };
  if (name === 'i' || name === 'em') return { ...cur, italic: !close };
  if (name === 'a') {
    const href = /href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
    return { ...cur, link: close ? undefined : safeHref(decodeEntities(href?.[1] ?? href?.[2] ?? href?.[3] ?? '')) };
  }
  return undefined;
}

function inlineRuns(
  tokens: Token[] | undefined,
  base: Style,
  size: number,
  colour: string,
  theme: RenderTheme,
  style: TextStyle,
  out: Run[] = [],
): Run[] {
  // Inline HTML of the cell subset (<b>, <i>, <a href>, <br>) changes the style of what follows it.
  let cur = base;
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'strong':
        inlineRuns((t as Tokens.Strong).tokens, { ...cur, bold: true }, size, colour, theme, style, out);
        break;
      case 'em':
        inlineRuns((t as Tokens.Em).tokens, { ...cur, italic: true }, size, colour, theme, style, out);
        break;
      case 'del':
        inlineRuns((t as Tokens.Del).tokens, cur, size, colour, theme, style, out);
        break;
      case 'link': {
        // A refused target: the text as plain text (no link, no link colour).
        const link = safeHref((t as Tokens.Link).href);
        inlineRuns((t as Tokens.Link).tokens, { ...cur, link }, size, link ? style.linkColour : colour, theme, style, out);
        break;
      }
      case 'codespan':
        out.push({
          text: decodeEntities((t as Tokens.Codespan).text),
          font: fontFor(theme, cur),
          size: size * 0.92,
          colour,
          codeBg: theme.colours['background-muted'],
        });
        break;
      case 'br':
        out.push({ text: '\n', font: fontFor(theme, cur), size, colour });
        break;
      case 'image':
        out.push({ text: (t as Tokens.Image).text || '', font: fontFor(theme, { ...cur, italic: true }), size, colour });
        break;
      case 'html': {
        const next = inlineTag((t as Tokens.HTML).raw, cur);
        if (next === 'br') out.push({ text: '\n', font: fontFor(theme, cur), size, colour });
        else if (next) cur = next;
        break; // any other tag is dropped; the text around it stays
      }
      default: {
        const tt = t as Tokens.Text;
        if (tt.tokens?.length) inlineRuns(tt.tokens, cur, size, colour, theme, style, out);
        else if ('text' in tt)
          out.push({
            text: decodeEntities(tt.text),
            font: fontFor(theme, cur),
            size,
            colour: cur.link && !base.link ? style.linkColour : colour,
            link: cur.link,
          });
      }
    }
  }
  return out;
}

/**
 * `#Title` (no space after the hashes) is a heading for the hosted service's Markdown
 * (the official invoice sample writes `#Terms and Conditions`), not for GFM: add the
 * space, outside fenced code blocks.
 */
function spaceAtxHeadings(source: string): string {
  let fence: string | undefined;
  return source
    .split('\n')
    .map((line) => {
      const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (f) {
        if (!fence) fence = f[1][0];
        else if (f[1][0] === fence) fence = undefined;
        return line;
      }
      return fence ? line : line.replace(/^(\s{0,3}#{1,6})(?=[^#\s])/, '$1 ');
    })
    .join('\n');
}

export function parseMarkdown(source: string, markdown: boolean, theme: RenderTheme, style: TextStyle): Block[] {
  const plain: Style = { bold: false, italic: false };
  // `markdown_format: false` turns Markdown syntax off, not HTML (the docs: `text` may be Markdown
  // or HTML): the text is read as the cell HTML subset, so tags and entities are never printed.
  if (!markdown) {
    const runs = cellRuns(source, theme, { size: style.size, colour: style.colour, linkColour: style.linkColour, bold: false });
    return [{ kind: 'paragraph', indent: 0, gapBefore: 0, runs }];
  }
  const blocks: Block[] = [];
  const para = style.size * 0.6;
  const walk = (tokens: Token[], indent: number, quote: boolean) => {
    for (const t of tokens) {
      const first = blocks.length === 0;
      switch (t.type) {
        case 'heading': {
          const h = t as Tokens.Heading;
          const size = style.size * (HEADING_SCALE[h.depth] ?? 1);
          blocks.push({
            kind: 'heading',
            indent,
            gapBefore: first ? 0 : style.headingGaps.above,
            runs: inlineRuns(h.tokens, { bold: true, italic: false, heading: true }, size, style.headingColour, theme, style),
          });
          break;
        }
        case 'paragraph':
        case 'text': {
          const p = t as Tokens.Paragraph;
          blocks.push({
            kind: quote ? 'quote' : 'paragraph',
            indent,
            gapBefore: first ? 0 : para,
            runs: inlineRuns(
              p.tokens ?? [{ type: 'text', raw: p.text, text: p.text } as Token],
              { ...plain, italic: quote },
              style.size,
              style.colour,
              theme,
              style,
            ),
          });
          break;
        }
        case 'list': {
          const list = t as Tokens.List;
          const start = typeof list.start === 'number' ? list.start : 1;
          list.items.forEach((item, i) => {
            const at = blocks.length;
            walk(item.tokens, indent + LIST_INDENT, quote);
            const head = blocks[at];
            if (!head) return;
            head.kind = 'item';
            head.gapBefore = at === 0 ? 0 : i === 0 && indent === 0 ? para : style.size * 0.25;
            const marker = list.ordered ? `${start + i}.` : indent === 0 ? '•' : '◦';
            head.marker = {
              text: marker,
              font: list.ordered ? theme.fonts.regular : theme.fonts.bold,
              size: style.size,
              colour: theme.colours.accent,
            };
          });
          break;
        }
        case 'blockquote':
          walk((t as Tokens.Blockquote).tokens, indent + 10, true);
          break;
        case 'code':
          blocks.push({
            kind: 'code',
            indent,
            gapBefore: first ? 0 : para,
            runs: [{ text: (t as Tokens.Code).text, font: theme.fonts.regular, size: style.size * 0.9, colour: style.colour }],
          });
          break;
        case 'hr':
          blocks.push({ kind: 'rule', indent, gapBefore: first ? 0 : para, runs: [] });
          break;
        case 'table': {
          const tb = t as Tokens.Table;
          const rows = [tb.header, ...tb.rows].map((r) => r.map((c) => c.text).join('  |  '));
          blocks.push({
            kind: 'paragraph',
            indent,
            gapBefore: first ? 0 : para,
            runs: [{ text: rows.join('\n'), font: theme.fonts.regular, size: style.size, colour: style.colour }],
          });
          break;
        }
        case 'html': {
          // A block of raw HTML (e.g. "<p>Hello</p>"): its text with the cell HTML subset, never the tags.
          const runs = cellRuns((t as Tokens.HTML).text, theme, {
            size: style.size,
            colour: style.colour,
            linkColour: style.linkColour,
            bold: false,
          });
          if (runs.some((r) => r.text.trim()))
            blocks.push({ kind: quote ? 'quote' : 'paragraph', indent, gapBefore: first ? 0 : para, runs });
          break;
        }
        default:
          break; // space, def
      }
    }
  };
  // Bounded first (markdownBounds.ts): marked is quadratic in a paragraph's length and cubic in brackets.
  const bounded = escapeCostlyLinkOpenings(splitLongBlocks(spaceAtxHeadings(source)));
  walk(marked.lexer(bounded, { gfm: true, breaks: true }), 0, false);
  // The block under a heading sits `below` from it (a following heading keeps its own `above`).
  for (let i = 1; i < blocks.length; i++)
    if (blocks[i - 1].kind === 'heading' && blocks[i].kind !== 'heading') blocks[i].gapBefore = style.headingGaps.below;
  return blocks;
}
