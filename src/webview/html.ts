/**
 * The result viewer's HTML document, as a pure function so the extension (panel and
 * serializer) and the browser tests produce byte-identical pages under the same CSP.
 * No 'vscode' import: the caller passes `webview.cspSource` and `asWebviewUri` results.
 */

import { pageLoaderScript } from './pageLoader';

export interface ViewerHtmlOptions {
  /** `webview.cspSource`: the origin(s) the webview's local resources are served from. */
  cspSource: string;
  /** A fresh random nonce per render (base64/alphanumeric). */
  nonce: string;
  /** media/viewer/viewer.js */
  scriptUri: string;
  /** media/viewer/viewer.css */
  cssUri: string;
  /** media/pdfjs/pdf.min.mjs; its folder also holds standard_fonts/ and cmaps/. */
  pdfjsUri: string;
  /** media/pdfjs/pdf.worker.min.mjs */
  workerUri: string;
  /** Document language; defaults to en. */
  lang?: string;
  /** The page's title in the display language; defaults to English. */
  title?: string;
  /** The webview's words in VS Code's display language (`vscode.l10n.bundle`); none: English. */
  l10n?: L10nBundle;
}

/** A translation bundle: English message → translated message (l10n/bundle.l10n.<language>.json). */
export type L10nBundle = Record<string, string>;

/**
 * The Content-Security-Policy, one directive per concern:
 * - default-src 'none': everything not listed below is refused (no frames, objects, media, fonts).
 * - script-src 'nonce-…': only the page loader (inline) and our module script run; the nonce is
 *   inherited by the module's dynamic `import()` of pdf.js, so no origin needs to be trusted.
 * - style-src cspSource: viewer.css only; inline style attributes/elements are refused (the
 *   viewer sizes things through CSSOM, which CSP does not govern).
 * - img-src blob:: the JPEG preview, fetched (no-store, so a rebuilt file is never stale) and
 *   shown from a blob: URL. pdf.js paints onto canvases and needs no img-src.
 * - font-src cspSource: pdf.js 5 loads the standard fonts (Liberation Sans for the unembedded
 *   Helvetica that pdfkit reports use) as FontFace URLs from media/pdfjs/standard_fonts/.
 * - connect-src cspSource: fetch() of the PDF, the pdf.js worker source, standard fonts, cmaps.
 * - worker-src blob:: the pdf.js worker runs from a blob: URL made from the fetched source
 *   (a worker cannot be started cross-origin from the webview resource origin directly).
 * - base-uri/form-action 'none': not covered by default-src; nothing here needs them.
 */
export function viewerCsp(cspSource: string, nonce: string): string {
  assertCspToken(cspSource, 'cspSource');
  assertNonce(nonce);
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `img-src blob:`,
    `font-src ${cspSource}`,
    `connect-src ${cspSource}`,
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function viewerHtml(o: ViewerHtmlOptions): string {
  return webviewPage({
    lang: o.lang,
    csp: viewerCsp(o.cspSource, o.nonce),
    nonce: o.nonce,
    cssUri: o.cssUri,
    script: { uri: o.scriptUri, module: true },
    title: o.title ?? 'Report result',
    body: `<div id="app" data-pdfjs="${escapeAttr(o.pdfjsUri)}" data-pdfjs-worker="${escapeAttr(o.workerUri)}"${l10nAttribute(o.l10n)}></div>`,
  });
}

export interface WebviewPageOptions {
  /** VS Code's display language; anything but a language tag becomes `en`. */
  lang?: string;
  csp: string;
  /** The CSP's script nonce: on the page loader and the page's script. */
  nonce: string;
  cssUri: string;
  /** The page's script, last in <body>: an ES module, or a classic script. */
  script: { uri: string; module: boolean };
  title: string;
  /** The body's markup before the script, already escaped. */
  body: string;
}

/**
 * The page every webview of the extension starts from: language, CSP, viewport, the page loader
 * (pageLoader.ts: asks again for a stylesheet or script VS Code's service worker lost), the
 * stylesheet, the body and the script.
 */
export function webviewPage(o: WebviewPageOptions): string {
  const lang = /^[A-Za-z-]{2,20}$/.test(o.lang ?? '') ? (o.lang as string) : 'en';
  const nonce = escapeAttr(o.nonce);
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(o.csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<script nonce="${nonce}">${pageLoaderScript()}</script>
<link rel="stylesheet" href="${escapeAttr(o.cssUri)}" data-retry>
<title>${escapeAttr(o.title)}</title>
</head>
<body>
${o.body}
<script${o.script.module ? ' type="module"' : ''} nonce="${nonce}" src="${escapeAttr(o.script.uri)}" data-retry></script>
</body>
</html>
`;
}

/**
 * The bundle as a `data-l10n` attribute of the page's #app element, read by the webview's
 * script before it draws anything (no inline script: the CSP allows only the nonce'd file).
 */
export function l10nAttribute(bundle: L10nBundle | undefined): string {
  return bundle && Object.keys(bundle).length ? ` data-l10n="${escapeAttr(JSON.stringify(bundle))}"` : '';
}

/** A nonce suitable for the CSP (the extension may use its own generator; this is the reference). */
export function makeNonce(random: (n: number) => Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(random(32), (b) => alphabet[b % alphabet.length]).join('');
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A CSP source list must not smuggle in another directive or a keyword such as
 * 'unsafe-inline'. The only keyword allowed is 'self': VS Code's web/server builds
 * (code-server 1.100) give `'self' https://*.vscode-cdn.net` as `webview.cspSource`.
 */
function assertCspToken(value: string, name: string): void {
  const tokens = value.trim().split(/\s+/);
  const ok = value.trim() !== '' && tokens.every((t) => t === "'self'" || /^[A-Za-z0-9+.*:/%_@~[\]-]+$/.test(t));
  if (!ok) throw new Error(`viewerHtml: ${name} is not a valid CSP source list: ${JSON.stringify(value)}`);
}

function assertNonce(nonce: string): void {
  if (!/^[A-Za-z0-9+/=_-]{16,}$/.test(nonce)) throw new Error('viewerHtml: nonce must be at least 16 base64/alphanumeric characters');
}
