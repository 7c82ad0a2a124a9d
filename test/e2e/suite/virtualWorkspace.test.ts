// A report in a virtual file system (what github.dev's Remote Repositories and any
// FileSystemProvider give VS Code): an in-memory file system registered by the suite holds the
// report; Preview and Build run on it and show their result in its panel, and the export writes
// <name>.pdf beside it in that file system through vscode.workspace.fs — nothing else is
// written there (the results themselves stay in the extension's storage).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { REPO_ROOT, waitFor } from './helpers';
import { cleanUp, resultTabs, run, useSettings } from './studio';

const SCHEME = 'rs-memfs';

interface Entry {
  type: vscode.FileType;
  data: Uint8Array;
  mtime: number;
  ctime: number;
}

/** The smallest whole FileSystemProvider: a flat map of paths, directories implied by their children. */
class MemoryFs implements vscode.FileSystemProvider {
  readonly entries = new Map<string, Entry>([['/', { type: vscode.FileType.Directory, data: new Uint8Array(), mtime: 0, ctime: 0 }]]);
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private clock = 1;

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }
  stat(uri: vscode.Uri): vscode.FileStat {
    const e = this.entries.get(uri.path);
    if (!e) throw vscode.FileSystemError.FileNotFound(uri);
    return { type: e.type, ctime: e.ctime, mtime: e.mtime, size: e.data.byteLength };
  }
  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
    const prefix = uri.path.endsWith('/') ? uri.path : `${uri.path}/`;
    return [...this.entries]
      .filter(([p]) => p !== prefix && p.startsWith(prefix) && !p.slice(prefix.length).includes('/'))
      .map(([p, e]) => [p.slice(prefix.length), e.type]);
  }
  createDirectory(uri: vscode.Uri): void {
    if (!this.entries.has(uri.path)) this.put(uri.path, vscode.FileType.Directory, new Uint8Array());
  }
  readFile(uri: vscode.Uri): Uint8Array {
    const e = this.entries.get(uri.path);
    if (!e || e.type !== vscode.FileType.File) throw vscode.FileSystemError.FileNotFound(uri);
    return e.data;
  }
  writeFile(uri: vscode.Uri, content: Uint8Array, options: { create: boolean; overwrite: boolean }): void {
    const exists = this.entries.has(uri.path);
    if (!exists && !options.create) throw vscode.FileSystemError.FileNotFound(uri);
    if (exists && !options.overwrite) throw vscode.FileSystemError.FileExists(uri);
    this.put(uri.path, vscode.FileType.File, content);
  }
  delete(uri: vscode.Uri): void {
    this.entries.delete(uri.path);
    this.changed.fire([{ type: vscode.FileChangeType.Deleted, uri }]);
  }
  rename(from: vscode.Uri, to: vscode.Uri): void {
    const e = this.entries.get(from.path);
    if (!e) throw vscode.FileSystemError.FileNotFound(from);
    this.entries.delete(from.path);
    this.put(to.path, e.type, e.data);
  }
  private put(p: string, type: vscode.FileType, data: Uint8Array): void {
    const now = this.clock++;
    this.entries.set(p, { type, data, mtime: now, ctime: this.entries.get(p)?.ctime ?? now });
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri: vscode.Uri.from({ scheme: SCHEME, path: p }) }]);
  }
}

describe('a report in a virtual file system', function () {
  this.timeout(120_000);
  useSettings({ confirmBeforeBuild: false, service: 'local', 'export.build': true });
  const memory = new MemoryFs();
  let registration: vscode.Disposable | undefined;
  const report = vscode.Uri.from({ scheme: SCHEME, path: '/reports/kpi.report.json' });

  before(async () => {
    await cleanUp();
    registration = vscode.workspace.registerFileSystemProvider(SCHEME, memory, { isCaseSensitive: true });
    memory.createDirectory(vscode.Uri.from({ scheme: SCHEME, path: '/reports' }));
    const text = fs.readFileSync(path.join(REPO_ROOT, 'examples', 'kpi-dashboard.report.json'));
    memory.writeFile(report, new Uint8Array(text), { create: true, overwrite: false });
  });
  after(() => registration?.dispose());

  it('previews and builds it, shows the result in its panel, and exports the PDF beside it in that file system', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(report));
    const preview = await run('preview', report);
    assert.equal(preview.status, 'success', preview.message);
    assert.equal(resultTabs().length, 1, 'the result panel');
    const build = await run('build', report);
    assert.equal(build.status, 'success', build.message);
    assert.ok(build.pageCount && build.pageCount >= 1);
    // The result itself is the extension's own copy, on the extension host's disk.
    assert.ok(build.file && fs.existsSync(build.file), `the result file ${build.file}`);
    const exported = await waitFor('kpi.pdf beside the report', () => memory.entries.get('/reports/kpi.pdf'));
    assert.equal(new TextDecoder().decode(exported.data.subarray(0, 5)), '%PDF-');
    assert.deepEqual(
      memory
        .readDirectory(vscode.Uri.from({ scheme: SCHEME, path: '/reports' }))
        .map(([name]) => name)
        .sort(),
      ['kpi.pdf', 'kpi.report.json'],
      'nothing else written beside it',
    );
    assert.equal(resultTabs().length, 1, 'one panel for the report');
  });
});
