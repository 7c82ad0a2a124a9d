/** `report-studio` usage, validate, --offline, serve, and the exit codes not covered elsewhere. */
import { strict as assert } from 'node:assert';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReportClient } from '../../../src/core/client/apiClient';
import { readPdf } from '../../helpers/pdf';
import { closedPort, SIMPLE_REPORT, startTestService } from '../client/helpers';
import { buildOnce, cleanEnv, collect, describeRun, ROOT, runCli, runCliInProcess, spawnCli, waitForOutput } from './cliHarness';

describe('CLI: usage, validate, offline, serve', function () {
  this.timeout(120_000);
  let dir: string;
  // In this process (dist/engine.js's runCli); `spawned` runs dist/cli.js as a process, for what
  // is about the process: that it starts and exits with the code, finds the schema beside
  // itself, loads the engine for --offline, and stops on SIGINT and SIGTERM.
  const run = (args: string[], env: Record<string, string | undefined> = {}) => runCliInProcess(args, { cwd: dir, env: cleanEnv(env) });
  const spawned = (args: string[], env: Record<string, string | undefined> = {}) => runCli(args, { cwd: dir, env: cleanEnv(env) });

  before(async () => {
    await buildOnce();
    dir = await mkdtemp(join(tmpdir(), 'rs-cli-usage-'));
    await writeFile(join(dir, 'simple.report.json'), JSON.stringify(SIMPLE_REPORT, null, 2));
    await mkdir(join(dir, 'reports', 'nested'), { recursive: true });
    await writeFile(join(dir, 'reports', 'ok.report.json'), JSON.stringify(SIMPLE_REPORT));
    await writeFile(join(dir, 'warn.report.json'), JSON.stringify({ ...SIMPLE_REPORT, options: { ...SIMPLE_REPORT.options, colour: 1 } }));
    await writeFile(
      join(dir, 'reports', 'nested', 'bad.report.jsonc'),
      '{\n  // strict: unknown option\n  "type": "Report",\n  "options": { "report_title": "x", "colour": 1 },\n  "components": [ { "type": "Card", "options": { "title": "t" } } ]\n}\n',
    );
  });
  after(() => rm(dir, { recursive: true, force: true }));

  describe('usage (exit 0 / 2)', () => {
    it('--help and help <command> exit 0', async () => {
      const r = await spawned(['--help']);
      assert.equal(r.code, 0);
      assert.match(r.stdout, /Usage: report-studio <command>/);
      const b = await run(['build', '--help']);
      assert.equal(b.code, 0);
      assert.match(b.stdout, /Usage: report-studio build <file>/);
      const s = await run(['serve', '--help']);
      assert.equal(s.code, 0);
      assert.match(s.stdout, /--error-rate <0\.\.1>/);
    });

    it('--version prints the package version', async () => {
      const r = await run(['--version']);
      const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
      assert.equal(r.stdout.trim(), pkg.version);
    });

    it('no command, an unknown command, an unknown option, a missing argument → exit 2', async () => {
      for (const args of [
        [],
        ['frobnicate'],
        ['quota', '--bogus'],
        ['build'],
        ['status', 'a', 'b'],
        ['build', 'x.json', '--timeout', 'soon'],
      ]) {
        const r = await run(args);
        assert.equal(r.code, 2, `${args.join(' ')}: ${describeRun(r)}`);
      }
    });

    it('no API key and no --offline → exit 2 naming the ways to give one', async () => {
      const r = await run(['quota']);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /No API key: set REPORT_STUDIO_API_KEY, pass --api-key, or use --offline/);
    });
  });

  describe('validate', () => {
    it('valid files → exit 0', async () => {
      const r = await run(['validate', 'simple.report.json', 'reports/ok.report.json']);
      assert.equal(r.code, 0, describeRun(r));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /2 files checked: no problems/);
    });

    it('a folder is searched; problems as file:line:col lines, errors and warnings → exit 1', async () => {
      const r = await run(['validate', 'reports']);
      assert.equal(r.code, 1, describeRun(r));
      assert.deepEqual(r.stdout.trim().split('\n'), [
        'reports/nested/bad.report.jsonc:4:37: warning: Unknown option "colour" in the report options [additionalProperties] (options.colour)',
        'reports/nested/bad.report.jsonc:5:37: error: Missing required option "value" in Card options [required] (components[0].options.value)',
      ]);
      assert.match(r.stderr, /2 files checked: 1 error, 1 warning in 1 file/);
    });

    it('warnings alone exit 0; --warnings-as-errors makes them exit 1', async () => {
      const r = await run(['validate', 'warn.report.json']);
      assert.equal(r.code, 0, describeRun(r));
      assert.deepEqual(r.stdout.trim().split('\n'), [
        'warn.report.json:1:63: warning: Unknown option "colour" in the report options [additionalProperties] (options.colour)',
      ]);
      assert.match(r.stderr, /1 file checked: 1 warning in 1 file/);
      const strict = await run(['validate', 'warn.report.json', '--warnings-as-errors']);
      assert.equal(strict.code, 1, describeRun(strict));
      assert.equal(strict.stdout, r.stdout);
    });

    it('--format github prints workflow commands, the file relative to GITHUB_WORKSPACE', async () => {
      const r = await runCliInProcess(['validate', 'nested', '--format', 'github'], {
        cwd: join(dir, 'reports'),
        env: cleanEnv({ GITHUB_WORKSPACE: dir }),
      });
      assert.equal(r.code, 1, describeRun(r));
      assert.deepEqual(r.stdout.trim().split('\n'), [
        '::warning file=reports/nested/bad.report.jsonc,line=4,col=37,endLine=4,endColumn=45,title=report-studio%3A additionalProperties::Unknown option "colour" in the report options [additionalProperties] (options.colour)',
        '::error file=reports/nested/bad.report.jsonc,line=5,col=37,endLine=5,endColumn=46,title=report-studio%3A required::Missing required option "value" in Card options [required] (components[0].options.value)',
      ]);
      const bad = await run(['validate', 'reports', '--format', 'gitlab']);
      assert.equal(bad.code, 2, describeRun(bad));
      assert.match(bad.stderr, /--format takes text or github, got "gitlab"/);
    });

    it('--json lists every file, each diagnostic with its severity', async () => {
      const r = await run(['validate', 'reports', '--json']);
      const doc = JSON.parse(r.stdout);
      assert.equal(doc.ok, false);
      assert.equal(doc.error_count, 1);
      assert.equal(doc.warning_count, 1);
      assert.deepEqual(
        doc.files.map((f: { file: string; valid: boolean }) => [f.file, f.valid]),
        [
          ['reports/nested/bad.report.jsonc', false],
          ['reports/ok.report.json', true],
        ],
      );
      assert.deepEqual(
        doc.files[0].diagnostics.map((d: { line: number; severity: string }) => [d.line, d.severity]),
        [
          [4, 'warning'],
          [5, 'error'],
        ],
      );
      const warn = JSON.parse((await run(['validate', 'warn.report.json', '--json'])).stdout);
      assert.deepEqual([warn.ok, warn.error_count, warn.warning_count, warn.files[0].valid], [true, 0, 1, true]);
    });

    it('an unreadable file → exit 2', async () => {
      const r = await run(['validate', 'simple.report.json', 'missing.report.json']);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /cannot read missing\.report\.json/);
    });
  });

  describe('schema', () => {
    it('prints the path of the schema shipped beside the CLI; --print prints the schema', async () => {
      const r = await spawned(['schema']);
      assert.equal(r.code, 0, describeRun(r));
      assert.equal(r.stdout, `${join(ROOT, 'schemas', 'report.schema.json')}\n`);
      const printed = await run(['schema', '--print']);
      assert.equal(printed.code, 0, describeRun(printed));
      assert.equal(printed.stdout, await readFile(join(ROOT, 'schemas', 'report.schema.json'), 'utf8'));
      const extra = await run(['schema', 'x']);
      assert.equal(extra.code, 2, describeRun(extra));
    });
  });

  describe('--offline', () => {
    it('builds with the in-process local service; no key needed', async () => {
      const dataDir = join(dir, 'offline-data');
      const r = await spawned(['build', 'simple.report.json', '-o', 'offline.pdf', '--offline', '--data-dir', dataDir]);
      assert.equal(r.code, 0, describeRun(r));
      const pdf = await readPdf(await readFile(join(dir, 'offline.pdf')));
      assert.equal(pdf.pageCount, 1);
      const key = JSON.parse(await readFile(join(dataDir, 'dev-key.json'), 'utf8')).key as string;
      assert.ok(!(r.stdout + r.stderr).includes(key), 'the development key is not printed');
      const q = await run(['quota', '--offline', '--data-dir', dataDir, '--json']);
      assert.equal(JSON.parse(q.stdout).quota.remaining_single_page_reports, 99, 'the data dir persists between runs');
    });

    it('a 422 with --format github: one annotation per entry, exit 1', async () => {
      const r = await run([
        'build',
        'reports/nested/bad.report.jsonc',
        '--offline',
        '--data-dir',
        join(dir, 'offline-422'),
        '--format',
        'github',
      ]);
      assert.equal(r.code, 1, describeRun(r));
      assert.deepEqual(r.stdout.trim().split('\n'), [
        '::error file=reports/nested/bad.report.jsonc,line=5,col=37,endLine=5,endColumn=46,title=report-studio%3A missing::Missing required option "value" in Card options [missing] (components[0].options.value)',
      ]);
      assert.match(r.stderr, /the service rejected the report \(1 error\)/);
    });
  });

  describe('exit codes 5, 6 and 130', () => {
    it('a task that FAILS → exit 5 with the reason', async () => {
      const t = await startTestService({ failRate: 1 });
      try {
        const r = await run(['preview', 'simple.report.json'], {
          REPORT_STUDIO_API_KEY: t.service.apiKeys[0],
          REPORT_STUDIO_BASE_URL: t.service.baseUrl,
        });
        assert.equal(r.code, 5, describeRun(r));
        assert.match(r.stderr, /Injected failure/);
      } finally {
        await t.stop();
      }
    });

    it('nothing listening at --base-url → exit 6', async () => {
      const port = await closedPort();
      const r = await run(['quota', '--base-url', `http://127.0.0.1:${port}`], { REPORT_STUDIO_API_KEY: 'rs_key_0123456789' });
      assert.equal(r.code, 6, describeRun(r));
      assert.match(r.stderr, /cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED/);
    });

    it('Ctrl-C while a task runs → exit 130', async () => {
      const t = await startTestService({ renderDelayMs: 20_000 });
      try {
        const child = spawnCli(['preview', 'simple.report.json', '--verbose'], {
          cwd: dir,
          env: cleanEnv({ REPORT_STUDIO_API_KEY: t.service.apiKeys[0], REPORT_STUDIO_BASE_URL: t.service.baseUrl }),
        });
        const done = collect(child, 30_000);
        // Interrupt once the task was submitted: the verbose log shows the submit's answer as the
        // CLI starts waiting on the status (its first long-poll is logged only when it answers).
        await waitForOutput(child, /preview-report → 200/, 30_000, 'stderr');
        child.kill('SIGINT');
        const r = await done;
        assert.equal(r.code, 130, describeRun(r));
        assert.match(r.stderr, /Cancelled \(task [0-9a-f-]{36} keeps running on the service\)/);
        assert.ok(!r.stderr.includes(t.service.apiKeys[0]));
      } finally {
        await t.stop();
      }
    });
  });

  describe('serve', () => {
    it('runs the local service with the service flags until SIGTERM', async () => {
      const dataDir = join(dir, 'serve-data');
      const child = spawnCli(['serve', '--port', '0', '--data-dir', dataDir, '--quota-single', '7', '--minimal-renderer', '--quiet'], {
        cwd: dir,
        env: cleanEnv(),
      });
      const done = collect(child, 60_000);
      const [, url, key] = await waitForOutput(child, /API base URL: (\S+)\n[\s\S]*development API key: (\S+)\n/);
      const client = new ReportClient({ apiKey: key, baseUrl: url });
      try {
        const q = await client.getRemainingQuota();
        assert.equal(q.max_single_page_reports, 7);
      } finally {
        await client.close();
      }
      child.kill('SIGTERM');
      const r = await done;
      assert.equal(r.code, 0, describeRun(r));
    });

    it('an unknown serve flag → exit 2', async () => {
      const r = await run(['serve', '--bogus']);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /unknown flag --bogus/);
    });
  });
});
