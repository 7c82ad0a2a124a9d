// Submissions with the vscode stub and a scripted task runner: a run's outcome and what it shows,
// a newer submission of the same file superseding the older one, the panel's Cancel, and a 422
// marking the file — the sequencing the e2e suite can only see from outside.
import { strict as assert } from 'node:assert';
import { FileWriteError } from '../../../../src/core/client/download';
import { ReportServiceError } from '../../../../src/core/client/errors';
import type { RunTaskOptions } from '../../../../src/core/runner/taskRunner';
import { createVscodeStub, installVscodeStub, TestEventEmitter, TestUri } from '../../../helpers/vscodeStub';

type SubmissionsModule = typeof import('../../../../src/extension/submit/submissions');
type Loader = typeof import('../../../../src/extension/service/runtimeLoader');

type Script = (options: RunTaskOptions) => Promise<unknown>;

/** A task runner the test scripts, one behaviour per call. */
function scriptedRunner(scripts: Script[]) {
  const runs: RunTaskOptions[] = [];
  return {
    runs,
    runTask: async (_client: unknown, options: RunTaskOptions) => {
      runs.push(options);
      const script = scripts.shift();
      if (!script) throw new Error('no script left');
      return script(options);
    },
  };
}

/** Resolves like a task: submitted, running, then done. */
const succeeds: Script = async (o) => {
  o.onProgress?.({ phase: 'submitted', taskId: 'task-1', status: 'QUEUED', elapsedMs: 10 } as never);
  o.onProgress?.({ phase: 'status', taskId: 'task-1', status: 'RUNNING', elapsedMs: 200 } as never);
  return { taskId: 'task-1', status: 'SUCCESS', quota: undefined, notes: [], timings: { totalMs: 400 } };
};

/** Waits until the caller aborts, then rejects with the abort reason (as the runner does). */
const waitsForAbort: Script = (o) =>
  new Promise((_resolve, reject) => {
    o.onProgress?.({ phase: 'submitted', taskId: 'task-slow', status: 'QUEUED', elapsedMs: 5 } as never);
    o.signal?.addEventListener('abort', () => reject(o.signal?.reason));
  });

