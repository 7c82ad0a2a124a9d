// The result panels with the vscode stub and scripted webview panels: what each viewer is sent
// and in which order (held until the page says `ready`, only the latest content after a reload
// or while hidden), one panel per report and where a new one opens, a renamed or closed report,
// the Rebuild button, a stale Save As, a 422 entry's click, and a panel restored after a reload.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { HostToViewerMessage, ViewerState, ViewerToHostMessage } from '../../../../src/webview/protocol';
import { mock } from 'node:test';
import { WEBVIEW_START_TIMEOUT_MS } from '../../../../src/extension/viewer/webviewStartWatch';
import { createVscodeStub, installVscodeStub, TestEventEmitter, TestUri } from '../../../helpers/vscodeStub';
import type { TaskKind } from '../../../../src/core/api/types';
import { waitFor } from '../../../helpers/waitFor';

type PanelsModule = typeof import('../../../../src/extension/viewer/resultPanels');

const ViewColumn = { Active: -1, Beside: -2, One: 1, Two: 2, Three: 3 };

/** The webview of a ScriptedPanel: posts are recorded, setting the HTML or options counted. */
function scriptedWebview(record: ScriptedPanel['record'], onDidReceiveMessage: unknown) {
  return {
    cspSource: 'https://webview.test',
    get options(): unknown {
      return {};
    },
    set options(_v: unknown) {
      record.optionSets++;
    },
    get html(): string {
      return '';
    },
    set html(_v: string) {
      record.htmlSets++;
    },
    asWebviewUri: (u: TestUri) => ({ toString: () => `https://webview.test${u.path}` }),
    postMessage: async (m: HostToViewerMessage) => {
      // The rebuild button's words are checked on their own (record.rebuildLabels).
      if (m.type === 'setRebuildLabel') record.rebuildLabels.push(m.label);
      else record.posted.push(m);
      return true;
    },
    onDidReceiveMessage,
  };
}

/** A webview panel whose page the test plays: it records what it is sent and says what the test makes it say. */
class ScriptedPanel {
  static created: Array<{ panel: ScriptedPanel; column: number }> = [];
  /** What the page was sent, and how often its HTML and options were set. */
  readonly record = { posted: [] as HostToViewerMessage[], rebuildLabels: [] as string[], htmlSets: 0, optionSets: 0 };
  title = '';
  iconPath: unknown;
  visible = true;
  active = false;
  viewColumn: number | undefined;
  disposed = false;
  private readonly messages = new TestEventEmitter<ViewerToHostMessage>();
  private readonly viewState = new TestEventEmitter<{ webviewPanel: ScriptedPanel }>();
  private readonly disposal = new TestEventEmitter<void>();
  readonly onDidChangeViewState = this.viewState.event;
  readonly onDidDispose = this.disposal.event;
  readonly webview = scriptedWebview(this.record, this.messages.event);

  constructor(column?: number) {
    this.viewColumn = column;
  }
  /** The page loaded (or came back) and says so; `restored` is its saved state, if any. */
  ready(restored: ViewerState | null = null): void {
    this.messages.fire({ type: 'ready', restored } as ViewerToHostMessage);
  }
  say(m: ViewerToHostMessage): void {
    this.messages.fire(m);
  }
  hide(): void {
    this.visible = false;
    this.viewState.fire({ webviewPanel: this });
  }
  show(): void {
    this.visible = true;
    this.viewState.fire({ webviewPanel: this });
  }
  focus(): void {
    this.active = true;
    this.viewState.fire({ webviewPanel: this });
  }
  /** Where the last reveal asked it to go (a column, or undefined: where it is). */
  revealedIn: number | undefined;
  reveal(column?: number): void {
    this.revealedIn = column;
    if (column !== undefined) this.viewColumn = column;
    this.show();
  }
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.disposal.fire();
  }
  get posted(): HostToViewerMessage[] {
    return this.record.posted;
  }
  /** The message types sent so far, then forgotten. */
  take(): string[] {
    return this.record.posted.splice(0).map((m) => (m.type === 'showStatus' ? `showStatus ${m.status}` : m.type));
  }
}

