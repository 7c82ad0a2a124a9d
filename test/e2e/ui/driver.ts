// A loopback RPC through which the e2e suite (running in the extension host) acts on the
// workbench page it runs in: click and read elements inside a result viewer webview (two
// iframes deep), type into the quick input, take screenshots, collect the webviews' console
// errors, and open a second window on the workspace to see what it restores.
// The suite finds it through REPORT_STUDIO_E2E_UI_DRIVER (inherited from code-server's
// environment); without it (desktop launcher) the UI-dependent tests skip. Loaded by
// scripts/e2e/run.mjs through tsx, as the UI checks are.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page, Request } from 'playwright-core';
import { startRpcServer, type Handlers } from '../../../scripts/e2e/rpc.mjs';
import { paintSettled, retry } from './pages';
import { waitFor } from '../../helpers/waitFor';
import { RECOVERED_PREFIX, requestedFile } from '../../../src/webview/pageLoader';

/**
 * The content frame of the visible result viewer of `report` (a report file name, matched
 * against the viewer's <body data-report>), or of the only visible viewer when not given.
 */
async function webviewFrame(page: Page, report?: string, timeoutMs = 10_000): Promise<Frame> {
  let found: Frame | undefined;
  let seen: unknown[] = [];
  const probe = async () => {
    seen = [];
    for (const handle of await page.locator('iframe.webview').elementHandles()) {
      const ready = await handle.evaluate((el) => (el as Element).classList.contains('ready'));
      const visible = await handle.isVisible();
      const outer = await handle.contentFrame();
      const names: (string | null)[] = [];
      for (const inner of outer?.childFrames() ?? []) {
        const name = await inner
          .evaluate(() => (document.getElementById('app')?.firstChild ? (document.body.dataset.report ?? '') : null))
          .catch(() => null);
        names.push(name);
        if (ready && visible && name !== null && (report === undefined || name === report)) {
          found = inner;
          return true;
        }
      }
      seen.push({ ready, visible, viewers: names });
    }
    return false;
  };
  await waitFor(`a visible result viewer${report ? ` of ${report}` : ''}`, probe, timeoutMs, 100).catch(() => {
    throw new Error(`no visible result viewer${report ? ` of ${report}` : ''}; webview iframes: ${JSON.stringify(seen)}`);
  });
  return found!;
}

async function readElements(frame: Frame, selector: string): Promise<any[]> {
  return frame.$$eval(selector, (els) =>
    els.map((el: any) => ({
      text: el.textContent ?? '',
      value: 'value' in el ? el.value : undefined,
      disabled: 'disabled' in el ? el.disabled : undefined,
      hidden: el.hidden || el.closest('[hidden], .inactive') !== null,
      dataset: { ...el.dataset },
      naturalWidth: el.naturalWidth,
      naturalHeight: el.naturalHeight,
      width: el.getBoundingClientRect().width,
      height: el.getBoundingClientRect().height,
      left: el.getBoundingClientRect().left,
      top: el.getBoundingClientRect().top,
    })),
  );
}

/** How many page canvases are drawn, and how many sampled pixels of the first one are not white. */
async function pdfCanvases(frame: Frame) {
  return frame.evaluate(() => {
    const canvases = Array.from(document.querySelectorAll<HTMLCanvasElement>('.pdf-pages canvas'));
    const first = canvases[0];
    let inked = 0;
    if (first && first.width > 0) {
      const data = first.getContext('2d')!.getImageData(0, 0, first.width, first.height).data;
      for (let i = 0; i < data.length; i += 4 * 7) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) inked++;
    }
    return { canvases: canvases.length, firstWidth: first?.width ?? 0, inkedSamples: inked };
  });
}

/**
 * Records console errors and CSP refusals coming from webview frames. A page's stylesheet,
 * script or pdf.js file that VS Code's service worker lost and the page got on asking again
 * (pageLoader.ts notes it) is VS Code's hiccup, not the page's error: the failed requests for
 * it are printed to the log and left out (`recovered` keeps those files for the whole run: a
 * request that had no answer fails only 30 s later).
 */
