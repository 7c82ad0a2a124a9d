import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, REPO_ROOT, waitFor } from './helpers';

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
    assert.ok(fs.existsSync(path.join(ext.extensionPath, 'schemas', 'report.schema.json')));
    assert.ok(!fs.existsSync(path.join(ext.extensionPath, 'src')), 'src/ must not be packaged');
    assert.ok(!fs.existsSync(path.join(ext.extensionPath, 'node_modules')), 'node_modules/ must not be packaged');
  });

  it('activates by itself in a workspace holding *.report.json files', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    // No ext.activate() here: the activation events in the manifest must do it.
    await waitFor('the extension to activate', () => ext.isActive);
  });

  it('registers its commands', async () => {
    const all = await vscode.commands.getCommands(true);
    const contributed: { command: string }[] = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.commands ?? [];
    assert.ok(contributed.length > 0, 'the manifest contributes no commands');
    for (const { command } of contributed) assert.ok(all.includes(command), `${command} is contributed but not registered`);
  });
});
