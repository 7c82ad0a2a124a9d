import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ReportStudioApi } from '../../../src/extension/extension';
import { closeAllEditors, EXTENSION_ID, REPO_ROOT, waitFor } from './helpers';

describe('the installed extension', () => {
  it('is the packaged .vsix, not the source tree', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not installed`);
    const extensionsDir = process.env.REPORT_STUDIO_E2E_EXTENSIONS_DIR;
    assert.ok(extensionsDir, 'the launcher must set REPORT_STUDIO_E2E_EXTENSIONS_DIR');
    const installedUnder = path.relative(fs.realpathSync(extensionsDir), fs.realpathSync(ext.extensionPath));
    assert.ok(!installedUnder.startsWith('..') && !path.isAbsolute(installedUnder), `${ext.extensionPath} is not under ${extensionsDir}`);
    assert.notEqual(path.resolve(ext.extensionPath), REPO_ROOT);
    const repoManifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    assert.equal(ext.packageJSON.version, repoManifest.version);
    // What the .vsix ships, and only that.
    assert.ok(fs.existsSync(path.join(ext.extensionPath, 'dist', 'extension.js')));
    assert.ok(fs.existsSync(path.join(ext.extensionPath, 'dist', 'studio.js')), 'the full part is packaged beside the bootstrap');
    assert.ok(fs.existsSync(path.join(ext.extensionPath, 'schemas', 'report.schema.json')));
    assert.ok(!fs.existsSync(path.join(ext.extensionPath, 'src')), 'src/ must not be packaged');
    assert.ok(!fs.existsSync(path.join(ext.extensionPath, 'node_modules')), 'node_modules/ must not be packaged');
  });

  // These run first in a fresh window (activation.test.js sorts first), in order: no report is
  // open yet. The workbench may load the user's settings.json as a JSONC model at window start
  // (activating the extension as well), but not at a moment a test can count on.
  let plainDir: string;
  let plain: vscode.TextEditor;
  before(() => (plainDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-e2e-'))));
  after(async () => {
    await closeAllEditors(); // reverts the untitled file (active), closes the saved one
    fs.rmSync(plainDir, { recursive: true, force: true });
  });

  it('activates by itself for a JSON file that is not a report, as the bootstrap alone', async () => {
    const ext = vscode.extensions.getExtension<ReportStudioApi>(EXTENSION_ID);
    assert.ok(ext);
    const reports = vscode.workspace.textDocuments.filter((d) => /\.report\.jsonc?$/.test(d.uri.path) || d.getText().includes('"Report"'));
    assert.deepEqual(
      reports.map((d) => d.uri.toString()),
      [],
      'a report is open already: this window cannot show the bootstrap alone',
    );
    const file = path.join(plainDir, 'tsconfig.json');
    fs.writeFileSync(file, '{\n  "compilerOptions": { "strict": true }\n}\n');
    plain = await vscode.window.showTextDocument(vscode.Uri.file(file));
    // No ext.activate() here: the activation events in the manifest must do it.
    await waitFor('the extension to activate', () => ext.isActive);
    assert.deepEqual(ext.exports.activation, { stage: 'bootstrap', host: 'node' });
  });

  it('registers every contributed command before the full part loads', async () => {
    assert.equal(api().activation.stage, 'bootstrap');
    const all = await vscode.commands.getCommands(true);
    const contributed: { command: string }[] = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.commands ?? [];
    assert.ok(contributed.length > 0, 'the manifest contributes no commands');
    for (const { command } of contributed) assert.ok(all.includes(command), `${command} is contributed but not registered`);
  });

  it('loads nothing more while JSON that is not a report is edited or opened', async () => {
    // "type" at the top level, but not a report's.
    assert.ok(await plain.edit((e) => e.insert(new vscode.Position(1, 0), '  "type": "module",\n')));
    assert.ok(await plain.document.save());
    const untitled = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'json', content: '[1, 2]' }));
    assert.ok(await untitled.edit((e) => e.insert(new vscode.Position(0, 1), '{"type": "Reports"}, ')));
    // openTextDocument and edit() resolve after the extension host saw the document and the change.
    assert.deepEqual(api().activation, { stage: 'bootstrap', host: 'node' });
  });

  it('loads the full part when a report opens', async () => {
    const report = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'examples', 'invoice.report.json');
    await vscode.workspace.openTextDocument(report);
    const { stage, loadedBy, duringActivate } = api().activation;
    assert.deepEqual({ stage, loadedBy, duringActivate }, { stage: 'full', loadedBy: 'report', duringActivate: false });
  });
});

function api(): ReportStudioApi {
  const ext = vscode.extensions.getExtension<ReportStudioApi>(EXTENSION_ID);
  assert.ok(ext?.isActive, `${EXTENSION_ID} is not active`);
  return ext.exports;
}
