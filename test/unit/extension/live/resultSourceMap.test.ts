// ResultSourceMaps with the vscode stub, scripted panels and a scripted local service: after a
// service result is shown, the sent text is laid out by the local renderer and its map goes to
// the panel — exact with the local service, approximate with another; not at all when
// reportStudio.previewSync is off, when the local renderer refuses the text, or when a newer
// result superseded it.
import { strict as assert } from 'node:assert';
import { createVscodeStub, installVscodeStub, TestEventEmitter, TestUri } from '../../../helpers/vscodeStub';
import type { DraftRender } from '../../../../src/service/service';
import type { ShownResult } from '../../../../src/extension/submit/submissions';
import type { SourceMapMessage } from '../../../../src/webview/protocol';

type MapModule = typeof import('../../../../src/extension/live/resultSourceMap');

const BOX = { path: ['components', 0], type: 'Card', page: 1, x: 10, y: 20, width: 100, height: 50 };

describe('extension: ResultSourceMaps', () => {
  let mod: MapModule;
  let uninstall: () => void;
  let settings: Record<string, unknown>;

  before(() => {
    const stub = createVscodeStub();
    const v = stub.module as Record<string, Record<string, unknown>>;
    v.Uri = TestUri as never;
    v.EventEmitter = TestEventEmitter as never;
    v.workspace = { getConfiguration: () => ({ get: (k: string) => settings[k] }) };
    uninstall = installVscodeStub(stub);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place
    mod = require('../../../../src/extension/live/resultSourceMap');
  });
  after(() => uninstall());
  beforeEach(() => (settings = {}));

  function harness(draft: (text: string, signal?: AbortSignal) => Promise<DraftRender>, panelShowsResult = true) {
    const maps: Array<{ report: string; map: Omit<SourceMapMessage, 'type' | 'url'> }> = [];
    const drafts: string[] = [];
    const announces: Array<boolean | undefined> = [];
    const shown = new TestEventEmitter<ShownResult>();
    const maker = new mod.ResultSourceMaps({
      panels: {
        showSourceMap: (u: TestUri, map: Omit<SourceMapMessage, 'type' | 'url'>) => {
          if (!panelShowsResult) return false;
          maps.push({ report: u.path, map });
          return true;
        },
      } as never,
      local: {
        ensureStarted: async (o?: { announce?: boolean }) => {
          announces.push(o?.announce);
          return {
            renderDraft: (text: string, o2?: { signal?: AbortSignal }) => {
              drafts.push(text);
              return draft(text, o2?.signal);
            },
          };
        },
      } as never,
      log: { warn: () => undefined } as never,
      onDidShowResult: shown.event as never,
    });
    return { maker, maps, drafts, announces, shown };
  }

  const ok = (pageCount = 2): DraftRender => ({
    ok: true,
    pdf: new Uint8Array(),
    pageCount,
    notes: [],
    boxes: [BOX],
    pageSize: { width: 595.28, height: 841.89 },
    renderMs: 1,
  });
  const result = (mode: ShownResult['mode'], text = '{"type":"Report"}'): ShownResult => ({
    report: TestUri.file('/work/a.report.json') as never,
    kind: 'preview',
    text,
    mode,
  });

  it('maps the sent text with the local renderer when a result is shown: exact from the local service', async () => {
    const h = harness(async () => ok(3));
    const mapped = new Promise((r) => h.maker.onDidMap(r));
    h.shown.fire(result('local', '{"sent": true}'));
    await mapped;
    assert.deepEqual(h.drafts, ['{"sent": true}']);
    assert.deepEqual(h.announces, [false], 'rendering only: no "using the bundled service" notice');
    assert.equal(h.maps.length, 1);
    assert.deepEqual(h.maps[0].map.boxes, [BOX]);
    assert.equal(h.maps[0].map.pageCount, 3);
    assert.equal(h.maps[0].map.approximate, false);
    assert.deepEqual(h.maps[0].map.layout, { pxPerPt: 1, gapPx: 12, maxPages: 12 });
    h.maker.dispose();
  });

  it('labels the map approximate for a hosted or custom service', async () => {
    const h = harness(async () => ok());
    assert.equal(await h.maker.map(result('hosted')), 'shown');
    assert.equal(await h.maker.map(result('custom')), 'shown');
    assert.deepEqual(
      h.maps.map((m) => m.map.approximate),
      [true, true],
    );
    h.maker.dispose();
  });

  it('does nothing with previewSync off, and sends nothing when the text is refused locally or no result is on screen', async () => {
    settings.previewSync = false;
    const off = harness(async () => ok());
    assert.equal(await off.maker.map(result('local')), 'off');
    assert.deepEqual(off.drafts, []);
    settings = {};
    const refused = harness(async () => ({ ok: false, status: 422, problems: 1, detail: [] }));
    assert.equal(await refused.maker.map(result('hosted')), 'refused');
    assert.deepEqual(refused.maps, []);
    const noPanel = harness(async () => ok(), false);
    assert.equal(await noPanel.maker.map(result('local')), 'no-panel');
    for (const h of [off, refused, noPanel]) h.maker.dispose();
  });

  it("lays out a hosted or custom result's text only up to MAX_HOSTED_MAP_TEXT_BYTES; the local result's always", async () => {
    const max = mod.MAX_HOSTED_MAP_TEXT_BYTES;
    assert.equal(max, 256 * 1024);
    const big = `{"type":"Report","pad":"${'x'.repeat(max)}"}`;
    const atCap = 'é'.repeat(max / 2); // bytes, not characters, are counted
    assert.equal(mod.mapDecision('local', true, big), 'map', 'the draft takes the local task render');
    assert.equal(mod.mapDecision('hosted', true, atCap), 'map');
    assert.equal(mod.mapDecision('hosted', true, atCap + 'x'), 'too-large');
    assert.equal(mod.mapDecision('custom', true, big), 'too-large');
    assert.equal(mod.mapDecision('local', false, '{}'), 'off');
    assert.equal(mod.mapDecision('hosted', false, '{}'), 'off');
    const h = harness(async () => ok());
    assert.equal(await h.maker.map(result('hosted', big)), 'too-large');
    assert.equal(await h.maker.map(result('custom', big)), 'too-large');
    assert.deepEqual(h.drafts, [], 'no draft laid out for them');
    assert.equal(await h.maker.map(result('local', big)), 'shown');
    assert.deepEqual(h.drafts, [big]);
    h.maker.dispose();
  });

  it('a newer result of the same report supersedes the map still being drawn', async () => {
    let release: (() => void) | undefined;
    const h = harness(
      (text, signal) =>
        new Promise((resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason as Error));
          if (text === 'first') release = () => resolve(ok());
          else resolve(ok(5));
        }),
    );
    const first = h.maker.map(result('local', 'first'));
    await new Promise((r) => setImmediate(r));
    const second = await h.maker.map(result('local', 'second'));
    release?.();
    assert.equal(await first, 'superseded');
    assert.equal(second, 'shown');
    assert.deepEqual(
      h.maps.map((m) => m.map.pageCount),
      [5],
    );
    h.maker.dispose();
  });
});
