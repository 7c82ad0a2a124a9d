// The extension's two bundles as the .vsix ships them (production build). dist/extension.js, the
// bootstrap VS Code activates for any JSON file: only the command table, the report check, the
// formatter's provider and the loader (a module list, below) within 16 KB — 11 KB today, parsed at every activation, so
// the budget leaves room for the loader to grow but not for it to quietly double.
// dist/studio.js, the rest: within the 300 KB budget the single bundle had, without the schema,
// the fix engine (ajv), the local service, the renderer or the HTTP client (they load from their
// own bundles or the shipped schema file on first use). Activation registers every contributed
// command and touches no network, no directory listing and no lazy bundle; loading the full
// part touches none of them either.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
// The CommonJS objects themselves (what the bundle's require('fs') / require('net') returns), to patch.
import fsCjs = require('node:fs');
import netCjs = require('node:net');
import type { ReportStudioApi } from '../../../src/extension/extension';
import { buildExtensionBundle, REPO_ROOT as ROOT, type ExtensionBundles } from '../../helpers/extensionBundle';
import { createVscodeStub, installVscodeStub, stubContext } from '../../helpers/vscodeStub';
import { LM_TOOLS } from '../../../src/extension/lmTools/lmToolNames';

const BOOTSTRAP_LIMIT = 16 * 1024;
const STUDIO_LIMIT = 300 * 1024;
/** Everything the bootstrap may hold: itself, the loader, the command ids and the report check. */
const BOOTSTRAP_MODULES = [
  'src/extension/extension.ts',
  'src/extension/studioLoader.ts',
  'src/extension/commands/commandIds.ts',
  'src/extension/reportDocument.ts',
  'src/extension/service/runtimeLoader.ts',
  // Format Document for any JSON file: the provider only; the formatting is dist/formatter.js.
  'src/extension/format/reportFormatter.ts',
  'src/core/report/reportDocument.ts',
  // The language-model tools, registered at activation as proxies that load the full part.
  'src/extension/lmTools/lmToolNames.ts',
  'src/extension/lmTools/registerLmTools.ts',
  'vscode-once:vscode', // scripts/esbuild-vscode.mjs: the one re-export of the vscode module
];

