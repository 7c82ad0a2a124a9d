// The bootstrap's decision (src/extension/studioLoader.ts) with the vscode stub and a scripted
// full part: which documents, tabs, commands, task fetches and API reads load dist/studio.js,
// that it loads once, and that JSON which is not a report loads nothing.
import { strict as assert } from 'node:assert';
import { createVscodeStub, installVscodeStub, TestUri, type VscodeStub } from '../../helpers/vscodeStub';
import { COMMANDS, TASK_TYPE } from '../../../src/extension/commands/commandIds';
import type { StudioModule } from '../../../src/extension/studioLoader';

type LoaderModule = typeof import('../../../src/extension/studioLoader');
type Listener = (e: unknown) => void;

class TabInputWebview {
  constructor(readonly viewType: string) {}
}
class TabInputText {
  constructor(readonly uri: TestUri) {}
}

describe('extension: the bootstrap (StudioLoader)', () => {
  let stub: VscodeStub;
  let mod: LoaderModule;
  let uninstall: () => void;
  let listeners: Record<string, Listener[]>;
  let documents: ReturnType<typeof doc>[];
  let tabs: Array<{ input: unknown }>;
  const commands = new Map<string, (...args: unknown[]) => unknown>();
  const taskProviders = new Map<string, { provideTasks(token?: unknown): unknown; resolveTask(task: unknown, token?: unknown): unknown }>();
  type EditorProvider = {
    openCustomDocument(uri: unknown): { uri: unknown };
    resolveCustomEditor(document: unknown, panel: unknown): unknown;
  };
  const editorProviders = new Map<string, EditorProvider>();

  const on = (name: string) => (l: Listener) => {
    (listeners[name] ??= []).push(l);
    return { dispose: () => (listeners[name] = listeners[name].filter((x) => x !== l)) };
  };
  const fire = (name: string, e: unknown): void => [...(listeners[name] ?? [])].forEach((l) => l(e));

  before(() => {
    stub = createVscodeStub();
    const v = stub.module as Record<string, unknown>;
    v.TabInputWebview = TabInputWebview;
    v.workspace = {
      get textDocuments() {
        return documents;
      },
      onDidOpenTextDocument: on('open'),
      onDidChangeTextDocument: on('change'),
      isTrusted: true,
    };
    v.window = {
      tabGroups: {
        get all() {
          return [{ tabs }];
        },
        onDidChangeTabs: on('tabs'),
        onDidChangeTabGroups: on('groups'),
      },
      registerCustomEditorProvider: (viewType: string, provider: EditorProvider) => {
        assert.ok(!editorProviders.has(viewType), `a second ${viewType} editor provider`);
        editorProviders.set(viewType, provider);
        return { dispose: () => editorProviders.delete(viewType) };
      },
    };
    v.commands = {
      registerCommand: (id: string, run: (...args: unknown[]) => unknown) => {
        assert.ok(!commands.has(id), `${id} registered twice`);
        commands.set(id, run);
        return { dispose: () => commands.delete(id) };
      },
    };
    v.tasks = {
      registerTaskProvider: (type: string, provider: { provideTasks(): unknown; resolveTask(task: unknown): unknown }) => {
        assert.ok(!taskProviders.has(type), `a second ${type} task provider`);
        taskProviders.set(type, provider);
        return { dispose: () => taskProviders.delete(type) };
      },
    };
    uninstall = installVscodeStub(stub);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place
    mod = require('../../../src/extension/studioLoader');
  });
  after(() => uninstall());

  beforeEach(() => {
    listeners = {};
    documents = [];
    tabs = [];
    commands.clear();
    taskProviders.clear();
    editorProviders.clear();
  });

  function doc(path: string, text: string, languageId = 'json') {
    const d = { uri: TestUri.parse(path), languageId, version: 1, text, getText: () => d.text };
    return d;
  }

  /** A scripted full part that records what it was asked. */
  function studio(opts: { fail?: Error } = {}) {
    const log: string[] = [];
    const module = {
      activateStudio: () => {
        log.push('activateStudio');
        if (opts.fail) throw opts.fail;
        return {
          resultPanels: { panels: true },
          livePreview: { live: true },
          tasks: {
            provideTasks: () => (log.push('provideTasks'), ['a task']),
            resolveTask: (task: unknown) => (log.push(`resolveTask ${JSON.stringify(task)}`), task),
          },
          run: (id: string, args: unknown[]) => (log.push(`run ${id} ${JSON.stringify(args)}`), `ran ${id}`),
          pdfEditor: { resolveCustomEditor: (d: { uri: unknown }) => void log.push(`resolve pdf ${String(d.uri)}`) },
        };
      },
      deactivateStudio: async () => void log.push('deactivateStudio'),
    };
    const load = () => (log.push('load'), module as unknown as StudioModule);
    return { log, load };
  }

  function activate(s = studio()) {
    const loader = new mod.StudioLoader({ subscriptions: [] } as never, s.load);
    return { loader, api: loader.api, log: s.log };
  }

  const listening = () => Object.values(listeners).reduce((n, ls) => n + ls.length, 0);

  it('with no report open, registers every command, loads nothing and listens for a report or a restored panel', () => {
    documents = [doc('file:///home/u/.config/Code/User/settings.json', '{"editor.fontSize": 14}', 'jsonc')];
    tabs = [
      { input: new TabInputText(TestUri.file('/w/settings.json')) },
      { input: new TabInputWebview('mainThreadWebview-markdown.preview') },
    ];
    const { api, log } = activate();
    assert.deepEqual([...commands.keys()].sort(), Object.values(COMMANDS).sort());
    assert.deepEqual(log, []);
    assert.deepEqual(api.activation, { stage: 'bootstrap', host: 'node' });
    assert.deepEqual(Object.keys(listeners).sort(), ['change', 'groups', 'open', 'tabs']);
    assert.deepEqual([...taskProviders.keys()], [TASK_TYPE], 'the task provider, for the fetch that activated it');
  });

  it('loads the full part during activation when a report is open, named *.report.json or not', () => {
    for (const report of [doc('file:///w/sales.report.json', '{}'), doc('untitled:Untitled-1', '{"type": "Report", "components": []}')]) {
      listeners = {};
      commands.clear();
      taskProviders.clear();
      editorProviders.clear();
      documents = [doc('file:///w/package.json', '{"name": "x"}'), report];
      const { api, log } = activate();
      assert.deepEqual(log, ['load', 'activateStudio'], report.uri.toString());
      assert.equal(api.activation.stage, 'full');
      assert.equal(api.activation.loadedBy, 'report');
      assert.equal(api.activation.duringActivate, true);
      assert.equal(typeof api.activation.loadMs, 'number');
      assert.equal(listening(), 0, 'no listener is left once loaded');
    }
  });

  it('loads it during activation when a result panel is being restored', () => {
    tabs = [{ input: new TabInputWebview('mainThreadWebview-reportStudio.result') }];
    const { api } = activate();
    assert.equal(api.activation.loadedBy, 'panel');
    assert.equal(api.activation.duringActivate, true);
  });

  it('stays the bootstrap while JSON that is not a report opens and is edited', () => {
    const { api, log } = activate();
    const plain = doc('file:///w/tsconfig.json', '{"compilerOptions": {}}', 'jsonc');
    fire('open', plain);
    plain.text = '{"compilerOptions": {"strict": true}, "type": "module"}';
    plain.version++;
    fire('change', { document: plain });
    fire('open', doc('file:///w/notes.md', '"type": "Report"', 'markdown'));
    assert.deepEqual(log, []);
    assert.equal(api.activation.stage, 'bootstrap');
  });

  it('loads it when a report opens, after activation', () => {
    const { api, log } = activate();
    fire('open', doc('file:///w/q3.report.jsonc', '// draft', 'jsonc'));
    assert.deepEqual(log, ['load', 'activateStudio']);
    const { loadMs, requireMs, ...rest } = api.activation;
    assert.deepEqual(rest, { stage: 'full', host: 'node', loadedBy: 'report', duringActivate: false });
    assert.ok(loadMs !== undefined && requireMs !== undefined && requireMs <= loadMs, `${requireMs} of ${loadMs} ms`);
    assert.equal(listening(), 0);
  });

  it('loads it when an untitled JSON file is edited into a report', () => {
    const { api, log } = activate();
    const untitled = doc('untitled:Untitled-1', '{}');
    fire('open', untitled);
    assert.deepEqual(log, []);
    untitled.text = '{"type": "Report"}';
    untitled.version++;
    fire('change', { document: untitled });
    assert.deepEqual(log, ['load', 'activateStudio']);
    assert.equal(api.activation.loadedBy, 'report');
  });

  it('loads it when a result panel tab appears (restored after activation)', () => {
    const { api } = activate();
    fire('tabs', { opened: [], closed: [], changed: [] });
    assert.equal(api.activation.stage, 'bootstrap');
    tabs = [{ input: new TabInputWebview('mainThreadWebview-reportStudio.result') }];
    fire('groups', { opened: [], closed: [], changed: [] });
    assert.equal(api.activation.loadedBy, 'panel');
  });

  it('runs a command through the full part, loading it once, with the arguments it was given', async () => {
    const { api, log } = activate();
    const uri = TestUri.file('/w/a.report.json');
    assert.equal(await commands.get('reportStudio.newReport')?.(), 'ran reportStudio.newReport');
    assert.equal(await commands.get('reportStudio.preview')?.(uri), 'ran reportStudio.preview');
    assert.deepEqual(log, ['load', 'activateStudio', 'run reportStudio.newReport []', `run reportStudio.preview ${JSON.stringify([uri])}`]);
    assert.equal(api.activation.loadedBy, 'command');
  });

  it('registers the PDF viewer at activation and hands each PDF editor to the full part, loading it once', () => {
    const { api, log } = activate();
    const provider = editorProviders.get('reportStudio.pdf');
    assert.ok(provider, 'the custom editor is registered by the bootstrap (onCustomEditor activates it)');
    assert.deepEqual(log, [], 'nothing loaded until a PDF opens');
    const document = provider.openCustomDocument('file:///w/report.pdf');
    provider.resolveCustomEditor(document, {});
    provider.resolveCustomEditor(provider.openCustomDocument('file:///w/other.pdf'), {});
    assert.deepEqual(log, ['load', 'activateStudio', 'resolve pdf file:///w/report.pdf', 'resolve pdf file:///w/other.pdf']);
    assert.equal(api.activation.loadedBy, 'pdf');
  });

  it('answers a task fetch and a tasks.json entry through the full part, loading it once', () => {
    const { api, log } = activate();
    const provider = taskProviders.get(TASK_TYPE);
    assert.deepEqual(provider?.provideTasks(), ['a task']);
    assert.deepEqual(provider?.resolveTask({ command: 'validate' }), { command: 'validate' });
    assert.deepEqual(log, ['load', 'activateStudio', 'provideTasks', 'resolveTask {"command":"validate"}']);
    assert.equal(api.activation.loadedBy, 'task');
    assert.equal(listening(), 0);
  });

  it('reads the stage without loading; reading resultPanels or livePreview loads the full part', () => {
    const { api, log } = activate();
    assert.equal(api.activation.stage, 'bootstrap');
    assert.deepEqual(log, []);
    assert.deepEqual(api.livePreview, { live: true });
    assert.deepEqual(api.resultPanels, { panels: true });
    assert.deepEqual(log, ['load', 'activateStudio']);
    assert.equal(api.activation.loadedBy, 'api');
  });

  it('a full part that fails to load fails each later use the same way, without loading again', () => {
    const failure = new Error('dist/studio.js: Unexpected token');
    const { log } = activate(studio({ fail: failure }));
    assert.throws(() => commands.get('reportStudio.showLog')?.(), failure);
    assert.throws(() => commands.get('reportStudio.showLog')?.(), failure);
    assert.deepEqual(log, ['load', 'activateStudio']);
  });

  it('deactivates the full part only when it was loaded; dispose drops the commands and listeners', async () => {
    const idle = activate();
    await idle.loader.deactivate();
    idle.loader.dispose();
    assert.deepEqual(idle.log, []);
    assert.equal(commands.size, 0);
    assert.equal(taskProviders.size, 0);
    assert.equal(listening(), 0);
    const used = activate();
    void used.api.resultPanels;
    await used.loader.deactivate();
    assert.deepEqual(used.log, ['load', 'activateStudio', 'deactivateStudio']);
  });
});
