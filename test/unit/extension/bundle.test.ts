// dist/extension.js as the .vsix ships it (production build): within its 300 KB budget, without
// the schema, the fix engine (ajv), the local service, the renderer or the HTTP client (they
// load from their own bundles or the shipped schema file on first use),
// and an activate() that registers every contributed command while touching no network,
// no directory listing and neither lazy bundle.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
// The CommonJS objects themselves (what the bundle's require('fs') / require('net') returns), to patch.
import fsCjs = require('node:fs');
import netCjs = require('node:net');
import { buildExtensionBundle, REPO_ROOT as ROOT } from '../../helpers/extensionBundle';
import { createVscodeStub, installVscodeStub, stubContext } from '../../helpers/vscodeStub';

const LIMIT = 300 * 1024;

describe('the extension bundle', function () {
  this.timeout(60_000);
  let outDir: string;
  let bundle: string;
  let inputs: string[];
  let bytes: number;

  before(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-bundle-'));
    ({ file: bundle, inputs, bytes } = await buildExtensionBundle(outDir));
  });

  after(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it(`stays within its 300 KB budget minified`, () => {
    assert.ok(bytes < LIMIT, `dist/extension.js is ${(bytes / 1024).toFixed(0)} KB`);
  });

  it('leaves the local service, the renderer and the HTTP client to their own bundles', () => {
    const heavy = inputs.filter(
      (i) =>
        /^src\/(mock|render|net)\//.test(i) ||
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
    assert.deepEqual([...loaded].sort(), ['engine.js', 'fixEngine.js']);
    for (const name of loaded) assert.ok(written.has(name), `${name} is loaded but scripts/build.mjs does not write it`);
  });

  it('activates without network, directory scans or the lazy bundles, registering every contributed command', () => {
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
      const extension = require(bundle) as { activate(c: unknown): unknown; deactivate(): Promise<void> };
      const api = extension.activate(context) as { resultPanels?: unknown };
      assert.ok(api?.resultPanels, 'activate() returns the API');
      const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
      const contributed: string[] = manifest.contributes.commands.map((c: { command: string }) => c.command);
      assert.deepEqual([...stub.registeredCommands].sort(), [...contributed].sort(), 'registered = contributed');
      assert.deepEqual(connects, [], 'no connection at activation');
      assert.deepEqual(listings, [], 'no directory listing at activation');
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
