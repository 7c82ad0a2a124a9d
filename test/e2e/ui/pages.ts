// Page objects of the UI checks: the parts of the code-server workbench a person uses (quick
// input, editor, Problems, status bar, notifications, the result viewer's webview, the
// walkthrough), each waiting for what it shows through the one waitFor of the test tree, never
// for a fixed time. A check gets a Workbench (its page and the screenshot folder).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ElementHandle, Frame, Locator, Page } from 'playwright-core';
import { waitFor } from '../../helpers/waitFor';

const QUICK_INPUT = '.quick-input-widget';
const WEBVIEW = 'iframe.webview.ready';
/** Browser-side probes are cheap but not free: how often the UI checks ask the page. */
const POLL_MS = 100;
/** REPORT_STUDIO_UI_TRACE=1: each step of a check on the console with its time, to see where a slow check waits. */
const TRACE = process.env.REPORT_STUDIO_UI_TRACE === '1';
const traceStart = Date.now();

/** Runs `step`, printing its name and how long it took when tracing. */
async function traced<T>(name: string, step: () => Promise<T>): Promise<T> {
  if (!TRACE) return step();
  const t = Date.now();
  try {
    return await step();
  } finally {
    console.log(`      · [${((t - traceStart) / 1000).toFixed(1)} s] ${name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
}

/** Notification toasts are hidden while a docs picture is taken (the service notice, a lingering progress toast). */
const HIDE_TOASTS = '.notifications-toasts { visibility: hidden !important; }';

/**
 * Tries `attempt` up to `attempts` times; between two tries `recover` puts the workbench back
 * (e.g. Escape, the quick input closed). For what registers a little after the workbench shows
 * (keybindings, commands, code actions, the walkthrough), not for waiting on time.
 */
export async function retry<T>(
  what: string,
  attempts: number,
  attempt: (n: number) => Promise<T>,
  recover?: () => Promise<void>,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (e) {
      if (n >= attempts) throw new Error(`${what}: gave up after ${n} tries: ${(e as Error).message}`, { cause: e });
      if (TRACE) console.log(`      · ${what}: try ${n} failed: ${(e as Error).message.split('\n')[0]}`);
      await recover?.();
    }
  }
}

/** Two animation frames of `page` after no finite animation runs (a hover's fade-in, a slide): what a screenshot should catch. */
export async function paintSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    null,
    { timeout: 10_000, polling: 'raf' },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

export class QuickInput {
  constructor(private readonly page: Page) {}

  get widget(): Locator {
    return this.page.locator(QUICK_INPUT);
  }

  get box(): Locator {
    return this.page.locator(`${QUICK_INPUT} input`).first();
  }

  /** Escape until the quick input is gone (a retry starts from a closed one). */
  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.widget.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => {});
  }

  /**
   * Opens the quick input with `key`, types `text`, waits for a focused row matching `rowText`,
   * Enter. Retried: keybindings and contributions register a little after the workbench appears.
   */
  async pick(key: string, text: string, rowText: string | null, what: string): Promise<void> {
    await traced(what, () => this.pickOnce(key, text, rowText, what));
  }

  private async pickOnce(key: string, text: string, rowText: string | null, what: string): Promise<void> {
    await retry(
      what,
      8,
      async () => {
        await this.page.keyboard.press(key);
        await this.widget.waitFor({ state: 'visible', timeout: 2_000 });
        // Into the box itself, after its prefix (">" for commands, ":" for a line): keystrokes
        // would land in the editor if a late focus change (a custom editor replacing a tab)
        // closed the quick input half-way — a stray letter the next check then finds.
        // Short action timeouts: a box replaced meanwhile (another quick input opening) fails this
        // try in seconds, not Playwright's default 30 s (seen: a Quick Open after Save As).
        const typed = (await this.box.inputValue({ timeout: 2_000 })) + text;
        await this.box.fill(typed, { timeout: 2_000 });
        // The focused row, not any row: Enter takes the focused one, and until the list has
        // filtered what was typed, that can still be an entry of the editor history.
        if (rowText)
          await this.page.locator(`${QUICK_INPUT} .monaco-list-row.focused`, { hasText: rowText }).first().waitFor({ timeout: 3_000 });
        // Closed meanwhile by a focus change, its box would pass the Enter on to the editor (a
        // line break in the report, CI run 26): Enter only while the box, shown, has the focus —
        // checked in the page right before the key, not through a locator press, which focuses
        // a hidden box in vain and sends the key all the same.
        const ready = await this.box
          .evaluate((el) => el === document.activeElement && el.checkVisibility(), undefined, { timeout: 2_000 })
          .catch(() => false);
        if (!ready) throw new Error('the quick input closed or lost the focus before Enter');
        await this.page.keyboard.press('Enter');
        // Taken: the quick input closed, or a command's own box (Set API Key, Save As) opened in
        // its place, holding something else than what was typed.
        await waitFor(
          `the quick input to take ${JSON.stringify(typed)}`,
          async () => !(await this.widget.isVisible()) || (await this.box.inputValue({ timeout: 500 }).catch(() => typed)) !== typed,
          3_000,
          POLL_MS,
        );
      },
      () => this.close(),
    );
  }

  /** Runs a command from the palette by its full title ("Category: Title"). */
  command(title: string, rowText = title): Promise<void> {
    return this.pick('F1', title, rowText, `run "${title}"`);
  }
}

export class Editor {
  constructor(
    private readonly page: Page,
    private readonly quickInput: QuickInput,
  ) {}

  /** Quick Open on a workspace-relative path; resolves once its tab is active and its text drawn. */
  async open(relPath: string): Promise<void> {
    const name = relPath.split('/').pop() ?? relPath;
    await this.quickInput.pick('Control+P', relPath, name, `open ${relPath}`);
    await this.page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ timeout: 10_000 });
    await this.page.locator('.monaco-editor .view-lines').first().waitFor();
  }

  async goTo({ line, column }: { line: number; column: number }): Promise<void> {
    await this.quickInput.pick('Control+G', `${line}:${column}`, null, `go to ${line}:${column}`);
  }

  /** A drawn line of the editor holding `text`. */
  line(text: string | RegExp): Locator {
    return this.page.locator('.monaco-editor .view-line', { hasText: text }).first();
  }

  get squiggles(): Locator {
    return this.page.locator('.monaco-editor .squiggly-warning, .monaco-editor .squiggly-error');
  }

  /**
   * Ctrl+Space until the suggest widget lists "highlighted": a Card option that is no word of the
   * document, so the JSON language server answered, not VS Code's word-based fallback (which can
   * come first while the server starts).
   */
  async suggestCardOptions(failure: string, attempts = 5): Promise<void> {
    const row = this.page.locator('.suggest-widget.visible .monaco-list-row', { hasText: 'highlighted' }).first();
    await retry(
      failure,
      attempts,
      async () => {
        await this.page.keyboard.press('Control+Space');
        await row.waitFor({ timeout: 5_000 });
      },
      () => this.page.keyboard.press('Escape'),
    );
  }

  /** Ctrl+. until the quick-fix menu offers `fix` (code actions arrive a little after the squiggle); the rows it offers. */
  async quickFixMenu(fix: string): Promise<string[]> {
    const rows = this.page.locator('.action-widget .monaco-list-row');
    await retry(
      `the quick-fix menu never offered "${fix}"`,
      5,
      async () => {
        await this.page.keyboard.press('Control+.');
        await rows.filter({ hasText: fix }).first().waitFor({ state: 'visible', timeout: 5_000 });
      },
      async () => {
        await this.page.keyboard.press('Escape');
        await this.page
          .locator('.action-widget')
          .waitFor({ state: 'hidden', timeout: 5_000 })
          .catch(() => {});
      },
    );
    // Rows of the menu, its "Quick Fix" group header left out.
    return (await rows.allInnerTexts()).map((s) => s.trim().replace(/\s+/g, ' ')).filter((s) => s !== 'Quick Fix');
  }
}

export class Problems {
  constructor(private readonly page: Page) {}

  /** Opens the Problems panel (Ctrl+Shift+M). */
  async show(): Promise<void> {
    await this.page.keyboard.press('Control+Shift+M');
  }

  /** The rows of the panel about `text`. */
  rows(text: string | RegExp): Locator {
    return this.page.locator('.markers-panel .monaco-list-row', { hasText: text });
  }

  /** The status bar's problems item. */
  get counter(): Locator {
    return this.page.locator('.statusbar-item[id="status.problems"]');
  }
}

const QUOTA_TEXT = /(\d+) single · (\d+) multi \(local\)/;

export class StatusBar {
  constructor(private readonly page: Page) {}

  item(text: string | RegExp): Locator {
    return this.page.locator('.statusbar-item', { hasText: text }).first();
  }

  /** The quota item: its text and the two numbers (`42 single · 9 multi (local)`). */
  async quota(timeoutMs = 60_000): Promise<{ item: Locator; text: string; single: number; multi: number }> {
    const item = this.item(QUOTA_TEXT);
    await item.waitFor({ state: 'visible', timeout: timeoutMs });
    const text = (await item.innerText()).trim();
    const [, single, multi] = QUOTA_TEXT.exec(text) ?? [];
    return { item, text, single: Number(single), multi: Number(multi) };
  }
}

export class Notifications {
  constructor(private readonly page: Page) {}

  toast(text: string | RegExp): Locator {
    return this.page.locator('.notification-toast', { hasText: text }).first();
  }

  /** What every toast on screen says (for the message of a failed check). */
  async shown(): Promise<string[]> {
    const texts = await this.page
      .locator('.notification-toast')
      .allInnerTexts()
      .catch(() => []);
    return texts.map((t) => t.replace(/\s+/g, ' ').trim());
  }
}

/**
 * The result viewer's webview (the viewer, the live view, the PDF viewer): its content frame sits
 * two iframes deep and is told apart by its <body data-report>. The panel's page may be loaded
 * anew at any time (the saved file's folder joins its resource roots, the extension's start
 * watch reloads a stalled page), so a wait finds the frame again at each probe.
 */
export class Viewer {
  constructor(private readonly page: Page) {}

  /** The content frame of a visible viewer of `report` now, if any. */
  private async find(report: string): Promise<Frame | undefined> {
    for (const handle of await this.page.locator(WEBVIEW).elementHandles()) {
      if (!(await handle.isVisible().catch(() => false))) continue;
      for (const inner of (await handle.contentFrame().catch(() => null))?.childFrames() ?? []) {
        const name = await inner.evaluate(() => document.body?.dataset.report ?? null).catch(() => null);
        if (name === report) return inner;
      }
    }
    return undefined;
  }

  /** The content frame of the visible viewer of `report`. */
  async frame(report: string, timeoutMs = 60_000): Promise<Frame> {
    let frame: Frame | undefined;
    await traced(`the viewer of ${report}`, () =>
      waitFor(`a visible result viewer of ${report}`, async () => (frame = await this.find(report)) !== undefined, timeoutMs, POLL_MS * 2),
    );
    return frame as Frame;
  }

  /** Waits until `fn(arg)` is truthy in the viewer of `report` (its frame found again at each probe); that value. */
  async until<A, R>(report: string, what: string, fn: (arg: A) => R | false, timeoutMs = 60_000, arg?: A): Promise<R> {
    let value: R | false = false;
    let frame: Frame | undefined;
    try {
      const probe = async () => {
        frame = await this.find(report);
        value = frame ? ((await frame.evaluate(fn as any, arg).catch(() => false)) as R | false) : false;
        return !!value;
      };
      await traced(what, () => waitFor(`${what} (in the viewer of ${report})`, probe, timeoutMs, POLL_MS * 2));
      return value as R;
    } catch (e) {
      // What the viewer shows instead, for the log of a failed run.
      const shown = await frame?.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 400)).catch(() => null);
      throw new Error(`${(e as Error).message}\n      the viewer shows: ${JSON.stringify(shown)}`, { cause: e });
    }
  }

  /** Clicks `selector` in the viewer of `report`. */
  async click(report: string, selector: string): Promise<void> {
    await (await this.frame(report)).click(selector);
  }
}

const WALKTHROUGH_ID = 'report-studio.report-studio#reportStudio.gettingStarted';

export class Walkthrough {
  constructor(
    private readonly page: Page,
    private readonly quickInput: QuickInput,
  ) {}

  /**
   * "Welcome: Open Walkthrough..." → Report Studio. Right after startup the extension's
   * walkthrough may not be listed yet: asked again.
   */
  async open(): Promise<void> {
    await traced('open the walkthrough', () => this.openOnce());
  }

  private async openOnce(): Promise<void> {
    const row = this.page.locator(`${QUICK_INPUT} .monaco-list-row`, { hasText: 'Report Studio' }).first();
    await retry(
      'the walkthrough is not listed',
      12,
      async () => {
        // Not pick(): Enter on the command opens the next list in the same quick input.
        await this.page.keyboard.press('F1');
        await this.quickInput.widget.waitFor({ state: 'visible', timeout: 10_000 });
        await this.page.keyboard.type('Welcome: Open Walkthrough');
        await this.page
          .locator(`${QUICK_INPUT} .monaco-list-row.focused`, { hasText: 'Open Walkthrough' })
          .first()
          .waitFor({ timeout: 10_000 });
        await this.page.keyboard.press('Enter');
        await row.waitFor({ timeout: 5_000 });
        await row.click();
      },
      () => this.quickInput.close(),
    );
  }

  /** A step, opened (its title clicked) so that its button shows. */
  async step(id: string): Promise<Locator> {
    const step = this.page.locator(`[data-step-id="${WALKTHROUGH_ID}#${id}"]`);
    await step.locator('.step-title').click();
    return step;
  }

  /**
   * The step's Markdown page: the visible webview (its element and its inner frame) whose page has
   * the heading `h1`, found again at each probe: the media of the step selected before may still
   * be on screen, or its page replaced by the next one's.
   */
  async media(h1: string, timeoutMs = 30_000): Promise<{ element: ElementHandle; frame: Frame }> {
    let found: { element: ElementHandle; frame: Frame } | undefined;
    await waitFor(
      `a visible walkthrough media headed ${JSON.stringify(h1)}`,
      async () => {
        for (const element of await this.page.locator('iframe.webview').elementHandles()) {
          if (!(await element.isVisible().catch(() => false))) continue;
          for (const frame of (await element.contentFrame().catch(() => null))?.childFrames() ?? []) {
            if (await frame.evaluate((h1) => document.querySelector('h1')?.textContent === h1, h1).catch(() => false)) {
              found = { element, frame };
              return true;
            }
          }
        }
        return false;
      },
      timeoutMs,
      POLL_MS * 2,
    );
    return found as NonNullable<typeof found>;
  }
}

/** The workbench of one Chromium page, with its parts; `shotDir` receives the screenshots. */
export class Workbench {
  readonly quickInput: QuickInput;
  readonly editor: Editor;
  readonly problems: Problems;
  readonly statusBar: StatusBar;
  readonly notifications: Notifications;
  readonly viewer: Viewer;
  readonly walkthrough: Walkthrough;

  constructor(
    readonly page: Page,
    readonly shotDir: string,
  ) {
    this.quickInput = new QuickInput(page);
    this.editor = new Editor(page, this.quickInput);
    this.problems = new Problems(page);
    this.statusBar = new StatusBar(page);
    this.notifications = new Notifications(page);
    this.viewer = new Viewer(page);
    this.walkthrough = new Walkthrough(page, this.quickInput);
  }

  /** Waits for the workbench to be drawn. */
  async ready(timeoutMs = 60_000): Promise<void> {
    await this.page.locator('.monaco-workbench').waitFor({ timeout: timeoutMs });
  }

  /** The editor tab holding `name`. */
  tab(name: string | RegExp, { active = false } = {}): Locator {
    return this.page.locator(`.tabs-container .tab${active ? '.active' : ''}`, { hasText: name }).first();
  }

  /**
   * A screenshot into `shotDir/name` once `of` (what it shows) is visible and the page's
   * animations have finished. `docs`: a picture for the docs, notification toasts hidden (the
   * checks read toasts from the DOM, never from a picture).
   */
  async shot(name: string, { of, docs = false }: { of?: Locator; docs?: boolean } = {}): Promise<string> {
    mkdirSync(this.shotDir, { recursive: true });
    await traced(`screenshot ${name}`, async () => {
      if (of) await of.waitFor({ state: 'visible', timeout: 10_000 });
      await paintSettled(this.page);
    });
    const path = join(this.shotDir, name);
    const style = docs ? await this.page.addStyleTag({ content: HIDE_TOASTS }) : undefined;
    try {
      await this.page.screenshot({ path });
    } finally {
      await style?.evaluate((el) => (el as Element).remove());
    }
    return path;
  }
}
