/**
 * Task progress: a full view when there is nothing to show yet, or a slim banner over the
 * previous result during a rebuild (LaTeX Workshop style: the old PDF stays readable).
 * The elapsed time counts on locally from the `elapsedMs` the extension last sent.
 */
import * as l10n from '@vscode/l10n';
import type { ShowStatusMessage } from '../protocol';
import { button, h, setChildren } from './dom';

// A function, not a constant: the module loads before the page's words are configured (main.ts).
const statusText = (): Record<string, string> => ({
  CREATED: l10n.t('Submitted'),
  QUEUED: l10n.t('Queued'),
  RUNNING: l10n.t('Running'),
  SUCCESS: l10n.t('Done, loading the result'),
  FAILED: l10n.t('Failed'),
});

function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')} min`;
}

export class StatusView {
  /** The full-panel variant. */
  readonly el: HTMLDivElement;
  /** The banner variant, placed above the result views. */
  readonly banner: HTMLDivElement;
  private msg: ShowStatusMessage | null = null;
  private since = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly onCancel: (taskId?: string) => void) {
    this.el = h('div', { class: 'view message-view status-view', attrs: { role: 'status', 'aria-live': 'polite' } });
    this.banner = h('div', { class: 'status-banner', attrs: { role: 'status', 'aria-live': 'polite' } });
    this.banner.hidden = true;
  }

  get running(): boolean {
    return this.msg !== null;
  }

  /** Shows `msg` as the full view (`banner` false) or as the banner over a result. */
  show(msg: ShowStatusMessage, banner: boolean): void {
    this.msg = msg;
    this.since = performance.now() - (msg.elapsedMs ?? 0);
    this.banner.hidden = !banner;
    this.draw();
    if (!this.timer) this.timer = setInterval(() => this.tick(), 1000);
  }

  stop(): void {
    this.msg = null;
    this.banner.hidden = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    for (const el of [this.el, this.banner]) {
      const t = el.querySelector('.elapsed');
      if (t) t.textContent = formatElapsed(performance.now() - this.since);
    }
  }

  private draw(): void {
    const m = this.msg;
    if (!m) return;
    const what =
      m.kind === 'build'
        ? m.reportName
          ? l10n.t('Building {0}', m.reportName)
          : l10n.t('Building the report')
        : m.reportName
          ? l10n.t('Previewing {0}', m.reportName)
          : l10n.t('Previewing the report');
    const state = statusText()[m.status] ?? m.status;
    const elapsed = formatElapsed(performance.now() - this.since);
    const cancellable = m.status !== 'SUCCESS' && m.status !== 'FAILED';
    const cancel = (id: string): HTMLButtonElement | null =>
      cancellable
        ? button({
            id,
            icon: 'stop',
            label: l10n.t('Cancel'),
            title: l10n.t('Cancel the task'),
            cls: 'secondary-button',
            onClick: () => this.onCancel(m.taskId),
          })
        : null;

    setChildren(
      this.el,
      h(
        'div',
        { class: 'card' },
        h(
          'div',
          { class: 'status-head' },
          h('span', { class: 'spinner large', attrs: { 'aria-hidden': 'true' } }),
          h('h2', { text: `${what}…` }),
        ),
        h(
          'p',
          { class: 'status-line' },
          h('span', { class: `badge status-${m.status.toLowerCase()}`, attrs: { id: 'taskStatus' }, text: state }),
          h('span', { class: 'elapsed', attrs: { id: 'taskElapsed' }, text: elapsed }),
        ),
        m.taskId ? h('p', { class: 'muted mono', text: l10n.t('Task {0}', m.taskId) }) : null,
        h('div', { class: 'actions' }, cancel('cancelTask')),
      ),
    );
    setChildren(
      this.banner,
      h('div', { class: 'progress-bar', attrs: { 'aria-hidden': 'true' } }),
      h(
        'div',
        { class: 'banner-row' },
        h('span', { class: 'spinner', attrs: { 'aria-hidden': 'true' } }),
        h('span', { class: 'banner-text', text: `${what}… ` }),
        h('span', { class: `badge status-${m.status.toLowerCase()}`, text: state }),
        h('span', { class: 'elapsed', text: elapsed }),
        h('span', { class: 'tb-spacer' }),
        cancel('bannerCancel'),
      ),
    );
  }
}