function watchConsole(page: Page, lines: { type: string; text: string; url: string }[], recovered: Set<string>): void {
  page.on('console', (msg) => {
    const url = msg.location()?.url ?? '';
    if (msg.type() === 'info' && msg.text().startsWith(RECOVERED_PREFIX)) {
      const file = msg
        .text()
        .slice(RECOVERED_PREFIX.length)
        .replace(/ \(request \d+\)$/, '');
      recovered.add(file);
      console.log(`[driver] a webview asked again for ${file}: ${msg.text()}`);
      return;
    }
    // Our scripts load from the resource origin (vscode-cdn.net); VS Code's webview host page
    // (pre/index.html) only counts with errors: it always warns about its own sandbox flags.
    const ours = /^https:\/\/[^/?]*vscode-cdn\.net\//.test(url) && (msg.type() === 'error' || msg.type() === 'warning');
    const host = /\/webview\/browser\/pre\//.test(url) && msg.type() === 'error';
    const refusal = /Content Security Policy|Refused to/.test(msg.text());
    if (ours || host || refusal) lines.push({ type: msg.type(), text: msg.text(), url });
  });
}

/** The lines of `lines` that are not failed requests for a file the page got on asking again. */
function pageErrors(
  lines: { type: string; text: string; url: string }[],
  recovered: Set<string>,
): { type: string; text: string; url: string }[] {
  return lines.filter((l) => {
    const lost = l.text.startsWith('Failed to load resource') && recovered.has(requestedFile(l.url));
    if (lost) console.log(`[driver] not counted (asked again and loaded): ${l.text} ${l.url}`);
    return !lost;
  });
}

/**
 * Every result viewer state (objects with `version: 1` and `reportUri`) in the editor state the
 * workbench has written to IndexedDB. VS Code in a browser writes its state every few seconds
 * (an unload may not finish writing), so a test that restores a window first waits for this.
 */
async function savedViewerStates(page: Page): Promise<any[]> {
  const texts = await page.evaluate(async () => {
    const out: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name?.startsWith('vscode-web-state-db')) continue;
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open(info.name!);
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const os = db.transaction(store, 'readonly').objectStore(store);
        // No named helper function in here: tsx names it (__name), which the page does not know.
        const [keys, values] = (await Promise.all(
          [os.getAllKeys(), os.getAll()].map(
            (r: IDBRequest) => new Promise((res, rej) => ((r.onsuccess = () => res(r.result)), (r.onerror = () => rej(r.error)))),
          ),
        )) as [IDBValidKey[], any[]];
        keys.forEach((k, i) => {
          if (String(k).includes('workbench.parts.editor'))
            out.push(typeof values[i] === 'string' ? values[i] : new TextDecoder().decode(values[i]));
        });
      }
      db.close();
    }
    return out;
  });
  const states: any[] = [];
  // The viewer state sits in JSON strings nested in JSON strings: parse every string that looks like JSON.
  const visit = (v: any): void => {
    if (typeof v === 'string') {
      const t = v.trim();
      if (t.startsWith('{') || t.startsWith('[')) {
        try {
          visit(JSON.parse(t));
        } catch {
          /* not JSON after all */
        }
      }
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      if (v.version === 1 && typeof v.reportUri === 'string') states.push(v);
      Object.values(v).forEach(visit);
    }
  };
  texts.forEach(visit);
  return states;
}

/**
 * Counts a page's webview resource loads in flight. code-server serves all webviews from one
 * origin and one service worker; a page closed while that worker is still fetching for it
 * holds the worker for its 30 s resource timeout, and every new webview meanwhile stays
 * blank. So a window is closed only once its loads have finished.
 */
export function trackResourceLoads(p: Page): { settle(timeoutMs?: number): Promise<void> } {
  let count = 0;
  const ours = (r: { url(): string }) => /vscode-cdn\.net\//.test(r.url());
  p.on('request', (r) => ours(r) && count++);
  p.on('requestfinished', (r) => ours(r) && count--);
  p.on('requestfailed', (r) => ours(r) && count--);
  return {
    async settle(timeoutMs = 15_000) {
      // Past the deadline the page is closed anyway (what is still loading then does not finish).
      await waitFor('the webview resource loads to finish', () => count <= 0, timeoutMs, 100).catch(() => {});
    },
  };
}

