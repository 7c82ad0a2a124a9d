// The watch that loads a webview page again when it never says `ready`: when it reloads, when it
// stays quiet (a started page, a hidden one, a disposed one), and when it gives up and says so.
import { strict as assert } from 'node:assert';
import { WEBVIEW_START_RELOADS, WEBVIEW_START_TIMEOUT_MS, WebviewStartWatch } from '../../../../src/extension/viewer/webviewStartWatch';
import { ManualTimers } from '../../../helpers/manualTimers';

function setup() {
  const timers = new ManualTimers();
  const view = { visible: true, reloads: 0, gaveUp: 0, lines: [] as string[] };
  const watch = new WebviewStartWatch(
    {
      get visible() {
        return view.visible;
      },
      reload: () => view.reloads++,
      log: (line) => view.lines.push(line),
      gaveUp: () => view.gaveUp++,
    },
    timers,
  );
  return { timers, view, watch };
}

describe('extension: webview start watch', () => {
  it('leaves a page that says ready in time alone', () => {
    const { timers, view, watch } = setup();
    watch.loading();
    timers.advance(WEBVIEW_START_TIMEOUT_MS - 1);
    watch.ready();
    timers.advance(WEBVIEW_START_TIMEOUT_MS * 5);
    assert.equal(view.reloads, 0);
    assert.equal(timers.pending, 0, 'no timer left behind');
  });

  it('loads a silent page again after the timeout, and stops once it says ready', () => {
    const { timers, view, watch } = setup();
    watch.loading();
    timers.advance(WEBVIEW_START_TIMEOUT_MS);
    assert.equal(view.reloads, 1);
    assert.match(view.lines[0], /did not start within 15 s; loading it again \(1 of 2\)/);
    watch.ready();
    timers.advance(WEBVIEW_START_TIMEOUT_MS * 5);
    assert.equal(view.reloads, 1);
    assert.equal(view.gaveUp, 0);
  });

  it(`gives up after ${WEBVIEW_START_RELOADS} reloads and tells the user once`, () => {
    const { timers, view, watch } = setup();
    watch.loading();
    timers.advance(WEBVIEW_START_TIMEOUT_MS * (WEBVIEW_START_RELOADS + 1));
    assert.equal(view.reloads, WEBVIEW_START_RELOADS);
    assert.equal(view.gaveUp, 1);
    assert.match(view.lines.at(-1) ?? '', /did not start after 2 reloads/);
    timers.advance(WEBVIEW_START_TIMEOUT_MS * 10);
    assert.equal(view.gaveUp, 1, 'told once');
    assert.equal(timers.pending, 0);
  });

  it('does not reload a hidden page; watches it again when it is shown', () => {
    const { timers, view, watch } = setup();
    watch.loading();
    watch.ready();
    // Hidden: torn down, nothing due.
    view.visible = false;
    watch.visibilityChanged();
    timers.advance(WEBVIEW_START_TIMEOUT_MS * 3);
    assert.equal(view.reloads, 0);
    // Shown again: it reloads on its own and must say ready.
    view.visible = true;
    watch.visibilityChanged();
    timers.advance(WEBVIEW_START_TIMEOUT_MS);
    assert.equal(view.reloads, 1);
    // A focus change of a started page (also a view state change) arms nothing.
    watch.ready();
    watch.visibilityChanged();
    assert.equal(timers.pending, 0);
  });

  it('a page hidden before its timeout is not reloaded then', () => {
    const { timers, view, watch } = setup();
    watch.loading();
    view.visible = false;
    timers.advance(WEBVIEW_START_TIMEOUT_MS);
    assert.equal(view.reloads, 0);
  });

  it('does nothing after dispose', () => {
    const { timers, view, watch } = setup();
    watch.loading();
    watch.dispose();
    assert.equal(timers.pending, 0);
    watch.loading();
    timers.advance(WEBVIEW_START_TIMEOUT_MS * 2);
    assert.equal(view.reloads, 0);
  });
});
