/**
 * The bundled standalone server (dist/local-service.js) as a subprocess: the
 * `listening on` line, the flags, SIGTERM, and a SIGKILL with a task in flight.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { readPdf } from '../../helpers/pdf';
import { tempDir } from './helpers';
import { ensureBuilt } from '../../helpers/freshBuild';
import { waitFor } from '../../helpers/waitFor';

const ROOT = join(__dirname, '../../..');
const BUNDLE = join(ROOT, 'dist/local-service.js');

interface Proc {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  url: string;
}

function start(args: string[]): Promise<Proc> {
  const child = spawn(process.execPath, [BUNDLE, '--port', '0', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const p: Proc = { child, stdout: [], stderr: [], url: '' };
  child.stderr!.on('data', (d: Buffer) => p.stderr.push(...d.toString().split('\n').filter(Boolean)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line; stderr: ${p.stderr.join('\n')}`)), 30_000);
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${p.stderr.join('\n')}`)));
    child.stdout!.on('data', (d: Buffer) => {
      p.stdout.push(...d.toString().split('\n').filter(Boolean));
      const m = p.stdout.map((l) => /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(l)).find(Boolean);
      if (m && !p.url) {
        p.url = m[1];
        clearTimeout(timer);
        setTimeout(() => resolve(p), 50); // the start-up lines after this one come in the same moment; no line marks their end
      }
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((r) => child.once('exit', (code) => r(code)));
}

async function waitStatus(url: string, key: string, id: string, want: string): Promise<void> {
  await waitFor(
    `task ${id} to reach ${want}`,
    async () => {
      const s = await (await fetch(`${url}/api/v1/get-task-status?task_id=${id}`, { headers: { 'x-api-key': key } })).json();
      if (s.status === 'FAILED' && want !== 'FAILED') throw new Error(s.error_message);
      return s.status === want;
    },
    25_000,
    50,
  );
}

describe('local service: standalone dist/local-service.js', function () {
  this.timeout(120_000);
  const running: ChildProcess[] = [];
  before(() => {
    ensureBuilt();
  });
  afterEach(() => {
    for (const c of running.splice(0)) {
      if (c.exitCode !== null || c.signalCode !== null || !c.pid) continue;
      try {
        process.kill(c.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });

  it('prints the listening line, applies the plan flags, renders with the real renderer, stops on SIGTERM', async () => {
    const dir = tempDir();
    try {
      const key = 'standalone-key-0001';
      const p = await start([
        '--data-dir',
        dir,
        '--api-key',
        key,
        '--quota-single',
        '7',
        '--quota-multi',
        '3',
        '--max-pages',
        '4',
        '--period-days',
        '10',
        '--retention',
        '2h',
      ]);
      running.push(p.child);
      assert.ok(!p.stdout.join('\n').includes(key), 'a key given on the command line is not echoed');
      assert.ok(p.stdout.includes(`data dir: ${dir}`));
      const q = await (await fetch(`${p.url}/api/v1/get-remaining-quota?api_key=${key}`)).json();
      assert.equal(q.max_single_page_reports, 7);
      assert.equal(q.max_multi_page_reports, 3);
      assert.equal(q.max_pages_per_report, 4);
      assert.equal(Date.parse(q.period_end) - Date.parse(q.period_start), 10 * 86_400_000);
      const body = {
        type: 'Report',
        options: { report_title: 'Standalone Title' },
        components: [{ type: 'Text', options: { text: 'Rendered by the bundle.' } }],
      };
      const sub = await fetch(`${p.url}/api/v1/build-report`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(sub.status, 200);
      assert.equal(sub.headers.get('x-single-page-reports-remaining'), '6');
      const { task_id } = await sub.json();
      await waitStatus(p.url, key, task_id, 'SUCCESS');
      const pdf = await readPdf(
        new Uint8Array(await (await fetch(`${p.url}/api/v1/get-report?task_id=${task_id}&api_key=${key}`)).arrayBuffer()),
      );
      assert.equal(pdf.pageCount, 1);
      assert.match(pdf.pages[0], /Standalone Title/);
      assert.ok(
        p.stderr.some((l) => / POST \/api\/v1\/build-report 200 /.test(l)),
        'request log on stderr',
      );
      process.kill(p.child.pid!, 'SIGTERM');
      assert.equal(await exited(p.child), 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('generates a development key once, keeps it in the data dir and prints it', async () => {
    const dir = tempDir();
    try {
      const a = await start(['--data-dir', dir, '--minimal-renderer', '--quiet']);
      running.push(a.child);
      const line = a.stdout.find((l) => l.startsWith('development API key: '));
      assert.ok(line);
      const key = line.slice('development API key: '.length);
      assert.equal((await fetch(`${a.url}/api/v1/get-remaining-quota`, { headers: { 'x-api-key': key } })).status, 200);
      process.kill(a.child.pid!, 'SIGINT');
      assert.equal(await exited(a.child), 0);
      const b = await start(['--data-dir', dir, '--minimal-renderer', '--quiet']);
      running.push(b.child);
      assert.ok(b.stdout.includes(`development API key: ${key}`));
      assert.deepEqual(b.stderr, [], '--quiet: no request log');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--help prints the usage; a bad flag exits 2 with a message', () => {
    const help = execFileSync(process.execPath, [BUNDLE, '--help'], { encoding: 'utf8' });
    assert.match(help, /--quota-single <n>/);
    assert.match(help, /--fail-rate <0\.\.1>/);
    let err: { status?: number; stderr?: string } = {};
    try {
      execFileSync(process.execPath, [BUNDLE, '--fail-rate', '2'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      err = e as typeof err;
    }
    assert.equal(err.status, 2);
    assert.equal(err.stderr, 'local-service: --fail-rate: expected a number from 0 to 1, got "2"\n');
  });

  it('SIGKILL with a task in flight: the next start finishes it', async () => {
    const dir = tempDir();
    try {
      const key = 'standalone-key-0002';
      const a = await start(['--data-dir', dir, '--api-key', key, '--render-delay', '60s', '--minimal-renderer', '--quiet']);
      running.push(a.child);
      const body = { type: 'Report', options: { report_title: 'Crash test' }, components: [] };
      const sub = await fetch(`${a.url}/api/v1/build-report`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const { task_id } = await sub.json();
      await waitStatus(a.url, key, task_id, 'RUNNING');
      process.kill(a.child.pid!, 'SIGKILL');
      await exited(a.child);
      const b = await start(['--data-dir', dir, '--api-key', key, '--minimal-renderer']);
      running.push(b.child);
      await waitStatus(b.url, key, task_id, 'SUCCESS');
      const file = await fetch(`${b.url}/api/v1/get-report?task_id=${task_id}`, { headers: { 'x-api-key': key } });
      assert.equal(file.status, 200);
      assert.equal(file.headers.get('content-type'), 'application/pdf');
      const q = await (await fetch(`${b.url}/api/v1/get-remaining-quota`, { headers: { 'x-api-key': key } })).json();
      assert.equal(q.remaining_single_page_reports, 99);
      assert.ok(b.stderr.some((l) => l.includes(`task ${task_id} was RUNNING when the service stopped; rendering it again`)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
