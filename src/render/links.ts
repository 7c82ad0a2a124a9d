/**
 * The one link policy of the renderer: every link annotation it writes into a PDF —
 * Markdown links and autolinks, `<a href>` in Markdown, rich text and table cells, Image
 * `link_url`, DataTable `url_link`, spark chart and DataTable buttons — goes through
 * `safeHref` when the target is read and through `drawLink` when the annotation is
 * written. A PDF viewer opens a link's target when it is clicked, so only targets that
 * open a web page, a mail or a call qualify: absolute http(s) URLs, `mailto:` and `tel:`.
 * Anything else (`javascript:`, `file:` and UNC paths, `command:`, `vscode:`, `data:`,
 * relative paths) is refused and its text is drawn without a link.
 */

/** The schemes a link may have (WHATWG URL `protocol` spelling). */
const LINK_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * How an allowed target is spelled at its start. The scheme must be written out plainly:
 * a viewer may parse a target more loosely than the URL standard does, so `http:\\host`
 * or `http:host` is not taken for an http link.
 */
const PLAIN_START = /^(?:https?:\/\/[^/\\]|mailto:|tel:)/i;

/** C0 and C1 control characters and DEL: never in a real link, often in a disguised scheme (`java\tscript:`). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/; // eslint-disable-line no-control-regex -- matching control characters is the point

/** A link target usable in a PDF (the text as written, trimmed), or undefined when the policy refuses it. */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined;
  const h = href.trim();
  if (!h || CONTROL.test(h) || !PLAIN_START.test(h)) return undefined;
  let url: URL;
  try {
    url = new URL(h);
  } catch {
    return undefined;
  }
  if (!LINK_SCHEMES.has(url.protocol)) return undefined;
  if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.hostname) return undefined;
  return h;
}

/** Writes a link annotation over the rectangle when the policy allows `href`; the only caller of pdfkit's `link()`. */
export function drawLink(doc: PDFKit.PDFDocument, x: number, y: number, width: number, height: number, href: unknown): void {
  const target = safeHref(href);
  if (target) doc.link(x, y, width, height, target);
}
