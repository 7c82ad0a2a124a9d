// The terminal of a report-studio task (src/extension/tasks/cliTerminal.ts) with a scripted CLI:
// what it writes (the echoed command, the CLI's lines with CR LF), the exit code it closes with,
// and how closing the terminal or Ctrl-C reaches the CLI's AbortSignal.
import { strict as assert } from 'node:assert';
import type { CliIo } from '../../../../src/cli/output';
import { createVscodeStub, installVscodeStub, TestEventEmitter as EventEmitter } from '../../../helpers/vscodeStub';

type TerminalModule = typeof import('../../../../src/extension/tasks/cliTerminal');

type Run = (argv: readonly string[], io: CliIo, signal: AbortSignal) => Promise<number>;

describe('extension: the report-studio task terminal', () => {
  let mod: TerminalModule;
  let uninstall: () => void;

  before(() => {
    const stub = createVscodeStub();
    (stub.module as Record<string, unknown>).EventEmitter = EventEmitter;
    uninstall = installVscodeStub(stub);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place
    mod = require('../../../../src/extension/tasks/cliTerminal');
  });
  after(() => uninstall());

  function open(plan: string[][] | string, run: Run, extra: { localService?: CliIo['localService']; finished?: () => void } = {}) {
    const terminal = new mod.CliTerminal({ cwd: '/w', env: {}, plan: async () => plan, runCli: () => run, ...extra });
    let text = '';
    let closedWith: number | undefined;
    terminal.onDidWrite((t) => (text += t));
    terminal.onDidClose((code) => (closedWith = code));
    terminal.open();
    return { terminal, text: () => text, closedWith: () => closedWith };
  }

  it("writes the echoed command and the CLI's stdout and stderr with CR LF, and closes with its exit code", async () => {
    const seen: Array<{ argv: readonly string[]; cwd: string }> = [];
    const t = open([['validate', 'my reports']], async (argv, io) => {
      seen.push({ argv, cwd: io.cwd });
      io.stdout.write('a.report.json:1:2: error: x [enum] (p)\n');
      io.stderr.write('1 file checked: 1 error in 1 file\n');
      return 1;
    });
    assert.equal(await t.terminal.finished, 1);
    assert.equal(t.closedWith(), 1);
    assert.deepEqual(seen, [{ argv: ['validate', 'my reports'], cwd: '/w' }]);
    assert.equal(
      t.text(),
      '> report-studio validate "my reports"\r\na.report.json:1:2: error: x [enum] (p)\r\n1 file checked: 1 error in 1 file\r\n',
    );
  });

  it("runs each build in turn on the extension's local service, then says it finished, and closes with the first failure", async () => {
    const order: string[] = [];
    const localService = async () => ({ baseUrl: 'http://127.0.0.1:1/api/v1', apiKey: 'k' });
    const t = open(
      [
        ['build', 'a.report.json', '--offline'],
        ['build', 'b.report.json', '--offline'],
        ['build', 'c.report.json', '--offline'],
      ],
      async (argv, io) => {
        order.push(`${argv[1]}${io.localService === localService ? ' on the extension service' : ''}`);
        return argv[1] === 'b.report.json' ? 4 : argv[1] === 'c.report.json' ? 5 : 0;
      },
      { localService, finished: () => order.push('finished') },
    );
    assert.equal(await t.terminal.finished, 4);
    assert.deepEqual(order, [
      'a.report.json on the extension service',
      'b.report.json on the extension service',
      'c.report.json on the extension service',
      'finished',
    ]);
  });

  it('prints a problem of the task instead of running, and closes with 2', async () => {
    let ran = false;
    const t = open('no report to build', async () => ((ran = true), 0));
    assert.equal(await t.terminal.finished, 2);
    assert.equal(ran, false);
    assert.equal(t.text(), 'report-studio: no report to build\r\n');
  });

  it('cancels the run when the terminal closes or gets Ctrl-C; what is left does not run', async () => {
    for (const stop of ['close', 'ctrl-c'] as const) {
      const started: string[] = [];
      const t = open(
        [
          ['build', 'a.report.json'],
          ['build', 'b.report.json'],
        ],
        (argv, _io, signal) => {
          started.push(argv[1]);
          return new Promise((resolve) => signal.addEventListener('abort', () => resolve(130)));
        },
      );
      await new Promise((r) => setImmediate(r));
      if (stop === 'close') t.terminal.close();
      else t.terminal.handleInput('\x03');
      assert.equal(await t.terminal.finished, 130, stop);
      assert.deepEqual(started, ['a.report.json'], stop);
    }
  });
});
