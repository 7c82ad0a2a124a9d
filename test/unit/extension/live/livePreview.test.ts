// LivePreview with the vscode stub, scripted panels and a scripted local service: which texts are
// drawn (debounced keystrokes, the newest text only, reports with an open panel only), what a
// refused text shows, and how reportStudio.livePreview and the service in use pick the trigger.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mock } from 'node:test';
import { createVscodeStub, installVscodeStub, TestEventEmitter, TestUri } from '../../../helpers/vscodeStub';
import type { DraftRender } from '../../../../src/service/service';

type LiveModule = typeof import('../../../../src/extension/live/livePreview');

type Listener<T> = (e: T) => void;

const storageDir = mkdtempSync(join(tmpdir(), 'rs-live-test-'));

describe('extension: LivePreview', () => {
  let mod: LiveModule;
  let uninstall: () => void;
  let settings: Record<string, unknown>;
  const listeners: { change?: Listener<unknown>; save?: Listener<unknown>; close?: Listener<unknown> } = {};

  before(() => {
    const stub = createVscodeStub();
    const v = stub.module as Record<string, Record<string, unknown>>;
    v.Uri = TestUri as never;
    v.EventEmitter = TestEventEmitter as never;
    v.workspace = {
      getConfiguration: () => ({ get: (k: string) => settings[k] }),
      onDidChangeTextDocument: (l: Listener<unknown>) => ((listeners.change = l), { dispose: () => undefined }),
      onDidSaveTextDocument: (l: Listener<unknown>) => ((listeners.save = l), { dispose: () => undefined }),
      onDidCloseTextDocument: (l: Listener<unknown>) => ((listeners.close = l), { dispose: () => undefined }),
    };
    uninstall = installVscodeStub(stub);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place
    mod = require('../../../../src/extension/live/livePreview');
  });
  after(() => {
    uninstall();
    rmSync(storageDir, { recursive: true, force: true });
  });

  /** A report document whose text the test edits. */
  function doc(name: string, text: string) {
    const d = { uri: TestUri.file(`/work/${name}`), languageId: 'json', version: 1, text, getText: () => d.text };
    return d;
  }

  function harness(
    opts: {
      service?: 'local' | 'hosted';
      openPanels?: string[];
      draft?: (text: string, signal?: AbortSignal) => Promise<DraftRender>;
      submitting?: () => boolean;
    } = {},
  ) {
    const shown: string[] = [];
    const drafts: string[] = [];
    const signals: AbortSignal[] = [];
    const open = new Set(opts.openPanels ?? ['/work/a.report.json']);
    const panels = {
      hasPanel: (u: TestUri) => open.has(u.path),
      showLive: async (u: TestUri, r: { file: TestUri; pageCount: number }, reveal: boolean) =>
        void shown.push(`live ${u.path} ${r.pageCount}p${reveal ? ' revealed' : ''}`),
      showLivePaused: (u: TestUri, p: { problems: number; first?: string }, reveal: boolean) =>
        void shown.push(`paused ${u.path} ${p.problems} ${p.first ?? ''}${reveal ? ' revealed' : ''}`.trim()),
    };
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const draft =
      opts.draft ??
      (async (text: string) => ({ ok: true as const, pdf, pageCount: (text.length % 3) + 1, notes: [], boxes: [], renderMs: 1 }));
    const announces: Array<boolean | undefined> = [];
    const local = {
      ensureStarted: async (o?: { announce?: boolean }) => ({
        announced: announces.push(o?.announce),
        renderDraft: (text: string, o?: { signal?: AbortSignal }) => {
          drafts.push(text);
          if (o?.signal) signals.push(o.signal);
          return draft(text, o?.signal);
        },
      }),
    };
    const clients = { target: async () => ({ mode: opts.service ?? 'local', label: '' }) };
    const log = { warn: () => undefined, info: () => undefined };
    const storage = TestUri.file(storageDir);
    const live = new mod.LivePreview({
      context: { globalStorageUri: storage },
      panels,
      local,
      clients,
      log,
      submitting: opts.submitting,
    } as never);
    const rendered = () =>
      new Promise<unknown>((resolve) => {
        const sub = live.onDidRender((e) => {
          sub.dispose();
          resolve(e.outcome);
        });
      });
    return { live, shown, drafts, signals, rendered, open, announces };
  }

  const type = (d: ReturnType<typeof doc>, text: string) => {
    d.text = text;
    d.version++;
    listeners.change!({ document: d, contentChanges: [{ text: 'x' }] });
  };

  beforeEach(() => (settings = {}));
  afterEach(() => mock.timers.reset());

  /**
   * Lets every promise the keystrokes started settle (LivePreview awaits only promises before it
   * sets its timer or asks for a draft): setImmediate runs after them and is not on the fake clock.
   */
  const settle = () => new Promise((r) => setImmediate(r));
  /** The debounce on a fake clock: no test waits for time to pass. */
  const fakeClock = () => mock.timers.enable({ apis: ['setTimeout'] });

  it('keystrokes in a report with an open panel are drawn once, with the newest text, after a short quiet time', async () => {
    const h = harness();
    const d = doc('a.report.json', '{"type": "Report"}');
    const done = h.rendered();
    type(d, '{"type": "Report", "components": [');
    type(d, '{"type": "Report", "components": []');
    type(d, '{"type": "Report", "components": []}');
    const outcome = (await done) as { status: string; version: number };
    assert.equal(outcome.status, 'shown');
    assert.equal(outcome.version, 4);
    assert.deepEqual(h.drafts, ['{"type": "Report", "components": []}']);
    assert.deepEqual(h.shown, ['live /work/a.report.json 1p']);
    h.live.dispose();
  });

  it('while a Preview or Build of the report runs, a draft is drawn (its task takes the PDF) but not shown', async () => {
    let running = true;
    const h = harness({ submitting: () => running });
    const d = doc('a.report.json', '{"type": "Report"}');
    const held = h.rendered();
    type(d, '{"type": "Report", "x": 1}');
    assert.deepEqual(await held, { status: 'held', version: 2 });
    assert.deepEqual(h.drafts, ['{"type": "Report", "x": 1}']);
    assert.deepEqual(h.shown, [], 'the service result replaces the panel: no flash of the draft');
    running = false;
    const shown = h.rendered();
    type(d, '{"type": "Report", "x": 2}');
    assert.equal(((await shown) as { status: string }).status, 'shown');
    assert.equal(h.shown.length, 1);
    assert.match(h.shown[0], /^live \/work\/a\.report\.json \dp$/);
    h.live.dispose();
  });

  it('the first keystroke after a pause is drawn at once; the burst after it waits for the pause', async () => {
    fakeClock();
    const h = harness();
    const d = doc('a.report.json', '{"type": "Report"}');
    const first = h.rendered();
    type(d, '{"type": "Report", "x": 1}');
    await settle();
    mock.timers.tick(0); // no time passes: only a draw that does not wait for the debounce comes
    await settle();
    assert.deepEqual(h.drafts, ['{"type": "Report", "x": 1}']);
    await first;
    const burst = h.rendered();
    type(d, '{"type": "Report", "x": 12}');
    type(d, '{"type": "Report", "x": 123}');
    await settle();
    mock.timers.tick(mod.LIVE_DEBOUNCE_MS - 1);
    await settle();
    assert.equal(h.drafts.length, 1, 'a burst waits for its pause');
    mock.timers.tick(1);
    await burst;
    assert.deepEqual(h.drafts.slice(1), ['{"type": "Report", "x": 123}']);
    h.live.dispose();
  });

  it('starting the local service for a draw announces it only when that service is the one selected', async () => {
    for (const [service, announce] of [
      ['local', true],
      ['hosted', false],
    ] as const) {
      const h = harness({ service });
      await h.live.open(doc('a.report.json', '{"type": "Report"}') as never);
      assert.deepEqual(h.announces, [announce], service);
      h.live.dispose();
    }
  });

  it('a report without an open panel, or a file that is no report, is never drawn', async () => {
    fakeClock();
    const h = harness({ openPanels: [] });
    type(doc('b.report.json', '{"type": "Report"}'), '{"type": "Report", "components": []}');
    type(doc('package.json', '{}'), '{"name": "x"}');
    await settle();
    mock.timers.tick(mod.LIVE_DEBOUNCE_MS); // past the debounce: a draw would have been asked for
    await settle();
    assert.deepEqual(h.drafts, []);
    h.live.dispose();
  });

  it('a newer text supersedes the render in flight: the older one is aborted and shows nothing', async () => {
    let release: (() => void) | undefined;
    const pdf = new Uint8Array([37, 80, 68, 70]);
    const h = harness({
      draft: (text, signal) =>
        new Promise((resolve, reject) => {
          if (text.includes('slow')) {
            release = () => resolve({ ok: true, pdf, pageCount: 9, notes: [], boxes: [], renderMs: 1 });
            signal?.addEventListener('abort', () => reject(signal.reason));
          } else resolve({ ok: true, pdf, pageCount: 1, notes: [], boxes: [], renderMs: 1 });
        }),
    });
    const d = doc('a.report.json', '{"slow": true}');
    const first = h.live.open(d as never);
    await new Promise((r) => setImmediate(r));
    d.text = '{"fast": true}';
    const second = h.live.open(d as never);
    assert.deepEqual(await first, { status: 'superseded' });
    assert.equal(h.signals[0].aborted, true);
    release?.();
    assert.equal(((await second) as { status: string }).status, 'shown');
    assert.deepEqual(h.shown, ['live /work/a.report.json 1p revealed']);
    h.live.dispose();
  });

  it('text the service would refuse pauses the view with the number of problems and the first one', async () => {
    const h = harness({
      draft: async () => ({
        ok: false,
        status: 422,
        problems: 2,
        detail: [
          { type: 'string_type', loc: ['body', 'options', 'report_title'], msg: 'Input should be a valid string' },
          { type: 'missing', loc: ['body', 'components'], msg: 'Field required' },
        ],
      }),
    });
    const outcome = await h.live.open(doc('a.report.json', '{\n  "options": { "report_title": 5 }\n}') as never);
    assert.deepEqual(outcome, { status: 'paused', problems: 2, version: 1 });
    assert.deepEqual(h.shown, [
      'paused /work/a.report.json 2 Line 2, column 32: "report_title" should be text in quotes (at options.report_title) revealed',
    ]);
    h.live.dispose();
  });

  it('onSave draws on save only, off never; auto is onType with the local service and onSave with a hosted one', async () => {
    const cases: Array<[string | undefined, 'local' | 'hosted', boolean, boolean]> = [
      ['onSave', 'local', false, true],
      ['off', 'local', false, false],
      [undefined, 'local', true, true],
      ['auto', 'hosted', false, true],
      ['onType', 'hosted', true, true],
    ];
    fakeClock();
    for (const [setting, service, drawsOnType, drawsOnSave] of cases) {
      settings = { livePreview: setting };
      const h = harness({ service });
      const d = doc('a.report.json', '{"type": "Report"}');
      const typed = h.rendered();
      type(d, '{"type": "Report", "components": []}');
      await settle();
      mock.timers.tick(mod.LIVE_DEBOUNCE_MS); // past the debounce: a draw would have been asked for
      await settle();
      if (drawsOnType) await typed;
      assert.equal(h.drafts.length, drawsOnType ? 1 : 0, `${setting} / ${service}: typing`);
      const saved = h.rendered();
      listeners.save!(d);
      await settle();
      mock.timers.tick(0); // a save draws at once
      await settle();
      if (drawsOnSave) await saved;
      assert.equal(h.drafts.length, (drawsOnType ? 1 : 0) + (drawsOnSave ? 1 : 0), `${setting} / ${service}: saving`);
      h.live.dispose();
    }
  });
});
