/**
 * `-o` onto something that is not a regular file (docs/cli.md, output files), through the
 * bundled CLI against the local service over loopback: a character device (made with mknod in
 * a temp folder, as root — never the real /dev/null) and a FIFO are written into and stay what
 * they were; `-o -` and `-o /dev/stdout` put only the file on stdout; a folder is refused before
 * anything is submitted. Where the check is about the process — its stdout as bytes, /dev/stdout
 * (its own fd 1), a FIFO it may block on — dist/cli.js runs as a child; the rest is the
 * command's own and runs as `runCli` of dist/engine.js in this process.
 */
import { strict as assert } from 'node:assert';
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, openSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readPdf } from '../../helpers/pdf';
import { report, startHarness, tempDir, type Harness } from '../service/helpers';
import { buildOnce, CLI, cleanEnv, describeRun, runCliInProcess } from './cliHarness';

interface BinaryRun {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

const isRoot = process.getuid?.() === 0;

describe('CLI: -o onto a device, a FIFO, stdout or a folder', function () {
  this.timeout(60_000);
  let h: Harness;
  let dir = '';

  const env = () => cleanEnv({ REPORT_STUDIO_API_KEY: h.key, REPORT_STUDIO_BASE_URL: h.service.baseUrl });
  /** The CLI in this process, against the harness's service. */
  const inProcess = (args: string[]) => runCliInProcess(args, { cwd: dir, env: env(), timeoutMs: 30_000 });
  /** dist/cli.js as a child, stdout kept as bytes (a PDF), against the harness's service. */
  function cli(args: string[]): Promise<BinaryRun> {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    return new Promise((resolve, reject) => {
      // A CLI stuck on its output (a FIFO it reads back) fails the test instead of holding it.
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout: Buffer.concat(out), stderr });
      });
    });
  }
  const describeBinary = (r: BinaryRun): string => describeRun({ code: r.code, stdout: `${r.stdout.length} bytes`, stderr: r.stderr });
  const submits = (): string[] => h.logs.filter((l) => /build-report|preview-report/.test(l));

  before(async () => {
    await buildOnce();
    h = await startHarness();
    dir = tempDir('rs-cli-special-out-');
    await writeFile(join(dir, 'q3.report.json'), JSON.stringify(report('Special outputs')));
  });
  after(async () => {
    await h.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('-o onto a character device writes into it: it stays a character device', async function () {
    if (!isRoot) this.skip();
    const device = join(dir, 'null');
    execFileSync('mknod', [device, 'c', '1', '3']);
    const r = await inProcess(['build', 'q3.report.json', '-o', device]);
    assert.equal(r.code, 0, describeRun(r));
    assert.ok(statSync(device).isCharacterDevice(), 'still a character device, not replaced by a regular file');
  });

  it('-o onto a FIFO writes the PDF into it while it is read: it stays a FIFO', async function () {
    if (process.platform === 'win32') this.skip();
    const fifo = join(dir, 'pdf.fifo');
    execFileSync('mkfifo', [fifo]);
    // Held open read-write (Linux does not block on that): the reader below opens at once and sees
    // the end only when this is closed, whether or not the CLI wrote into this FIFO.
    const holder = openSync(fifo, constants.O_RDWR);
    const reading = readFile(fifo);
    const r = await cli(['build', 'q3.report.json', '-o', fifo]);
    closeSync(holder);
    const bytes = await reading;
    assert.equal(r.code, 0, describeBinary(r));
    assert.ok(statSync(fifo).isFIFO(), 'still a FIFO');
    assert.equal((await readPdf(new Uint8Array(bytes))).pageCount, 1);
  });

  it('-o - and -o /dev/stdout: the PDF and nothing else on stdout', async () => {
    for (const o of ['-', '/dev/stdout']) {
      const r = await cli(['build', 'q3.report.json', '-o', o]);
      assert.equal(r.code, 0, describeBinary(r));
      assert.equal(r.stdout.subarray(0, 5).toString('latin1'), '%PDF-', `${o}: stdout starts with the PDF`);
      assert.equal((await readPdf(new Uint8Array(r.stdout))).pageCount, 1, `${o}: stdout is exactly one PDF`);
    }
    const submitted = await inProcess(['preview', 'q3.report.json', '--no-wait']);
    const taskId = submitted.stdout.trim();
    const r = await cli(['status', taskId, '-o', '-']);
    assert.equal(r.code, 0, describeBinary(r));
    assert.deepEqual([...r.stdout.subarray(0, 3)], [0xff, 0xd8, 0xff], 'status -o -: the JPEG alone on stdout');
    assert.match(r.stderr, /^SUCCESS$/m, 'the status on stderr');
  });

  it('-o naming a folder is refused before anything is submitted (exit 2)', async () => {
    await mkdir(join(dir, 'out'));
    const before = submits().length;
    const r = await inProcess(['build', 'q3.report.json', '-o', 'out']);
    assert.equal(r.code, 2, describeRun(r));
    assert.equal(r.stderr.trim(), 'report-studio: -o out is a directory: give a file name, e.g. -o out/q3.pdf');
    assert.equal(submits().length, before, 'nothing submitted');
    assert.ok(statSync(join(dir, 'out')).isDirectory());
  });
});
