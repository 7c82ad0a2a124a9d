/**
 * The panel's message views: a FAILED task (its error_message up front), a 422 (every entry
 * a link to its JSON node), any other error by kind, and the empty state. All user-supplied
 * text goes in as textContent.
 */
import * as l10n from '@vscode/l10n';
import type { ShowErrorMessage, ShowFailedMessage, ShowValidationErrorsMessage, ViewerErrorKind } from '../protocol';
import { button, h, icon, setChildren } from './dom';

export interface MessageActions {
  rebuild(): void;
  /** Back to the last PDF/JPEG, if there is one. */
  showResult(): void;
  revealError(index: number): void;
  /** Switch to the bundled local service and run the task again. */
  useLocalService(): void;
}

// A function, not a constant: the module loads before the page's words are configured (main.ts).
const errorTitles = (): Record<ViewerErrorKind, string> => ({
  auth: l10n.t('Authentication failed'),
  payment: l10n.t('Subscription inactive'),
  not_found: l10n.t('Result not found'),
  validation: l10n.t('The report was rejected'),
  quota: l10n.t('Report quota used up'),
  rate_limited: l10n.t('The service is busy'),
  server: l10n.t('The report service had an error'),
  network: l10n.t('Cannot reach the report service'),
  timeout: l10n.t('The report service did not answer in time'),
  bad_response: l10n.t('Unexpected answer from the report service'),
  cancelled: l10n.t('Cancelled'),
  task_failed: l10n.t('The task failed'),
  other: l10n.t('Something went wrong'),
});

export class MessageView {
  readonly el: HTMLDivElement;

  constructor(private readonly actions: MessageActions) {
    this.el = h('div', { class: 'view message-view' });
  }

  showFailed(f: Omit<ShowFailedMessage, 'type'>, hasResult: boolean): void {
    this.render(
      'error',
      f.kind === 'preview' ? l10n.t('Preview failed') : f.kind === 'build' ? l10n.t('Build failed') : l10n.t('The task failed'),
      [
        h('p', { text: l10n.t('The report service could not render the report:') }),
        h('pre', { class: 'error-message', attrs: { id: 'failedMessage' }, text: f.errorMessage || l10n.t('(no error message)') }),
        f.taskId ? h('p', { class: 'muted mono', text: l10n.t('Task {0}', f.taskId) }) : null,
      ],
      hasResult,
    );
  }

  showValidation(v: Omit<ShowValidationErrorsMessage, 'type'>, hasResult: boolean): void {
    const n = v.errors.length;
    const list = h('ol', { class: 'error-list', attrs: { id: 'validationErrors', 'aria-label': l10n.t('Validation errors') } });
    for (const e of v.errors) {
      const where = e.line !== null && e.col !== null ? `${e.line}:${e.col}` : '—';
      const link = h(
        'button',
        {
          class: 'error-link',
          attrs: {
            type: 'button',
            'data-index': String(e.index),
            title:
              e.line !== null
                ? l10n.t('Go to {0} (line {1})', e.locText || l10n.t('the node'), e.line)
                : l10n.t('Go to {0}', e.locText || l10n.t('the node')),
          },
        },
        h('span', { class: 'error-pos mono', text: where }),
        h(
          'span',
          { class: 'error-body' },
          h('span', { class: 'error-msg', text: e.msg }),
          h(
            'span',
            { class: 'error-meta' },
            h('span', { class: 'error-loc mono', text: e.locText }),
            h('span', { class: 'badge type-badge', text: e.type }),
          ),
        ),
      );
      link.addEventListener('click', () => this.actions.revealError(e.index));
      list.append(h('li', {}, link));
    }
    this.render(
      'warning',
      n === 1 ? l10n.t('The service rejected the report: 1 problem') : l10n.t('The service rejected the report: {0} problems', n),
      [h('p', { class: 'muted', text: l10n.t('Also listed in the Problems panel. Click an entry to go to it.') }), list],
      hasResult,
    );
  }

  showError(e: Omit<ShowErrorMessage, 'type'>, hasResult: boolean): void {
    // Unreachable: the ways out are the same task again, or the bundled service.
    const unreachable = e.kind === 'network' || e.kind === 'timeout';
    this.render(
      'error',
      errorTitles()[e.kind] ?? errorTitles().other,
      [
        h('p', { class: 'error-text', attrs: { id: 'errorMessage' }, text: e.message }),
        e.detail ? h('pre', { class: 'error-detail', text: e.detail }) : null,
      ],
      hasResult,
      {
        retry: unreachable,
        extra: e.offerLocal
          ? button({
              id: 'useLocalService',
              icon: 'rebuild',
              label: l10n.t('Use Local Service'),
              title: l10n.t('Switch to the bundled local service (on this machine, offline) and run the task again'),
              cls: 'secondary-button',
              onClick: () => this.actions.useLocalService(),
            })
          : null,
      },
    );
  }

  showEmpty(reportName: string): void {
    setChildren(
      this.el,
      h(
        'div',
        { class: 'card empty' },
        icon('file', 'icon hero'),
        h('h2', { text: reportName ? l10n.t('No result for {0} yet', reportName) : l10n.t('No result yet') }),
        h('p', { class: 'muted', text: l10n.t('Run Preview for a quick look (free) or Build for the PDF; the result appears here.') }),
        h(
          'div',
          { class: 'actions' },
          button({
            id: 'emptyRebuild',
            icon: 'rebuild',
            label: l10n.t('Build'),
            title: l10n.t('Build the report'),
            cls: 'primary-button',
            onClick: () => this.actions.rebuild(),
          }),
        ),
      ),
    );
  }

  private render(
    glyph: 'error' | 'warning',
    title: string,
    body: Array<Node | null>,
    hasResult: boolean,
    options: { retry?: boolean; extra?: HTMLElement | null } = {},
  ): void {
    setChildren(
      this.el,
      h(
        'div',
        { class: `card ${glyph}`, attrs: { role: 'alert' } },
        h('div', { class: 'card-head' }, icon(glyph, `icon large ${glyph}`), h('h2', { attrs: { id: 'messageTitle' }, text: title })),
        ...body,
        h(
          'div',
          { class: 'actions' },
          button({
            id: 'messageRebuild',
            icon: 'rebuild',
            label: options.retry ? l10n.t('Retry') : l10n.t('Rebuild'),
            title: l10n.t('Run the task again'),
            cls: 'primary-button',
            onClick: () => this.actions.rebuild(),
          }),
          options.extra ?? null,
          hasResult
            ? button({
                id: 'showLastResult',
                icon: 'back',
                label: l10n.t('Show last result'),
                title: l10n.t('Back to the last result'),
                cls: 'secondary-button',
                onClick: () => this.actions.showResult(),
              })
            : null,
        ),
      ),
    );
  }
}
