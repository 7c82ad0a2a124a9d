// Mocha entry for the extension host (extensionTestsPath). Runs every *.test.js bundled beside
// this file and prints a machine-readable summary line that the launchers parse.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
// Loaded from node_modules at run time: mocha does not bundle cleanly.
import Mocha = require('mocha');

export const RESULT_PREFIX = 'REPORT_STUDIO_E2E_RESULT ';
const OPENS_WINDOWS = ['viewerRestore.test.js'];
// The activation tests go first (they check what loads before anything else has run), then
// the walkthrough's: VS Code's getting-started service takes each completion event once per
// session, and one fired before the walkthrough registered (a suite's Preview right after
// startup) would never tick its step in this session.
const FIRST = ['activation.test.js', 'walkthrough.test.js'];

export function run(): Promise<void> {
  // The workbench forwards the extension host's console as plain text: format mocha's
  // `console.log('  ✔ %s', title)` calls here, or the placeholders arrive unexpanded.
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => console.log(util.format(...args));
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec' });
  const grep = process.env.REPORT_STUDIO_E2E_GREP;
  if (grep) mocha.grep(grep);
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  // Tests that open and close extra windows go last: code-server's webview service worker,
  // shared by the windows, can leave the next webview blank for up to 30 s after one closes.
  const first = FIRST.filter((f) => files.includes(f));
  const last = files.filter((f) => OPENS_WINDOWS.includes(f));
  for (const file of [...first, ...files.filter((f) => !first.includes(f) && !last.includes(f)), ...last])
    mocha.addFile(path.join(__dirname, file));
  return new Promise((resolve, reject) => {
    const failures: { title: string; error: string }[] = [];
    let passed = 0;
    let pending = 0;
    const runner = mocha.run((failed) => {
      console.log(RESULT_PREFIX + JSON.stringify({ passed, failed, pending, failures }));
      if (failed > 0) reject(new Error(`${failed} e2e test(s) failed`));
      else if (passed === 0) reject(new Error('no e2e test ran'));
      else resolve();
    });
    // REPORT_STUDIO_E2E_TRACE=1 (helpers.ts trace()): the clock time each test starts, beside its steps'.
    if (process.env.REPORT_STUDIO_E2E_TRACE === '1')
      runner.on('test', (test) => console.log(`      · ${new Date().toISOString().slice(11, 23)} start: ${test.title}`));
    runner.on('pass', () => passed++);
    runner.on('pending', () => pending++);
    runner.on('fail', (test, err: Error) => failures.push({ title: test.fullTitle(), error: err?.stack ?? String(err) }));
  });
}
