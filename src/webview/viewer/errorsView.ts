/**
 * The panel's message views: a FAILED task (its error_message up front), a 422 (every entry
 * a link to its JSON node), any other error by kind, and the empty state. All user-supplied
 * text goes in as textContent.
 */
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

const ERROR_TITLES: Record<ViewerErrorKind, string> = {
  auth: 'Authentication failed',
  payment: 'Subscription inactive',
  not_found: 'Result not found',
  validation: 'The report was rejected',
  quota: 'Report quota used up',
  rate_limited: 'The service is busy',
  server: 'The report service had an error',
  network: 'Cannot reach the report service',
  timeout: 'The report service did not answer in time',
  bad_response: 'Unexpected answer from the report service',
  cancelled: 'Cancelled',
  task_failed: 'The task failed',
  other: 'Something went wrong',
};

export class MessageView {
  readonly el: HTMLDivElement;

  constructor(private readonly actions: MessageActions) {
    this.el = h('div', { class: 'view message-view' });
  }

  showFailed(f: Omit<ShowFailedMessage, 'type'>, hasResult: boolean): void {
    const what = f.kind === 'preview' ? 'Preview' : f.kind === 'build' ? 'Build' : 'The task';
    this.render(
      'error',
      `${what} failed`,
      [
        h('p', { text: 'The report service could not render the report:' }),
        h('pre', { class: 'error-message', attrs: { id: 'failedMessage' }, text: f.errorMessage || '(no error message)' }),
        f.taskId ? h('p', { class: 'muted mono', text: `Task ${f.taskId}` }) : null,
      ],
      hasResult,
    );
  }

  showValidation(v: Omit<ShowValidationErrorsMessage, 'type'>, hasResult: boolean): void {
    const n = v.errors.length;
    const list = h('ol', { class: 'error-list', attrs: { id: 'validationErrors', 'aria-label': 'Validation errors' } });
    for (const e of v.errors) {
      const where = e.line !== null && e.col !== null ? `${e.line}:${e.col}` : '—';
      const link = h(
        'button',
        {
          class: 'error-link',
          attrs: {
            type: 'button',
            'data-index': String(e.index),
            title: `Go to ${e.locText || 'the node'}${e.line !== null ? ` (line ${e.line})` : ''}`,
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
      n === 1 ? 'The service rejected the report: 1 problem' : `The service rejected the report: ${n} problems`,
      [h('p', { class: 'muted', text: 'Also listed in the Problems panel. Click an entry to go to it.' }), list],
      hasResult,
    );
  }

  showError(e: Omit<ShowErrorMessage, 'type'>, hasResult: boolean): void {
    // Unreachable: the ways out are the same task again, or the bundled service.
    const unreachable = e.kind === 'network' || e.kind === 'timeout';
    this.render(
      'error',
      ERROR_TITLES[e.kind] ?? ERROR_TITLES.other,
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
              label: 'Use Local Service',
              title: 'Switch to the bundled local service (on this machine, offline) and run the task again',
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
        h('h2', { text: reportName ? `No result for ${reportName} yet` : 'No result yet' }),
        h('p', { class: 'muted', text: 'Run Preview for a quick look (free) or Build for the PDF; the result appears here.' }),
        h(
          'div',
          { class: 'actions' },
          button({
            id: 'emptyRebuild',
            icon: 'rebuild',
            label: 'Build',
            title: 'Build the report',
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
            label: options.retry ? 'Retry' : 'Rebuild',
            title: 'Run the task again',
            cls: 'primary-button',
            onClick: () => this.actions.rebuild(),
          }),
          options.extra ?? null,
          hasResult
            ? button({
                id: 'showLastResult',
                icon: 'back',
                label: 'Show last result',
                title: 'Back to the last result',
                cls: 'secondary-button',
                onClick: () => this.actions.showResult(),
              })
            : null,
        ),
      ),
    );
  }
}
