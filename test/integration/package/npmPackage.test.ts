/**
 * The CLI as an npm package (scripts/pack-cli.mjs): the tarball holds exactly the allowed files,
 * installs with `npm install -g --offline` into a temporary prefix, and the installed
 * `report-studio` works from an empty folder — --help, schema, validate (clean and broken),
 * build --offline, whose PDF is read back, and `mcp` answering the SDK's client.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { allText, readPdf } from '../../helpers/pdf';
import { buildOnce, describeRun, ROOT } from '../cli/cliHarness';
import { binDir, installTarball, pathWith, runProgram, packTarball, userEnv } from './npmPackage';

/** Every file the package may hold (paths inside the tarball). */
const ALLOWED = [
  /^package\/(package\.json|README\.md|LICENSE)$/,
  /^package\/schemas\/report\.schema\.json$/,
  /^package\/dist\/(cli|engine|mcp|render-worker|body-worker)\.js$/,
  /^package\/examples\/[a-z-]+\.report\.json$/,
  /^package\/SKILL\.md$/,
  /^package\/dist\/(pdfium|webp_dec|libjpegturbowasm)\.wasm$/,
  /^package\/dist\/icons\/tabler-outline\.json$/,
  /^package\/dist\/fonts\/README\.md$/,
  /^package\/dist\/fonts\/[a-z0-9-]+\/(LICENSE\.txt|[A-Za-z0-9-]+\.(woff|ttf))$/,
];
/** What it must hold for the CLI and `serve` to work. */
const REQUIRED = [
  'package/package.json',
  'package/README.md',
  'package/LICENSE',
  'package/schemas/report.schema.json',
  'package/dist/cli.js',
  'package/dist/engine.js',
  'package/dist/mcp.js',
  'package/SKILL.md',
  'package/examples/kpi-dashboard.report.json',
  'package/dist/render-worker.js',
  'package/dist/body-worker.js',
  'package/dist/pdfium.wasm',
  'package/dist/webp_dec.wasm',
  'package/dist/libjpegturbowasm.wasm',
  'package/dist/icons/tabler-outline.json',
  'package/dist/fonts/liberation-sans/LiberationSans-Regular.ttf',
];

