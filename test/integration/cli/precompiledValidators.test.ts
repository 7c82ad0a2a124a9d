// The bundles validate with the report validators precompiled at build time
// (scripts/precompile-validators.mjs): the CLI's validate and the local service's 422 compile no
// schema at run time, nor does the extension's fix engine over the schema file it reads. A probe
// preloaded into the process (and its worker threads) reports every function ajv compiles: ajv
// makes each with `new Function(…)` from code naming `vErrors`. The probe's own check: it sees
// ajv compile a schema.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, cleanEnv, collect, describeRun, ROOT, waitForOutput } from './cliHarness';
import { ensureBuilt } from '../../helpers/freshBuild';
import type * as FixEngine from '../../../src/extension/schema/fixEngineEntry';

const COMPILED = '[probe] ajv compiled a validator';

const PROBE = `
const NativeFunction = Function;
const note = (args) => {
  if (String(args[args.length - 1]).includes('vErrors')) process.stderr.write(${JSON.stringify(`${COMPILED}\n`)});
};
globalThis.Function = new Proxy(NativeFunction, {
  construct(target, args) {
    note(args);
    return Reflect.construct(target, args);
  },
  apply(target, self, args) {
    note(args);
    return Reflect.apply(target, self, args);
  },
});
`;

/** One error the service rejects (a Card without `value`) and one older form the editor warns of. */
const REPORT = {
  type: 'Report',
  options: { report_title: 'Precompiled' },
  components: [
    { type: 'Card', options: { title: 'no value' } },
    { type: 'Text', options: { text: 'a', headings_margin: true } },
  ],
};

const compiles = (stderr: string) => stderr.split('\n').filter((l) => l === COMPILED).length;

describe('report validators: the bundles use the ones precompiled at build time', function () {
  this.timeout(120_000);
  let dir: string;
  let probe: string;
  let report: string;
  const running: ChildProcess[] = [];

  before(() => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'report-studio-precompiled-'));
    probe = join(dir, 'probe.cjs');
    writeFileSync(probe, PROBE);
    report = join(dir, 'precompiled.report.json');
    writeFileSync(report, JSON.stringify(REPORT, null, 2));
  });
  afterEach(async () => {
    for (const c of running.splice(0)) {
      if (c.exitCode !== null || c.signalCode !== null) continue;
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill('SIGKILL');
      await exited;
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the probe sees ajv compile a validator', async () => {
    const code = "new (require('ajv').default)({ allErrors: true }).compile({ type: 'object', required: ['a'] });";
    const child = spawn(process.execPath, ['--require', probe, '-e', code], {
      cwd: ROOT,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const r = await collect(child, 60_000);
    assert.equal(r.code, 0, describeRun(r));
    assert.ok(compiles(r.stderr) > 0, describeRun(r));
  });

  it('report-studio validate: the error and the older form found, no validator compiled', async () => {
    const child = spawn(process.execPath, ['--require', probe, CLI, 'validate', report], {
      cwd: dir,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const r = await collect(child, 60_000);
    assert.equal(r.code, 1, describeRun(r));
    assert.match(r.stdout + r.stderr, /error: .*\[required\] \(components\[0\]\.options\.value\)/, describeRun(r));
    assert.match(r.stdout + r.stderr, /warning: .*\[deprecated\] \(components\[1\]\.options\.headings_margin\)/, describeRun(r));
    assert.equal(compiles(r.stderr), 0, describeRun(r));
  });

  it('the extension’s fix engine (dist/fixEngine.js) over the schema file it reads at run time: both modes precompiled', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle as the extension loads it
    const engine = require(join(ROOT, 'dist/fixEngine.js')) as typeof FixEngine;
    const index = new engine.SchemaIndex(JSON.parse(readFileSync(join(ROOT, 'schemas/report.schema.json'), 'utf8')));
    assert.deepEqual([index.validator('strict').origin, index.validator('lenient').origin], ['precompiled', 'precompiled']);
    assert.match(engine.reportProblems(index, JSON.stringify(REPORT))[0]?.message ?? '', /value/);
  });

  it('the local service: a 422 for the invalid report, no validator compiled', async () => {
    const key = 'precompiled-key-0001';
    const args = [
      '--require',
      probe,
      join(ROOT, 'dist/local-service.js'),
      '--port',
      '0',
      '--data-dir',
      join(dir, 'data'),
      '--api-key',
      key,
    ];
    const child = spawn(process.execPath, args, { cwd: dir, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(child);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const [, url] = await waitForOutput(child, /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m);
    const res = await fetch(`${url}/api/v1/build-report`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(REPORT),
    });
    const answer = (await res.json()) as { detail: Array<{ loc: unknown[] }> };
    assert.equal(res.status, 422, JSON.stringify(answer));
    assert.deepEqual(
      answer.detail.map((d) => d.loc),
      [['body', 'components', 0, 'Card', 'options', 'value']],
    );
    assert.equal(compiles(stderr), 0, stderr);
  });
});
