/**
 * The badges beside the result's title: Live / Paused while the pages follow the text (with the
 * first problem's reason), the Preview / Build badge and "Back to live" in a panel that had the
 * live view while something else is on screen, and ≈ Sync when the source map is approximate.
 */
import * as l10n from '@vscode/l10n';
import { button, h } from './dom';
import type { TaskKind } from '../../core/api/types';

/** What a panel that had the live view shows instead: a Preview's JPEG, a Build's PDF, or another page (an error, a running task). */
type ShownInsteadOfLive = TaskKind | 'other';

/** The live view's state: following the text, or paused on its problems. */
export type LiveState = { paused: false } | { paused: true; problems: number; first?: string };

export class LiveBadges {
  /** In the toolbar's order, after the title. */
  readonly els: readonly HTMLElement[];
  private readonly live: HTMLSpanElement;
  /** Why the live view is paused, in words with line and column: visible, and the badge's description. */
  private readonly liveReason: HTMLSpanElement;
  private readonly approximate: HTMLSpanElement;
  /** Where the Live badge stands: what is shown instead of the live view, and the way back to it. */
  private readonly shown: HTMLSpanElement;
  private readonly backToLive: HTMLButtonElement;

  constructor(backToLive: () => void) {
    this.live = h('span', { class: 'tb-live', attrs: { id: 'liveBadge' } });
    this.live.hidden = true;
    // A live region of its own: a screen reader reads the reason when it changes, and the
    // badge (focusable while paused) is described by it.
    this.liveReason = h('span', { class: 'tb-live-reason', attrs: { id: 'liveReason', role: 'status', 'aria-live': 'polite' } });
    this.liveReason.hidden = true;
    this.approximate = h('span', {
      class: 'tb-live paused',
      attrs: {
        id: 'syncBadge',
        title: l10n.t(
          'Source ↔ preview sync is approximate here: the outlines and clicks use where the local renderer draws each component of the same text; the service that drew this result may place them differently.',
        ),
      },
    });
    this.approximate.textContent = l10n.t('≈ Sync');
    this.approximate.hidden = true;
    this.shown = h('span', { class: 'tb-live tb-shown', attrs: { id: 'shownBadge' } });
    this.shown.hidden = true;
    this.backToLive = button({
      id: 'backToLive',
      icon: 'back',
      label: l10n.t('Back to live'),
      title: l10n.t('Show the live view again: drawn on this machine as you type (free)'),
      cls: 'tb-button labelled tb-back',
      onClick: backToLive,
    });
    this.backToLive.hidden = true;
    this.els = [this.live, this.shown, this.backToLive, this.liveReason, this.approximate];
  }

  /**
   * The live view's badge: `Live` while the pages follow the text, `Paused: N problems` while
   * the text cannot be drawn (quiet: the last good pages stay) with the first problem's reason
   * beside it; hidden (null) wherever it does not apply: service results, JPEGs, error pages.
   */
  setLive(state: LiveState | null): void {
    this.live.hidden = state === null;
    const reason = state?.paused ? (state.first ?? '') : '';
    this.liveReason.hidden = !reason;
    this.liveReason.textContent = reason;
    this.liveReason.title = reason;
    if (!state) {
      this.live.removeAttribute('tabindex');
      this.live.removeAttribute('aria-describedby');
      return;
    }
    this.live.classList.toggle('paused', state.paused);
    this.live.textContent = !state.paused
      ? l10n.t('Live')
      : state.problems === 1
        ? l10n.t('Paused: 1 problem')
        : l10n.t('Paused: {0} problems', state.problems);
    const stays =
      state.paused && state.problems === 1
        ? l10n.t('The text has a problem; the last good pages stay until it is fixed.')
        : l10n.t('The text has problems; the last good pages stay until it is fixed.');
    this.live.title = state.paused
      ? `${stays}${reason ? `\n${reason}` : ''}`
      : l10n.t('Drawn by the local renderer as you type (free; not a service build)');
    // Reachable by Tab while paused, so a keyboard user can get to the reason.
    if (state.paused) {
      this.live.tabIndex = 0;
      if (reason) this.live.setAttribute('aria-describedby', 'liveReason');
      else this.live.removeAttribute('aria-describedby');
    } else {
      this.live.removeAttribute('tabindex');
      this.live.removeAttribute('aria-describedby');
    }
  }

  /**
   * In a panel that had the live view, while something else is on screen: a badge that names it
   * (where the Live badge stood) and "Back to live" beside it; null hides both.
   */
  setBackToLive(shown: ShownInsteadOfLive | null): void {
    this.backToLive.hidden = shown === null;
    const words: Record<ShownInsteadOfLive, { text: string; title: string } | null> = {
      preview: {
        text: l10n.t('Preview'),
        title: l10n.t("The service's Preview (a watermarked JPEG), not the live view. Typing, or Back to live, shows the live view again."),
      },
      build: {
        text: l10n.t('Build'),
        title: l10n.t("The service's Build (the PDF), not the live view. Typing, or Back to live, shows the live view again."),
      },
      other: null,
    };
    const badge = shown ? words[shown] : null;
    this.shown.hidden = badge === null;
    this.shown.textContent = badge?.text ?? '';
    this.shown.title = badge?.title ?? '';
  }

  /** The `≈ Sync` badge: the result's source map is the local renderer's layout of another service's result. */
  setApproximateSync(on: boolean): void {
    this.approximate.hidden = !on;
  }
}