describe('the extension bundle', function () {
  this.timeout(60_000);
  let outDir: string;
  let bundles: ExtensionBundles;

  before(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-bundle-'));
    bundles = await buildExtensionBundle(outDir);
  });

  after(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('keeps the bootstrap within 16 KB minified', () => {
    assert.ok(bundles.bytes < BOOTSTRAP_LIMIT, `dist/extension.js is ${(bundles.bytes / 1024).toFixed(1)} KB`);
  });

  it('keeps the full part within its 300 KB budget minified', () => {
    assert.ok(bundles.studio.bytes < STUDIO_LIMIT, `dist/studio.js is ${(bundles.studio.bytes / 1024).toFixed(0)} KB`);
  });

  it('holds in the bootstrap only the loader, the command ids and the report check (and the JSON scanner)', () => {
    const extra = bundles.inputs.filter((i) => !BOOTSTRAP_MODULES.includes(i) && !/node_modules\/jsonc-parser\//.test(i));
    assert.deepEqual(extra, [], 'modules of the full part in dist/extension.js');
    for (const m of BOOTSTRAP_MODULES) assert.ok(bundles.inputs.includes(m), `${m} is not in dist/extension.js: update the list`);
  });

  it('leaves the local service, the renderer and the HTTP client to their own bundles', () => {
    const heavy = bundles.studio.inputs.filter(
      (i) =>
        /^src\/(service|render|net)\//.test(i) ||
        /^schemas\//.test(i) ||
        /node_modules\/(undici|pdfkit|@hyzyla|d3-|ajv)/.test(i) ||
        /^src\/core\/schema\/(validator|schemaIndex|reportSchema)\.ts$/.test(i) ||
        /^src\/core\/fixes\/(computeFixes|problems|verify)\.ts$/.test(i) ||
        /^src\/core\/(client\/(apiClient|http|download|retry)|runner\/taskRunner)\.ts$/.test(i),
    );
    assert.deepEqual(heavy, []);
  });

  it('loads each lazy bundle by a name the build writes', () => {
    const build = fs.readFileSync(path.join(ROOT, 'scripts/build.mjs'), 'utf8');
    const written = new Set([...build.matchAll(/out: 'dist\/([\w-]+\.js)'/g)].map((m) => m[1]));
    const loaded = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(p);
        else for (const m of fs.readFileSync(p, 'utf8').matchAll(/loadSiblingBundle<\w+>\(\s*[\w.]+,\s*'([\w-]+\.js)'/g)) loaded.add(m[1]);
      }
    };
    walk(path.join(ROOT, 'src/extension'));
    assert.deepEqual([...loaded].sort(), ['engine.js', 'fixEngine.js', 'studio.js']);
    for (const name of loaded) assert.ok(written.has(name), `${name} is loaded but scripts/build.mjs does not write it`);
  });

  it('activates as the bootstrap alone, registering every contributed command; the full part loads on demand, without network, directory scans or the lazy bundles', () => {
    const stub = createVscodeStub();
    const uninstall = installVscodeStub(stub);
    const { context, subscriptions, storage } = stubContext(outDir);
    const connects: string[] = [];
    const listings: string[] = [];
    const originalConnect = netCjs.Socket.prototype.connect;
    const originals = {
      readdirSync: fsCjs.readdirSync,
      readdir: fsCjs.readdir,
      promisesReaddir: fsCjs.promises.readdir,
      opendir: fsCjs.promises.opendir,
    };
    netCjs.Socket.prototype.connect = function (this: netCjs.Socket, ...args: unknown[]) {
      connects.push(JSON.stringify(args[0]));
      return (originalConnect as (...a: unknown[]) => netCjs.Socket).apply(this, args);
    } as typeof netCjs.Socket.prototype.connect;
    const record = (name: string, fn: (...a: never[]) => unknown) =>
      function (this: unknown, ...args: unknown[]) {
        listings.push(`${name}(${String(args[0])})`);
        return (fn as (...a: unknown[]) => unknown).apply(this, args);
      };
    Object.assign(fsCjs, { readdirSync: record('readdirSync', originals.readdirSync), readdir: record('readdir', originals.readdir) });
    Object.assign(fsCjs.promises, { readdir: record('readdir', originals.promisesReaddir), opendir: record('opendir', originals.opendir) });
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const extension = require(bundles.file) as { activate(c: unknown): ReportStudioApi; deactivate(): Promise<void> };
      const loaded = (name: string): boolean => Object.keys(require.cache).some((f) => f.endsWith(`${path.sep}${name}`));
      const api = extension.activate(context);
      const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
      const contributed: string[] = manifest.contributes.commands.map((c: { command: string }) => c.command);
      assert.deepEqual([...stub.registeredCommands].sort(), [...contributed].sort(), 'registered = contributed');
      assert.deepEqual(api.activation, { stage: 'bootstrap', host: 'node' }, 'no report open: the bootstrap alone');
      assert.ok(!loaded('studio.js'), 'dist/studio.js is not loaded at activation');
      assert.deepEqual(
        stub.calls,
        [
          'languages.registerDocumentFormattingEditProvider()',
          'languages.registerDocumentRangeFormattingEditProvider()',
          'Disposable.from()',
          'tasks.registerTaskProvider(report-studio)',
          'window.registerCustomEditorProvider(reportStudio.pdf)',
          ...Object.values(LM_TOOLS).map((name) => `lm.registerTool(${name})`),
          'workspace.onDidOpenTextDocument()',
          'workspace.onDidChangeTextDocument()',
          'window.tabGroups.onDidChangeTabs()',
          'window.tabGroups.onDidChangeTabGroups()',
        ],
        'besides the commands, the formatter, the task provider, the PDF viewer and the language-model tools, the bootstrap only listens for a report or a restored panel',
      );

      // A caller reading the API gets the full part.
      assert.ok(api.resultPanels, 'the API hands out the result panels');
      assert.ok(loaded('studio.js'), 'reading the API loaded dist/studio.js');
      assert.equal(api.activation.stage, 'full');
      assert.equal(api.activation.loadedBy, 'api');
      assert.equal(api.activation.duringActivate, false);
      assert.equal(stub.registeredCommands.length, contributed.length, 'the full part registers no command again');
      assert.deepEqual(connects, [], 'no connection');
      assert.deepEqual(listings, [], 'no directory listing');
      const lazy = Object.keys(require.cache).filter((f) => /(engine|fixEngine)\.js$/.test(f));
      assert.deepEqual(lazy, [], 'the client and local service bundles are not loaded');
      assert.ok(
        stub.calls.some((c) => c.startsWith('window.createStatusBarItem(reportStudio.quota')),
        'the quota status bar item exists',
      );
      assert.ok(!stub.calls.some((c) => /\.show\(\)$/.test(c)), 'nothing is shown before a report is open');
      return extension.deactivate();
    } finally {
      for (const s of subscriptions) s.dispose?.();
      netCjs.Socket.prototype.connect = originalConnect;
      Object.assign(fsCjs, { readdirSync: originals.readdirSync, readdir: originals.readdir });
      Object.assign(fsCjs.promises, { readdir: originals.promisesReaddir, opendir: originals.opendir });
      uninstall();
      fs.rmSync(storage, { recursive: true, force: true });
    }
  });
});