describe('CLI npm package: pack, install offline, run', function () {
  this.timeout(120_000);
  let tmp = '';
  let tarball = '';
  let prefix = '';
  let work = '';
  let env: NodeJS.ProcessEnv = {};
  const cli = (args: string[]) => runProgram(join(binDir(prefix), 'report-studio'), args, { cwd: work, env });

  before(async () => {
    await buildOnce();
    tmp = await mkdtemp(join(tmpdir(), 'rs-npm-package-'));
    tarball = await packTarball(join(tmp, 'pack'));
    prefix = join(tmp, 'prefix');
    work = join(tmp, 'empty');
    await mkdir(work);
    env = userEnv({ PATH: pathWith(binDir(prefix)), HOME: tmp, XDG_STATE_HOME: join(tmp, 'state') });
    await installTarball(tarball, prefix, join(tmp, 'npm-cache'));
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  it('the tarball is report-studio-<version>.tgz with only the allowed files, and a manifest without dependencies', async () => {
    const rootPkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    assert.equal(tarball, join(tmp, 'pack', `report-studio-${rootPkg.version}.tgz`));
    const listing = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
    assert.equal(listing.status, 0, listing.stderr);
    const files = listing.stdout.split('\n').filter((f) => f && !f.endsWith('/'));
    assert.deepEqual(
      files.filter((f) => !ALLOWED.some((re) => re.test(f))),
      [],
      'files outside the allow-list',
    );
    assert.deepEqual(
      REQUIRED.filter((f) => !files.includes(f)),
      [],
      'required files missing',
    );
    // Only the bin is executable (pdfium.wasm and webp_dec.wasm came out 0755 from node_modules).
    const verbose = spawnSync('tar', ['-tvzf', tarball], { encoding: 'utf8' });
    const wrongModes = verbose.stdout
      .split('\n')
      .filter((line) => line.startsWith('-'))
      .map((line) => line.split(/\s+/))
      .filter((f) => f[0] !== (f.at(-1) === 'package/dist/cli.js' ? '-rwxr-xr-x' : '-rw-r--r--'))
      .map((f) => `${f[0]} ${f.at(-1)}`);
    assert.deepEqual(wrongModes, [], 'file modes: 0755 for the bin, 0644 for every other file');
    const pkg = JSON.parse(spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout);
    assert.equal(pkg.name, 'report-studio');
    assert.equal(pkg.version, rootPkg.version);
    assert.deepEqual(pkg.bin, { 'report-studio': 'dist/cli.js' });
    assert.deepEqual(pkg.engines, { node: rootPkg.engines.node });
    assert.equal(pkg.license, 'MIT');
    assert.equal(pkg.repository?.url, rootPkg.repository?.url);
    for (const key of ['dependencies', 'optionalDependencies', 'peerDependencies', 'scripts']) assert.equal(pkg[key], undefined, key);
  });

  it('installed offline into a prefix, runs from an empty folder: --help, schema', async () => {
    const help = await cli(['--help']);
    assert.equal(help.code, 0, describeRun(help));
    assert.match(help.stdout, /^Usage: report-studio <command>/);
    assert.match(help.stdout, /schema \[--print\]/);

    const schema = await cli(['schema']);
    assert.equal(schema.code, 0, describeRun(schema));
    const schemaPath = schema.stdout.trim();
    assert.ok(schemaPath.startsWith(prefix), `${schemaPath} lies in the installed package`);
    assert.ok(existsSync(schemaPath), schemaPath);
    const shipped = await readFile(join(ROOT, 'schemas', 'report.schema.json'), 'utf8');
    assert.equal(await readFile(schemaPath, 'utf8'), shipped);
    const printed = await cli(['schema', '--print']);
    assert.equal(printed.code, 0, describeRun(printed));
    assert.equal(printed.stdout, shipped);
  });

  it('validate: an example is clean (exit 0), a broken report gives a file:line:col: error: line (exit 1)', async () => {
    await copyFile(join(ROOT, 'examples', 'annual-review.report.json'), join(work, 'annual-review.report.json'));
    await copyFile(join(ROOT, 'test', 'fixtures', 'broken', '01-card-missing-value.report.json'), join(work, 'broken.report.json'));
    const clean = await cli(['validate', 'annual-review.report.json']);
    assert.equal(clean.code, 0, describeRun(clean));
    assert.equal(clean.stdout, '');
    const broken = await cli(['validate', 'broken.report.json']);
    assert.equal(broken.code, 1, describeRun(broken));
    assert.match(broken.stdout, /^broken\.report\.json:16:11: error: Missing required option "value" in Card options \[required\]/);
  });

  it('build --offline: the bundled local service renders the PDF (pages and text read back)', async () => {
    const r = await cli(['build', 'annual-review.report.json', '--offline', '--data-dir', join(tmp, 'service-data')]);
    assert.equal(r.code, 0, describeRun(r));
    assert.match(r.stdout, /^annual-review\.pdf {2}\(3 pages, /);
    const pdf = await readPdf(await readFile(join(work, 'annual-review.pdf')));
    assert.equal(pdf.pageCount, 3);
    assert.match(allText(pdf), /Annual Review 2024/);
  });

  it('mcp: the installed server (dist/mcp.js) lists its tools and reads its example resources', async () => {
    const client = new Client({ name: 'npm-package-test', version: '0' });
    const transport = new StdioClientTransport({
      command: join(binDir(prefix), 'report-studio'),
      args: ['mcp', '--offline', '--data-dir', join(tmp, 'mcp-data')],
      cwd: work,
      env: env as Record<string, string>,
      stderr: 'pipe',
    });
    try {
      await client.connect(transport);
      const tools = (await client.listTools()).tools.map((t) => t.name).sort();
      assert.deepEqual(tools, ['build', 'component_docs', 'diff', 'preview', 'quota', 'render', 'validate']);
      const example = await client.readResource({ uri: 'report-studio://examples/kpi-dashboard.report.json' });
      const [first] = example.contents;
      assert.ok('text' in first, 'a text resource');
      assert.match(first.text, /"type": "Report"/);
    } finally {
      await client.close();
    }
  });
});