describe('extension: Submissions', () => {
  let mod: SubmissionsModule;
  let loader: Loader;
  let uninstall: () => void;
  let vscodeWorkspace: unknown;
  let vscodeEnv: { language: string };
  /** What the status bar said after each run (window.setStatusBarMessage). */
  const statusMessages: string[] = [];

  before(() => {
    const stub = createVscodeStub();
    const vscodeModule = stub.module as Record<string, Record<string, unknown> | unknown>;
    vscodeModule.Uri = TestUri;
    vscodeModule.EventEmitter = TestEventEmitter;
    // Progress: run the task at once with a progress sink and a token that never fires.
    (vscodeModule.window as Record<string, unknown>).withProgress = (_o: unknown, task: (p: unknown, t: unknown) => unknown) =>
      task({ report: () => undefined }, { onCancellationRequested: () => ({ dispose: () => undefined }) });
    (vscodeModule.window as Record<string, unknown>).setStatusBarMessage = (text: string) => void statusMessages.push(text);
    vscodeEnv = vscodeModule.env as { language: string };
    vscodeEnv.language = 'en';
    uninstall = installVscodeStub(stub);
    vscodeWorkspace = vscodeModule.workspace;
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place */
    mod = require('../../../../src/extension/submit/submissions');
    loader = require('../../../../src/extension/service/runtimeLoader');
    /* eslint-enable @typescript-eslint/no-require-imports */
    loader.provideEngine({ ReportServiceError, FileWriteError } as never);
  });
  after(() => {
    loader.provideEngine(undefined);
    uninstall();
  });

  function setup(scripts: Script[], globalStorageUri = TestUri.file('/storage')) {
    const runner = scriptedRunner(scripts);
    const shown: string[] = [];
    const marked: unknown[][] = [];
    const session = { label: 'Local service (127.0.0.1:1)', mode: 'local', target: 't', client: {}, engine: runner };
    const deps = {
      context: { globalStorageUri },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined, clean: (t: string) => t },
      clients: { acquire: async () => session },
      quota: { known: false, updateFromHeaders: () => undefined, refresh: async () => undefined },
      panels: {
        showStatus: (_u: unknown, s: { status: string }) => shown.push(`status ${s.status}`),
        showResult: async (_u: unknown, r: { kind: string; file: TestUri; data?: Uint8Array }) =>
          void shown.push(`result ${r.kind} ${r.file.toString()}${r.data ? ` with ${r.data.length} bytes` : ''}`),
        showError: (_u: unknown, e: { kind: string }) => shown.push(`error ${e.kind}`),
        showFailed: () => shown.push('failed'),
        showValidationErrors: (_u: unknown, errors: unknown[]) => shown.push(`validation ${errors.length}`),
      },
      diagnostics: {
        clear: () => undefined,
        setFromValidationError: (_d: unknown, _t: string, details: unknown[]) => {
          marked.push(details);
          return details.map(() => ({ message: 'marked', range: undefined }));
        },
      },
      renderNotes: { set: () => undefined },
    };
    const submissions = new mod.Submissions(deps as never);
    const document = (name: string, text = '{"type": "Report"}') => ({ uri: TestUri.file(`/work/${name}`), getText: () => text });
    return { submissions, runner, shown, marked, document };
  }

  it('a preview runs the task with the unsaved text, follows its status and shows the result', async () => {
    const t = setup([succeeds]);
    const doc = t.document('sales.report.json', '{"type": "Report", /* unsaved */ }');
    const finished: string[] = [];
    t.submissions.onDidFinish((o) => finished.push(o.status));
    const outcome = await t.submissions.submit(doc as never, 'preview', 'command');
    assert.equal(outcome.status, 'success');
    assert.equal(outcome.taskId, 'task-1');
    assert.equal(outcome.pageCount, 1);
    assert.match(outcome.file!, /^\/storage\/results\/[0-9a-f]{16}\/sales\.jpg$/);
    assert.equal(t.runner.runs[0].report, '{"type": "Report", /* unsaved */ }');
    assert.deepEqual(t.shown, ['status QUEUED', 'status RUNNING', `result preview file://${outcome.file}`]);
    assert.deepEqual(finished, ['success']);
    assert.equal(t.submissions.isRunning(doc.uri as never), false);
  });

  it('the status bar says how long a fast build took in ms, not "0.0 s"; a longer one in seconds, in the display language\'s digits', async () => {
    const took =
      (totalMs: number): Script =>
      async (o) => ({ ...((await succeeds(o)) as object), timings: { totalMs } });
    const t = setup([took(38), took(1234)]);
    statusMessages.length = 0;
    await t.submissions.submit(t.document('fast.report.json') as never, 'build', 'command');
    vscodeEnv.language = 'de';
    try {
      await t.submissions.submit(t.document('slow.report.json') as never, 'build', 'command');
    } finally {
      vscodeEnv.language = 'en';
    }
    assert.deepEqual(statusMessages, [
      '$(check) Build of fast.report.json ready · 38 ms',
      '$(check) Build of slow.report.json ready · 1,2 s',
    ]);
  });

  it('with global storage off the disk (the web worker extension host), the result comes back as bytes and is written through vscode.workspace.fs', async () => {
    const written: string[] = [];
    const workspace = vscodeWorkspace as { fs?: unknown };
    workspace.fs = {
      writeFile: async (uri: TestUri, bytes: Uint8Array) =>
        void written.push(`write ${uri.toString().replace(/\.[\w-]+\.tmp$/, '.<temp>')} ${bytes.length}`),
      rename: async (from: TestUri, to: TestUri) => void written.push(`rename ${from.path.endsWith('.tmp')} → ${to.toString()}`),
    };
    try {
      const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
      const t = setup([async (o) => ({ ...((await succeeds(o)) as object), bytes: jpeg })], TestUri.parse('vscode-userdata:/storage'));
      const outcome = await t.submissions.submit(t.document('sales.report.json') as never, 'preview', 'command');
      assert.equal(outcome.status, 'success');
      assert.deepEqual(t.runner.runs[0].output, { to: 'bytes' });
      const file = `vscode-userdata:${outcome.file}`;
      assert.match(file, /^vscode-userdata:\/storage\/results\/[0-9a-f]{16}\/sales\.jpg$/);
      assert.deepEqual(written, [`write ${file}.<temp> 4`, `rename true → ${file}`]);
      assert.deepEqual(t.shown.at(-1), `result preview ${file} with 4 bytes`);
    } finally {
      delete workspace.fs;
    }
  });

  it('a newer submission of the same file supersedes the older one; each reports its own outcome', async () => {
    const t = setup([waitsForAbort, succeeds]);
    const doc = t.document('kpi.report.json');
    const first = t.submissions.submit(doc as never, 'preview', 'save');
    await new Promise((r) => setImmediate(r));
    assert.equal(t.submissions.isRunning(doc.uri as never), true);
    const second = t.submissions.submit(doc as never, 'preview', 'command');
    const [a, b] = await Promise.all([first, second]);
    assert.equal(a.status, 'superseded');
    assert.equal(a.taskId, 'task-slow');
    assert.equal(b.status, 'success');
    assert.equal(t.submissions.isRunning(doc.uri as never), false, 'the older run does not clear the newer one early');
    assert.ok(!t.shown.some((s) => s.startsWith('error')), 'a superseded run shows nothing');
  });

  it("the panel's Cancel stops waiting and says the service may still finish", async () => {
    const t = setup([waitsForAbort]);
    const doc = t.document('annual.report.json');
    const run = t.submissions.submit(doc as never, 'build', 'command');
    await new Promise((r) => setImmediate(r));
    assert.equal(t.submissions.cancel(doc.uri as never), true);
    const outcome = await run;
    assert.equal(outcome.status, 'cancelled');
    assert.match(outcome.message!, /The service may still finish task task-slo \(a finished build counts against the quota\)/);
    assert.deepEqual(t.shown, ['status QUEUED', 'error cancelled']);
    assert.equal(t.submissions.cancel(doc.uri as never), false, 'nothing left to cancel');
  });

  it('a 422 marks the file and lists the entries in the panel', async () => {
    const details = [
      { type: 'missing', loc: ['body', 'options'], msg: 'Field required', input: {} },
      { type: 'enum', loc: ['body', 'type'], msg: 'Input should be Report', input: 'X' },
    ];
    const t = setup([
      async () => {
        throw new ReportServiceError({ kind: 'validation', message: 'rejected', status: 422, details });
      },
    ]);
    const outcome = await t.submissions.submit(t.document('broken.report.json') as never, 'preview', 'command');
    assert.equal(outcome.status, 'invalid');
    assert.equal(outcome.diagnostics, 2);
    assert.deepEqual(t.marked, [details]);
    assert.deepEqual(t.shown, ['validation 2']);
  });
});