/**
 * The suite's window's webview resource loads in flight (trackResourceLoads' reason): the suite
 * lets them finish before it closes a panel, or the next panel stays blank for 30 s (CI saw 3–4
 * such stalls a run). Only a frame still attached counts: a closed one's loads are past help,
 * and waiting on them would cost every later close the whole deadline.
 */
function webviewLoadsOfLiveFrames(p: Page): { settle(timeoutMs: number): Promise<{ settled: boolean; inFlight: number }> } {
  const inFlight = new Set<Request>();
  p.on('request', (r) => /vscode-cdn\.net\//.test(r.url()) && inFlight.add(r));
  p.on('requestfinished', (r) => inFlight.delete(r));
  p.on('requestfailed', (r) => inFlight.delete(r));
  /** The loads of attached frames; the rest are dropped. */
  const live = () => {
    for (const r of inFlight) {
      let attached = false;
      try {
        attached = !r.frame().isDetached();
      } catch {
        // a service worker's own request: no frame of a panel
      }
      if (!attached) inFlight.delete(r);
    }
    return inFlight.size;
  };
  return {
    async settle(timeoutMs) {
      const settled = await waitFor('the webview resource loads to finish', () => live() === 0, timeoutMs, 50).then(
        () => true,
        () => false,
      );
      return { settled, inFlight: live() };
    },
  };
}

/** What the quick input widget shows, to tell prompts apart and name them in errors; never a password box's text. */
type QuickInputState = {
  open: boolean;
  title?: string;
  placeholder?: string;
  message?: string;
  /** Whether the box holds `typed`, and what it holds (a password box: how many characters). */
  holdsTyped?: boolean;
  holds?: string;
  /** Where the keyboard focus is: 'the input', elsewhere in the widget, or the element outside it. */
  focus?: string;
  focusedRow?: string;
};

function quickInputState(page: Page, typed: string): Promise<QuickInputState> {
  return page.evaluate((typed) => {
    const widget = document.querySelector<HTMLElement>('.quick-input-widget');
    if (!widget?.checkVisibility()) return { open: false };
    const input = widget.querySelector<HTMLInputElement>('input:not([type=checkbox])');
    const active = document.activeElement;
    // No named function in here: tsx names it (__name), which the page does not know.
    const outside = active
      ? `${active.tagName.toLowerCase()}.${Array.from(active.classList).slice(0, 2).join('.')}${active.getAttribute('data-step-id') ? ` (step ${active.getAttribute('data-step-id')})` : ''}`
      : 'nothing';
    return {
      open: true,
      title: widget.querySelector('.quick-input-title')?.textContent?.trim() ?? '',
      placeholder: input?.placeholder ?? '',
      message: widget.querySelector('.quick-input-message')?.textContent?.trim() ?? '',
      holdsTyped: input?.value === typed,
      holds: input?.type === 'password' ? `${input.value.length} hidden characters` : JSON.stringify(input?.value ?? null),
      focus: active === input ? 'the input' : widget.contains(active) ? `${outside} in the widget` : outside,
      focusedRow: widget.querySelector('.monaco-list-row.focused')?.textContent?.trim(),
    };
  }, typed);
}

function describeQuickInput(s: QuickInputState): string {
  if (!s.open) return '(closed)';
  const parts = [
    `title ${JSON.stringify(s.title)}`,
    `placeholder ${JSON.stringify(s.placeholder)}`,
    `message ${JSON.stringify(s.message)}`,
    `holding ${s.holdsTyped ? 'the typed text' : 'not the typed text'} (${s.holds})`,
    `focus at ${s.focus}`,
  ];
  if (s.focusedRow) parts.push(`focused row ${JSON.stringify(s.focusedRow)}`);
  return `{${parts.join(', ')}}`;
}

/** What the suite may ask for. Every action returns JSON-able data. */
function actions(page: Page, shotDir: string): Handlers {
  const consoleLines: { type: string; text: string; url: string }[] = [];
  const recovered = new Set<string>();
  watchConsole(page, consoleLines, recovered);
  const webviewLoads = webviewLoadsOfLiveFrames(page);
  // What the viewers loaded of the pdf.js runtime (worker, standard fonts, cmaps) and how it went.
  const pdfjsLoads: { path: string; status: number; url: string }[] = [];
  page.on('response', (r) => {
    if (/\/media\/pdfjs\//.test(r.url()))
      pdfjsLoads.push({ path: r.url().replace(/^.*\/media\/pdfjs\//, ''), status: r.status(), url: r.url() });
  });
  const shot = async (p: Page, name: string) => {
    if (!/^[\w-]+$/.test(name)) throw new Error(`bad screenshot name ${name}`);
    mkdirSync(shotDir, { recursive: true });
    await paintSettled(p); // the page's animations over, the last frame painted
    await p.screenshot({ path: join(shotDir, `${name}.png`) });
    return join(shotDir, `${name}.png`);
  };
  return {
    /** Waits until no webview of the window is loading a resource: call before closing panels. */
    async settleWebviewLoads({ timeoutMs = 15_000 }) {
      return webviewLoads.settle(timeoutMs);
    },
    async read({ selector, report }) {
      return readElements(await webviewFrame(page, report), selector);
    },
    /** Clicks the element (at `position`, CSS px from its top-left corner, when given; `clickCount` 2: a double-click). */
    async click({ selector, nth = 0, report, position, clickCount = 1 }) {
      await (
        await webviewFrame(page, report)
      )
        .locator(selector)
        .nth(nth)
        .click({ timeout: 10_000, clickCount, ...(position ? { position } : {}) });
      return true;
    },
    async fill({ selector, text, press, report }) {
      const input = (await webviewFrame(page, report)).locator(selector).first();
      await input.fill(text, { timeout: 10_000 });
      if (press) await input.press(press);
      return true;
    },
    /** Presses `key` (Playwright's names: `Control+f`, `Enter`) with the focus on `selector` in the viewer. */
    async pressIn({ selector, key, report }) {
      await (await webviewFrame(page, report)).locator(selector).first().press(key, { timeout: 10_000 });
      return true;
    },
    /** Computed `properties` of each element matching `selector` in the viewer. */
    async styles({ selector, properties, report }) {
      return (await webviewFrame(page, report)).$$eval(
        selector,
        (els, props: string[]) => els.map((el) => Object.fromEntries(props.map((p) => [p, getComputedStyle(el).getPropertyValue(p)]))),
        properties,
      );
    },
    async pdfCanvases({ report } = {}) {
      return pdfCanvases(await webviewFrame(page, report));
    },
    /**
     * Replaces the text of VS Code's quick input (e.g. the simple file dialog's path box, once
     * it has put its default there) and accepts it. Returns the default it replaced.
     */
    async quickInput({ text }) {
      const box = page.locator('.quick-input-widget input');
      await box.waitFor({ state: 'visible', timeout: 10_000 });
      // The dialog fills in its default a moment after it opens: its value the same three reads running.
      let before = '';
      let stable = 0;
      await waitFor(
        'the quick input to settle on its default',
        async () => {
          const now = await box.inputValue();
          stable = now && now === before ? stable + 1 : 0;
          before = now;
          return stable >= 3;
        },
        10_000,
        150,
      ).catch(() => {});
      // A late default can overwrite what was typed: typed again until the box keeps it.
      await retry('the typed text to stay in the quick input', 3, async () => {
        await box.fill(text);
        await waitFor(`the quick input to show ${JSON.stringify(text)}`, async () => (await box.inputValue()) === text, 1_000, 100).catch(
          async () => {
            throw new Error(`the quick input shows ${JSON.stringify(await box.inputValue())}, not the typed text`);
          },
        );
      });
      // The simple file dialog reads the typed path in its own change handler: an Enter that comes
      // before that is lost, and the box stays open with the text (a CI run saw it). Then it is
      // pressed again, as a person would, with the text typed again if the dialog changed it.
      await retry('the quick input to take the typed text', 3, async () => {
        if ((await box.inputValue().catch(() => text)) !== text) await box.fill(text);
        await page.keyboard.press('Enter');
        await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 4_000 });
      });
      return before;
    },
    async screenshot({ name }) {
      return shot(page, name);
    },
    /** The text of the notification toast containing `contains`; clicks its `button` if given. */
    async notification({ contains, button }) {
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: contains }).first();
      await toast.waitFor({ state: 'visible', timeout: 10_000 });
      const text = await toast.innerText();
      if (button) await toast.locator('.monaco-button', { hasText: button }).first().click({ timeout: 5_000 });
      return text;
    },
    /** Responses for media/pdfjs/ files seen so far (and forget them), but a failed one the page asked for again. */
    async pdfjsLoads() {
      return pdfjsLoads
        .splice(0)
        .filter((l) => l.status === 200 || !recovered.has(requestedFile(l.url)))
        .map(({ path, status }) => ({ path: path.replace(/\?.*$/, ''), status }));
    },
    /** Webview console errors and CSP refusals seen so far (and forget them), but requests the page asked for again. */
    async consoleErrors() {
      return pageErrors(consoleLines.splice(0), recovered);
    },
    async savedViewerStates() {
      return savedViewerStates(page);
    },
    /** Clicks the first workbench element matching `selector` (and containing `text`, if given). */
    async workbenchClick({ selector, text }) {
      await page
        .locator(selector, text ? { hasText: text } : {})
        .first()
        .click({ timeout: 10_000 });
      return true;
    },
    /** Hovers the first workbench element matching `selector` and returns the hover's text once shown. */
    async workbenchHover({ selector, hoverSelector = '.monaco-hover, .workbench-hover' }) {
      await page.locator(selector).first().hover({ timeout: 10_000 });
      const hover = page.locator(hoverSelector).filter({ hasText: /\S/ }).last();
      await hover.waitFor({ state: 'visible', timeout: 10_000 });
      return hover.innerText();
    },
    /** Texts and attributes of the workbench elements matching `selector`. */
    async workbenchRead({ selector, attributes = [] }) {
      return page.locator(selector).evaluateAll(
        (els, names: string[]) =>
          els.map((el: any) => ({
            text: el.textContent ?? '',
            attributes: Object.fromEntries(names.map((n) => [n, el.getAttribute(n)])),
          })),
        attributes,
      );
    },
    /**
     * Presses keys where the keyboard focus is now, as a person would: one `key` (the next
     * keystroke) or a chord list `keys`, e.g. ['Control+K', 'V'].
     */
    async press({ key, keys }) {
      for (const k of keys ?? [key]) await page.keyboard.press(k);
      return true;
    },
    /**
     * Types into the open quick input / input box (empty ones too) and accepts it; `row` waits for a
     * matching list row first. Enter goes into the box only while it has the focus and holds the
     * text: a walkthrough step focuses itself a moment after its title's click, and under load that
     * can land after the box took the focus (the box stays open: ignoreFocusOut), so an Enter that
     * went elsewhere is pressed again into the box. Anything else that keeps it open (another
     * prompt, a validation message, the text gone) fails naming what the widget showed.
     */
    async typeQuickInput({ text, row }) {
      const box = page.locator('.quick-input-widget input').first();
      await box.waitFor({ state: 'visible', timeout: 10_000 });
      let opened = await quickInputState(page, text);
      await box.fill(text);
      // The focused row (Enter takes it), once the list has filtered what was typed.
      if (row) await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: row }).first().waitFor({ timeout: 10_000 });
      let seen = opened;
      let enters = 0;
      let lostTo: string | undefined; // where an Enter went instead, last time
      const enter = async () => {
        await box.press('Enter');
        enters++;
      };
      const stuck = async (why: string) => {
        await shot(page, 'failed-typeQuickInput').catch(() => {});
        return new Error(
          `the quick input ${describeQuickInput(opened)} did not close after ${enters} Enter(s): ${why}; ${JSON.stringify(seen) === JSON.stringify(opened) ? 'it still showed that' : `it showed ${describeQuickInput(seen)}`}`,
        );
      };
      await waitFor(
        'the quick input to accept the typed text and close',
        async () => {
          seen = await quickInputState(page, text);
          if (!seen.open) return true;
          if (enters === 0)
            opened = seen; // what Enter goes to (a picker may set its placeholder after it shows)
          else if (seen.title !== opened.title || seen.placeholder !== opened.placeholder) throw await stuck('another prompt opened');
          if (!seen.holdsTyped) {
            if (enters > 0) throw await stuck('the typed text is gone from the box');
            await box.fill(text); // a late default overwrote it before any Enter
            return false;
          }
          // First Enter; or again when the last one went elsewhere (the focus is outside the widget).
          if (enters > 0 && seen.focus !== 'the input') lostTo = seen.focus;
          if (enters === 0 || seen.focus !== 'the input') await enter();
          return false;
        },
        10_000,
        100,
      ).catch(async (e: Error) => {
        throw /did not close after/.test(e.message) ? e : await stuck(e.message);
      });
      if (enters > 1 && process.env.REPORT_STUDIO_UI_TRACE)
        console.log(`      · typeQuickInput: Enter pressed ${enters} times (an Enter went to ${lostTo})`);
      return true;
    },
    /**
     * Opens a second window on the same workspace (the URL without the test payload), as a
     * reload would, and reports what the restored viewer of `report` shows; then closes it.
     */
    async openRestoredWindow({ report, title, screenshot, expect = 'pdf' }) {
      const url = new URL(page.url());
      url.searchParams.delete('payload');
      const win = await page.context().newPage();
      const lines: { type: string; text: string; url: string }[] = [];
      watchConsole(win, lines, recovered);
      const inflight = trackResourceLoads(win);
      try {
        await win.goto(url.href);
        await win.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
        await win.locator('.tabs-container .tab', { hasText: title }).first().waitFor({ timeout: 30_000 });
        const frame = await webviewFrame(win, report, 45_000);
        if (expect === 'message') {
          const heading = frame.locator('.message-view:not(.inactive) #messageTitle');
          await heading.waitFor({ timeout: 45_000 });
          const seen: any = {
            title: await heading.innerText(),
            message: await frame
              .locator('#errorMessage')
              .innerText()
              .catch(() => ''),
          };
          if (screenshot) seen.screenshot = await shot(win, screenshot);
          return seen;
        }
        let seen: any;
        // Read once the page is settled: the extension has answered its `ready` (the answer may
        // bring the PDF again) and no PDF is on its way, so a position a late restore would set is
        // already applied when the page number is read.
        await waitFor(
          'the restored PDF drawn, the answer to ready handled and no PDF loading',
          async () => {
            const [input] = await readElements(frame, '#pageInput');
            const [count] = await readElements(frame, '#pageCount');
            const [zoom] = await readElements(frame, '#zoomSelect');
            const [view] = await readElements(frame, '.pdf-view');
            const answered = await frame.evaluate(() => document.body.dataset.readyAnswered === 'true');
            const drawn = await pdfCanvases(frame);
            seen = { page: input?.value, of: count?.text, scale: Number(zoom?.dataset.scale), zoomMode: zoom?.value, drawn, answered };
            return /^of \d+$/.test(seen.of ?? '') && drawn.inkedSamples > 0 && answered && view?.dataset.loading !== 'true';
          },
          45_000,
          200,
        ).catch(() => {}); // the caller asserts on what was seen
        const [input] = await readElements(frame, '#pageInput');
        seen.page = input?.value;
        if (screenshot) seen.screenshot = await shot(win, screenshot);
        seen.consoleErrors = pageErrors(lines, recovered);
        return seen;
      } finally {
        await inflight.settle();
        await win.close().catch(() => {});
      }
    },
  };
}

/** Starts the RPC server; `attach(page)` points it at the page the suite runs in. */
export async function startUiDriver(shotDir: string): Promise<{ url: string; attach(page: Page): void; stop(): Promise<void> }> {
  const rpc = await startRpcServer('UI', {
    // What the window showed when a viewer could not be found (overwritten by the next one).
    onError: async (_name, e, handlers) => {
      if (/no visible result viewer/.test(String(e))) await handlers.screenshot({ name: 'failed-no-viewer' }).catch(() => {});
    },
  });
  return { url: rpc.url, attach: (page: Page) => rpc.attach(actions(page, shotDir)), stop: rpc.stop };
}
