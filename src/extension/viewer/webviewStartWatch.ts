/**
 * Reloads a webview page that was loaded but never started. VS Code serves a webview's scripts
 * through a service worker, and now and then (under load, after the page was torn down while
 * hidden) that worker never answers: the frame is there, its page is empty, and `ready` never
 * comes (microsoft/vscode#125993 and its kin). Setting the HTML again loads a fresh page, which
 * comes back from its saved state. This module has no `vscode` import, so that it runs under
 * fake timers in the unit tests.
 */
import { globalTimers } from '../../core/timers';
import type { Timers } from '../../core/timers';

/**
 * How long a visible page may take to say `ready` before it is loaded again. A page that is only
 * slow must not be reloaded (that starts its work over): on a loaded 2-core machine pages took
 * over 10 s to start; a stalled one never does.
 */
export const WEBVIEW_START_TIMEOUT_MS = 15_000;
/** Loads in a row that may fail before the user is told; each one waits the timeout again. */
export const WEBVIEW_START_RELOADS = 2;

export interface WatchedWebview {
  /** Whether its page is on screen now: a hidden page is torn down and cannot start. */
  readonly visible: boolean;
  /** Sets its HTML again (with a new nonce, so that VS Code does load it again). */
  reload(): void;
  /** A line for the log: which page, what happened. */
  log(message: string): void;
  /** Every reload failed too: tell the user. */
  gaveUp(): void;
}

export class WebviewStartWatch {
  private timer: unknown;
  private reloads = 0;
  private started = false;
  private disposed = false;

  constructor(
    private readonly view: WatchedWebview,
    private readonly timers: Timers = globalTimers,
  ) {}

  /** The page is (re)loading: from now on a `ready` is due. Call after setting the HTML or options, and when it is shown again. */
  loading(): void {
    this.started = false;
    this.arm();
  }

  /** A hidden-then-shown page reloads: watch it if it has not said `ready` since. */
  visibilityChanged(): void {
    if (this.view.visible && !this.started) this.arm();
    else if (!this.view.visible) {
      // Torn down: it loads again when shown.
      this.started = false;
      this.clear();
    }
  }

  /** The page said `ready`. */
  ready(): void {
    this.started = true;
    this.reloads = 0;
    this.clear();
  }

  dispose(): void {
    this.disposed = true;
    this.clear();
  }

  private arm(): void {
    this.clear();
    if (this.disposed || !this.view.visible) return;
    this.timer = this.timers.setTimeout(() => this.expired(), WEBVIEW_START_TIMEOUT_MS);
    (this.timer as { unref?: () => void } | undefined)?.unref?.();
  }

  private expired(): void {
    this.timer = undefined;
    if (this.disposed || this.started || !this.view.visible) return;
    if (this.reloads >= WEBVIEW_START_RELOADS) {
      this.view.log(`the page did not start after ${WEBVIEW_START_RELOADS} reloads; the user is told`);
      this.reloads = 0;
      this.view.gaveUp();
      return;
    }
    this.reloads++;
    this.view.log(
      `the page did not start within ${WEBVIEW_START_TIMEOUT_MS / 1000} s; loading it again (${this.reloads} of ${WEBVIEW_START_RELOADS})`,
    );
    this.view.reload();
    this.arm();
  }

  private clear(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