const mockTimers = mock.timers;

describe('extension: result panels', () => {
  let mod: PanelsModule;
  let uninstall: () => void;
  /** Result files are checked on disk (file: URIs), so the storage is a real folder. */
  const storage = mkdtempSync(join(tmpdir(), 'rs-panels-test-'));
  const files = {
    add(path: string): void {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, '');
    },
    clear(): void {
      rmSync(join(storage, 'results'), { recursive: true, force: true });
    },
  };
  const notices: string[] = [];
  const saveDialogs: Array<{ defaultUri?: TestUri }> = [];
  const selections: unknown[] = [];
  let renameListener: ((e: { files: Array<{ oldUri: TestUri; newUri: TestUri }> }) => void) | undefined;
  let serializer: { deserializeWebviewPanel(panel: ScriptedPanel, state: unknown): Promise<void> } | undefined;
  let visibleEditors: Array<{ document: { uri: TestUri }; viewColumn: number }> = [];
  /** The editor groups' columns (their tabs are not looked at: the reports are among visibleEditors). */
  let groupColumns: number[] = [1];
  let openListener: ((d: { uri: TestUri }) => void) | undefined;

  before(() => {
    const stub = createVscodeStub();
    const v = stub.module as Record<string, Record<string, unknown>>;
    v.Uri = TestUri as never;
    v.EventEmitter = TestEventEmitter as never;
    v.ViewColumn = ViewColumn;
    v.FileType = { File: 1, Directory: 2 };
    v.Range = class {
      constructor(
        readonly start: { line: number; character: number },
        readonly end: unknown,
      ) {}
    } as never;
    v.window = {
      createWebviewPanel: (_type: string, _title: string, show: { viewColumn: number }) => {
        const panel = new ScriptedPanel(show.viewColumn < 0 ? 2 : show.viewColumn);
        ScriptedPanel.created.push({ panel, column: show.viewColumn });
        return panel;
      },
      get visibleTextEditors() {
        return visibleEditors;
      },
      tabGroups: {
        get all() {
          return groupColumns.map((viewColumn) => ({ viewColumn, tabs: [], activeTab: undefined }));
        },
      },
      activeTextEditor: undefined,
      registerWebviewPanelSerializer: (_type: string, s: typeof serializer) => {
        serializer = s;
        return { dispose: () => undefined };
      },
      showInformationMessage: async (m: string) => void notices.push(`info: ${m}`),
      showWarningMessage: async (m: string) => void notices.push(`warning: ${m}`),
      showErrorMessage: async (m: string) => void notices.push(`error: ${m}`),
      showSaveDialog: async (o: { defaultUri?: TestUri }) => void saveDialogs.push(o),
      showTextDocument: async (_d: unknown, o: { selection: unknown }) => {
        selections.push(o.selection);
        return { revealRange: () => undefined };
      },
    };
    v.workspace = {
      getConfiguration: () => ({ get: () => undefined }),
      onDidChangeConfiguration: () => ({ dispose: () => undefined }),
      onDidRenameFiles: (l: typeof renameListener) => {
        renameListener = l;
        return { dispose: () => undefined };
      },
      onDidOpenTextDocument: (l: typeof openListener) => {
        openListener = l;
        return { dispose: () => undefined };
      },
      onDidSaveTextDocument: () => ({ dispose: () => undefined }),
      fs: {
        stat: async () => {
          throw new Error('result files are file: URIs, checked on disk');
        },
      },
      openTextDocument: async (u: TestUri) => ({ uri: u, validateRange: (r: unknown) => r }),
    };
    v.env = { language: 'en' };
    uninstall = installVscodeStub(stub);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place
    mod = require('../../../../src/extension/viewer/resultPanels');
  });
  after(() => {
    uninstall();
    rmSync(storage, { recursive: true, force: true });
  });

  const log = { info() {}, warn() {}, error() {}, debug() {} };
  let panels: InstanceType<PanelsModule['ResultPanels']>;
  beforeEach(() => {
    ScriptedPanel.created = [];
    files.clear();
    notices.length = 0;
    saveDialogs.length = 0;
    selections.length = 0;
    visibleEditors = [];
    groupColumns = [1];
    const memento = new Map<string, unknown>();
    const context = {
      extensionUri: TestUri.file('/ext'),
      globalStorageUri: TestUri.file(storage),
      workspaceState: { get: (k: string) => memento.get(k), update: async (k: string, v: unknown) => void memento.set(k, v) },
    };
    panels = new mod.ResultPanels(context as never, log as never);
  });
  afterEach(() => panels.dispose());

  const report = (name: string) => TestUri.file(`/work/${name}`);
  const only = () => {
    assert.equal(ScriptedPanel.created.length, 1, 'one panel');
    return ScriptedPanel.created[0].panel;
  };
  /** A result file of `report` that exists on "disk". */
  const resultOf = (r: TestUri, kind: TaskKind) => {
    const file = panels.resultFileFor(r as never, kind) as unknown as TestUri;
    files.add(file.path);
    return file;
  };

  /** A report whose result is on "disk" and shown in its panel; the page has loaded. */
  const shownResult = async (name: string, kind: TaskKind) => {
    const r = report(name);
    const file = resultOf(r, kind);
    await panels.showResult(r as never, { kind, file: file as never, pageCount: kind === 'build' ? 3 : undefined });
    const p = only();
    p.ready();
    return { r, file, p, firstSent: p.take() };
  };

  it('holds everything until the page is ready, then sends the name, the latest content and the running status', () => {
    const r = report('sales.report.json');
    panels.showStatus(r as never, { kind: 'preview', status: 'QUEUED', taskId: 't1' });
    panels.showFailed(r as never, { kind: 'preview', taskId: 't1', errorMessage: 'boom' });
    panels.showError(r as never, { kind: 'network', message: 'offline' });
    panels.showStatus(r as never, { kind: 'build', status: 'RUNNING', taskId: 't2' });
    const p = only();
    assert.deepEqual(p.take(), [], 'nothing reaches a page that is still loading');
    p.ready();
    const sent = [...p.posted];
    assert.deepEqual(p.take(), ['viewerSettings', 'setReportName', 'showError', 'showStatus RUNNING']);
    assert.equal(sent[1].type === 'setReportName' && sent[1].reportName, 'sales.report.json');
  });

  it('sends at once to a live page, in order; content ends the running status', async () => {
    const r = report('kpi.report.json');
    const file = resultOf(r, 'preview');
    panels.showStatus(r as never, { kind: 'preview', status: 'QUEUED' });
    const p = only();
    p.ready();
    p.take();
    panels.showStatus(r as never, { kind: 'preview', status: 'RUNNING' });
    await panels.showResult(r as never, { kind: 'preview', file: file as never });
    assert.deepEqual(p.take(), ['showStatus RUNNING', 'showJpeg']);
    p.ready(); // the page reloaded without state: content again, no status (the task ended)
    assert.deepEqual(p.take(), ['viewerSettings', 'setReportName', 'showJpeg']);
    assert.equal(panels.lastResult(r as never)?.file.toString(), file.toString());
  });

  it('a page that never says ready is loaded again (webviewStartWatch.ts); once it does, it gets everything', () => {
    // Node's own fake timers: the watch reads setTimeout when it arms.
    mockTimers.enable({ apis: ['setTimeout'] });
    try {
      const r = report('blank.report.json');
      panels.showStatus(r as never, { kind: 'preview', status: 'QUEUED', taskId: 't1' });
      const p = only();
      assert.equal(p.record.htmlSets, 1);
      mockTimers.tick(WEBVIEW_START_TIMEOUT_MS - 1);
      assert.equal(p.record.htmlSets, 1, 'not before the timeout');
      mockTimers.tick(1);
      assert.equal(p.record.htmlSets, 2, 'set again');
      p.ready();
      assert.deepEqual(p.take(), ['viewerSettings', 'setReportName', 'showStatus QUEUED']);
      mockTimers.tick(WEBVIEW_START_TIMEOUT_MS * 3);
      assert.equal(p.record.htmlSets, 2, 'a started page is left alone');
      // Hidden and shown: VS Code reloads it; silent again, it is set again.
      p.hide();
      p.show();
      mockTimers.tick(WEBVIEW_START_TIMEOUT_MS);
      assert.equal(p.record.htmlSets, 3);
    } finally {
      mockTimers.reset();
    }
  });

  it('a hidden page gets nothing; back with its state it gets only what changed meanwhile', async () => {
    const { r, p, firstSent } = await shownResult('q3.report.json', 'build');
    assert.deepEqual(firstSent, ['viewerSettings', 'setReportName', 'showPdf']);
    const state = { view: 'pdf' } as ViewerState;
    p.hide();
    p.show();
    p.ready(state);
    assert.deepEqual(p.take(), ['viewerSettings', 'setReportName'], 'a page that restored its state already shows the PDF');
    p.hide();
    panels.showStatus(r as never, { kind: 'build', status: 'RUNNING' });
    panels.showFailed(r as never, { kind: 'build', taskId: 't9', errorMessage: 'font missing' });
    assert.deepEqual(p.take(), [], 'hidden: nothing is posted');
    p.show();
    p.ready(state);
    assert.deepEqual(p.take(), ['viewerSettings', 'setReportName', 'showFailed']);
  });

  it('one panel per report; a second report opens in the column the results already use, not over its report', () => {
    const a = report('a.report.json');
    const b = report('b.report.json');
    const c = report('c.report.json');
    panels.showStatus(a as never, { kind: 'preview', status: 'QUEUED' });
    panels.showStatus(a as never, { kind: 'preview', status: 'RUNNING' });
    assert.equal(ScriptedPanel.created.length, 1);
    assert.equal(ScriptedPanel.created[0].column, ViewColumn.Beside, 'the first panel goes beside the editor');
    panels.showStatus(b as never, { kind: 'preview', status: 'QUEUED' });
    assert.equal(ScriptedPanel.created[1].column, 2, 'next to the other result');
    visibleEditors = [{ document: { uri: c }, viewColumn: 2 }];
    groupColumns = [1, 2];
    panels.showStatus(c as never, { kind: 'preview', status: 'QUEUED' });
    assert.equal(ScriptedPanel.created[2].column, 3, "never on top of the report's own editor: a new group to its right");
    assert.equal(panels.hasPanel(b as never), true);
  });

  it("opens beside the report's group, not the active one's: its right-hand group, or a neighbour holding results", () => {
    const a = report('a.report.json');
    const b = report('b.report.json');
    // The walkthrough (1) active, the report in 2, a third group to its right.
    groupColumns = [1, 2, 3];
    visibleEditors = [{ document: { uri: a }, viewColumn: 2 }];
    panels.showStatus(a as never, { kind: 'preview', status: 'QUEUED' });
    assert.equal(ScriptedPanel.created[0].column, 3, 'the group to the right of the report');
    // The results in 1 (left of b's group 2): b's panel joins them, beside b.
    ScriptedPanel.created[0].panel.viewColumn = 1;
    visibleEditors = [{ document: { uri: b }, viewColumn: 2 }];
    panels.showStatus(b as never, { kind: 'preview', status: 'QUEUED' });
    assert.equal(ScriptedPanel.created[1].column, 1, 'the neighbour that holds results');
  });

  it("Open Live Preview moves a panel out of its report's group, beside it; elsewhere it stays", () => {
    const a = report('a.report.json');
    groupColumns = [1, 2];
    visibleEditors = [{ document: { uri: a }, viewColumn: 1 }];
    panels.showStatus(a as never, { kind: 'preview', status: 'QUEUED' });
    const p = ScriptedPanel.created[0].panel;
    assert.equal(panels.moveBesideReport(a as never), false, 'already beside the report');
    p.viewColumn = 1; // Ctrl+Shift+V put it in the report's group
    assert.equal(panels.moveBesideReport(a as never), true);
    assert.equal(p.revealedIn, 2);
  });

  it('an unsaved report saved to its file keeps its panel (no second panel for the file)', () => {
    const file = report('new.report.json');
    const untitled = file.with({ scheme: 'untitled' });
    panels.showStatus(untitled as never, { kind: 'preview', status: 'QUEUED' });
    openListener!({ uri: file });
    assert.equal(panels.hasPanel(untitled as never), false);
    assert.equal(panels.hasPanel(file as never), true);
    panels.showStatus(file as never, { kind: 'preview', status: 'QUEUED' });
    assert.equal(ScriptedPanel.created.length, 1, 'the same panel');
  });

  it('a renamed report keeps its panel and result; a closed panel is forgotten and the next run opens a new one', async () => {
    const { r: from, file, p } = await shownResult('old.report.json', 'preview');
    const to = report('new.report.json');
    renameListener!({ files: [{ oldUri: from, newUri: to }] });
    await new Promise((r) => setImmediate(r));
    assert.equal(p.title, 'Report: new.report.json');
    assert.deepEqual(p.take(), ['setReportName']);
    assert.equal(panels.hasPanel(from as never), false);
    assert.equal(panels.hasPanel(to as never), true);
    assert.equal(panels.lastResult(to as never)?.file.toString(), file.toString());
    p.dispose();
    assert.equal(panels.hasPanel(to as never), false);
    assert.equal(panels.lastResult(to as never)?.file.toString(), file.toString(), 'remembered after the panel closed');
    panels.showStatus(to as never, { kind: 'build', status: 'QUEUED' });
    assert.equal(ScriptedPanel.created.length, 2);
  });

  it("Rebuild asks for the kind of the panel's last task; Cancel names the report", () => {
    const r = report('k.report.json');
    const rebuilds: string[] = [];
    const cancels: string[] = [];
    panels.onDidRequestRebuild((e) => rebuilds.push(`${e.kind} ${(e.report as unknown as TestUri).path}`));
    panels.onDidRequestCancel((e) => cancels.push((e.report as unknown as TestUri).path));
    panels.showStatus(r as never, { kind: 'preview', status: 'RUNNING' });
    const p = only();
    p.say({ type: 'rebuild' } as ViewerToHostMessage);
    p.say({ type: 'rebuild', kind: 'build' } as ViewerToHostMessage);
    p.say({ type: 'cancelTask', taskId: 't' } as ViewerToHostMessage);
    assert.deepEqual(rebuilds, ['preview /work/k.report.json', 'build /work/k.report.json']);
    assert.deepEqual(cancels, ['/work/k.report.json']);
  });

  it('the rebuild button repeats what the panel shows, and its words say so: a live draft is redrawn, a JPEG previewed, a PDF built', async () => {
    const r = report('live.report.json');
    const asked: string[] = [];
    panels.onDidRequestRebuild((e) => asked.push(e.kind));
    await panels.showLive(r as never, { file: resultOf(r, 'build') as never, pageCount: 1, boxes: [] }, true);
    const p = only();
    p.ready();
    // The viewer cannot tell a live draft's PDF from a build's: it asks for a Build.
    p.say({ type: 'rebuild', kind: 'build' } as ViewerToHostMessage);
    panels.showLivePaused(r as never, { problems: 1, first: 'x' }, false);
    p.say({ type: 'rebuild', kind: 'build' } as ViewerToHostMessage);
    await panels.showResult(r as never, { kind: 'preview', file: resultOf(r, 'preview') as never });
    p.say({ type: 'rebuild', kind: 'preview' } as ViewerToHostMessage);
    panels.showError(r as never, { kind: 'network', message: 'unreachable' }, 'preview');
    p.say({ type: 'rebuild', kind: 'preview' } as ViewerToHostMessage);
    await panels.showResult(r as never, { kind: 'build', file: resultOf(r, 'build') as never, pageCount: 1 });
    p.say({ type: 'rebuild', kind: 'build' } as ViewerToHostMessage);
    assert.deepEqual(asked, ['live', 'live', 'preview', 'preview', 'build']);
    assert.deepEqual(p.record.rebuildLabels, ['Redraw', 'Preview', 'Build'], 'sent when they change');
  });

  it('a service change clears an error page about the old service: the last result comes back, or the empty page', async () => {
    const { r, p } = await shownResult('offline.report.json', 'preview');
    panels.showError(r as never, { kind: 'network', message: 'could not reach', offerLocal: true }, 'preview');
    assert.deepEqual(
      p.posted.splice(0).map((m) => (m.type === 'showError' ? [m.type, m.offerLocal] : m.type)),
      [['showError', true]],
    );
    panels.clearServiceErrors();
    assert.deepEqual(p.take(), ['showJpeg'], 'the last result, not the stale error');
    panels.clearServiceErrors();
    assert.deepEqual(p.take(), [], 'nothing stale: nothing sent');
    panels.showValidationErrors(r as never, [{ type: 'missing', msg: 'Field required', loc: ['body', 'type'] }], 'preview');
    p.take();
    panels.clearServiceErrors();
    assert.deepEqual(p.take(), [], 'a 422 is about the report, not the service: it stays');

    const other = report('never.report.json');
    panels.showError(other as never, { kind: 'auth', message: 'key refused' }, 'build');
    const q = ScriptedPanel.created[1].panel;
    q.ready();
    q.take();
    panels.clearServiceErrors();
    assert.deepEqual(q.take(), ['showEmpty']);
  });

  it('a message the viewer never sends is ignored: an unknown rebuild kind, a task id that is not a string, an unknown type', () => {
    const r = report('m.report.json');
    const rebuilds: string[] = [];
    const cancels: string[] = [];
    panels.onDidRequestRebuild((e) => rebuilds.push(e.kind));
    panels.onDidRequestCancel((e) => cancels.push((e.report as unknown as TestUri).path));
    panels.showStatus(r as never, { kind: 'preview', status: 'RUNNING' });
    const p = only();
    for (const kind of ['export', '__proto__', 1, null, { toString: () => 'build' }]) {
      p.say({ type: 'rebuild', kind } as unknown as ViewerToHostMessage);
    }
    p.say({ type: 'cancelTask', taskId: 42 } as unknown as ViewerToHostMessage);
    p.say({ type: 'toString' } as unknown as ViewerToHostMessage);
    p.say(null as unknown as ViewerToHostMessage);
    assert.deepEqual(rebuilds, [], 'no rebuild for a kind that is not preview or build');
    assert.deepEqual(cancels, []);
    p.say({ type: 'rebuild', kind: 'preview' } as ViewerToHostMessage);
    assert.deepEqual(rebuilds, ['preview']);
  });

  it('Save As from a page showing an older result is refused with a warning; for the current one it asks where', async () => {
    const { file, p } = await shownResult('s.report.json', 'build');
    p.say({ type: 'saveAs', url: 'https://webview.test/elsewhere.pdf' } as ViewerToHostMessage);
    assert.deepEqual(notices, ['warning: The result on screen is out of date. Rebuild the report, then try again.']);
    assert.equal(saveDialogs.length, 0);
    p.say({ type: 'saveAs', url: `https://webview.test${file.path}` } as ViewerToHostMessage);
    await waitFor('the save dialog', () => saveDialogs.length > 0);
    assert.equal(saveDialogs.length, 1);
    assert.equal(saveDialogs[0].defaultUri?.path, '/work/s.pdf', 'next to the report');
  });

  it('Save As without any result says so instead of failing', async () => {
    assert.equal(await panels.saveAs(report('none.report.json') as never), undefined);
    assert.deepEqual(notices, ['info: none.report.json has no result yet. Run Preview or Build first.']);
  });

  it("a 422 entry's click selects its node; a missing result file is shown as an error, not remembered", async () => {
    const r = report('v.report.json');
    const range = { start: { line: 4, character: 2 }, end: { line: 4, character: 9 } };
    panels.showValidationErrors(r as never, [
      { type: 'missing', msg: 'Field required', loc: ['body', 'sections', 0, 'options'], range: range as never },
    ]);
    const p = only();
    p.ready();
    const shown = p.posted.find((m) => m.type === 'showValidationErrors');
    assert.deepEqual(shown && 'errors' in shown ? shown.errors : undefined, [
      { index: 0, type: 'missing', msg: 'Field required', locText: 'sections[0].options', line: 5, col: 3 },
    ]);
    p.say({ type: 'revealError', index: 0 } as ViewerToHostMessage);
    await waitFor('the selection', () => selections.length > 0);
    assert.deepEqual(selections, [range]);
    p.take();
    await panels.showResult(r as never, { kind: 'build', file: TestUri.file('/gone.pdf') as never });
    assert.deepEqual(
      p.posted.map((m) => ('message' in m ? m.message : m.type)),
      ['The result file gone.pdf was not found.'],
    );
    assert.equal(panels.lastResult(r as never), undefined);
  });

  it('after a window reload: the restored page gets the result again only if its URL changed; a duplicate panel closes', async () => {
    const moved = report('reload.report.json');
    const same = report('same.report.json');
    const savedState = (r: TestUri, url: string) => ({
      version: 1,
      view: 'pdf',
      reportUri: r.toString(),
      result: { kind: 'pdf', url, fileName: 'x.pdf' },
    });
    for (const r of [moved, same]) {
      await panels.showResult(r as never, { kind: 'build', file: resultOf(r, 'build') as never });
    }
    for (const { panel } of ScriptedPanel.created) panel.dispose();

    const restored = new ScriptedPanel(2);
    const state = savedState(moved, 'https://old-port/x.pdf');
    await serializer!.deserializeWebviewPanel(restored, state);
    assert.equal(panels.hasPanel(moved as never), true);
    assert.equal(restored.record.optionSets, 1, 'the options of this version are set before the page loads');
    restored.ready(state as never);
    assert.deepEqual(restored.take(), ['viewerSettings', 'setReportName', 'showPdf'], 'the URL changed: sent again');

    const unchanged = new ScriptedPanel(2);
    const url = `https://webview.test${(panels.lastResult(same as never)!.file as unknown as TestUri).path}`;
    await serializer!.deserializeWebviewPanel(unchanged, savedState(same, url));
    unchanged.ready(savedState(same, url) as never);
    assert.deepEqual(unchanged.take(), ['viewerSettings', 'setReportName'], 'the page shows its PDF already');

    const duplicate = new ScriptedPanel(3);
    await serializer!.deserializeWebviewPanel(duplicate, state);
    assert.equal(duplicate.disposed, true);
    assert.equal(restored.disposed, false);
  });

  it('a live draft carries its source map; the outline is re-sent after a reload and a click asks to select', async () => {
    const r = report('live.report.json');
    const file = resultOf(r, 'build');
    const boxes = [{ path: ['components', 0], type: 'Card', page: 1, x: 10, y: 20, width: 100, height: 50 }];
    const selects: string[] = [];
    panels.onDidRequestSelect((e) => selects.push(`${e.path.join('.')}${e.whole ? ' whole' : ''}`));
    await panels.showLive(r as never, { file: file as never, pageCount: 1, boxes }, true);
    const p = only();
    p.ready();
    const pdf = p.posted.find((m) => m.type === 'showPdf');
    assert.deepEqual(pdf && 'boxes' in pdf ? [pdf.live, pdf.boxes] : undefined, [true, boxes]);
    p.take();
    assert.equal(panels.highlight(r as never, ['components', 0], true), true);
    assert.deepEqual(p.posted.splice(0), [{ type: 'highlight', path: ['components', 0], reveal: true }]);
    p.ready({ version: 1, view: 'pdf' } as ViewerState); // reloaded: the outline comes back, not scrolled to
    assert.deepEqual(p.posted.splice(0).slice(-1), [{ type: 'highlight', path: ['components', 0], reveal: false }]);
    p.say({ type: 'selectSource', path: ['components', 0] } as ViewerToHostMessage);
    p.say({ type: 'selectSource', path: [{}] } as unknown as ViewerToHostMessage);
    p.say({ type: 'selectSource', path: ['components', 0], whole: true } as ViewerToHostMessage);
    p.say({ type: 'selectSource', path: ['components', 0], whole: 'yes' } as unknown as ViewerToHostMessage);
    assert.deepEqual(
      selects,
      ['components.0', 'components.0 whole'],
      'a malformed path or flag is ignored; a double-click selects the whole node',
    );
    assert.equal(panels.highlight(report('none.report.json') as never, null, false), false, 'no panel, nothing to outline');
    panels.showLivePaused(r as never, { problems: 2, first: 'options: Field required' }, false);
    assert.deepEqual(p.posted.splice(0), [{ type: 'livePaused', problems: 2, first: 'options: Field required' }]);
  });

  it('after a reload a panel that showed the live view shows the live pages again, not the older service result', async () => {
    const r = report('draft.report.json');
    await panels.showResult(r as never, { kind: 'preview', file: resultOf(r, 'preview') as never });
    only().dispose();
    const live = (panels.resultFileFor(r as never, 'build') as unknown as TestUri).path.replace(/\.pdf$/, '.live.pdf');
    files.add(live);
    const state = {
      version: 1,
      view: 'pdf',
      reportUri: r.toString(),
      result: { kind: 'pdf', url: `https://webview.test${live}`, fileName: 'draft.live.pdf' },
    };
    const restored = new ScriptedPanel(2);
    await serializer!.deserializeWebviewPanel(restored, state);
    restored.ready(state as never);
    assert.deepEqual(restored.take(), ['viewerSettings', 'setReportName'], 'the page already shows the live PDF');
    assert.equal((panels.lastResult(r as never)?.file as unknown as TestUri).path, live);
  });

  it('a panel that had the live view tells its page so (Back to live), again after a reload; Back to live redraws it', async () => {
    const r = report('back.report.json');
    const rebuilds: string[] = [];
    panels.onDidRequestRebuild((e) => rebuilds.push(e.kind));
    await panels.showResult(r as never, { kind: 'preview', file: resultOf(r, 'preview') as never });
    const p = only();
    p.ready();
    assert.equal(p.take().includes('liveAvailable'), false, 'no live view shown yet: no way back to offer');
    await panels.showLive(r as never, { file: resultOf(r, 'build') as never, pageCount: 1, boxes: [] }, true);
    await panels.showResult(r as never, { kind: 'preview', file: resultOf(r, 'preview') as never });
    assert.deepEqual(
      p.take().filter((t) => t !== 'setRebuildLabel'),
      ['liveAvailable', 'showPdf', 'showJpeg'],
    );
    p.ready({ version: 1, view: 'jpeg' } as ViewerState);
    assert.ok(p.take().includes('liveAvailable'), 'told again after a reload');
    p.say({ type: 'backToLive' } as ViewerToHostMessage);
    assert.deepEqual(rebuilds, ['live']);
  });

  it('a saved panel that names no report is closed', async () => {
    const orphan = new ScriptedPanel(2);
    await serializer!.deserializeWebviewPanel(orphan, { version: 1, view: 'pdf' });
    assert.equal(orphan.disposed, true);
  });
});
