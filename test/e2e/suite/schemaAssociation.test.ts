// The two ways docs/schema-association.md gives for using the schema with other file names.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { closeAllEditors, EXTENSION_ID, rangeOf, REPO_ROOT, waitForDiagnostics } from './helpers';

const FIXTURE = path.join(REPO_ROOT, 'test/e2e/fixtures/broken.report.json');

function workspaceDir(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the e2e workspace is open');
  return folder.uri.fsPath;
}

/** A copy of the schema the installed extension ships, at <workspace>/schemas/. */
function copySchemaIntoWorkspace(): void {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext);
  fs.mkdirSync(path.join(workspaceDir(), 'schemas'), { recursive: true });
  fs.copyFileSync(
    path.join(ext.extensionPath, 'schemas', 'report.schema.json'),
    path.join(workspaceDir(), 'schemas', 'report.schema.json'),
  );
}

/** Writes the fixture under another name; `transform` may add a `$schema` line. */
function writeReport(relative: string, transform: (text: string) => string = (t) => t): vscode.Uri {
  const target = path.join(workspaceDir(), relative);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, transform(fs.readFileSync(FIXTURE, 'utf8')));
  return vscode.Uri.file(target);
}

async function expectEnumDiagnostic(uri: vscode.Uri): Promise<void> {
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document);
  const badEnum = rangeOf(document, ['config', 'colour_theme']);
  await waitForDiagnostics(uri, 'the schema error on colour_theme', (all) =>
    all.some((d) => d.range.isEqual(badEnum) && d.message.includes('Value is not accepted')),
  );
}

describe('attaching the schema to other file names', () => {
  before(copySchemaIntoWorkspace);
  after(async () => {
    await vscode.workspace.getConfiguration('json').update('schemas', undefined, vscode.ConfigurationTarget.Workspace);
    await closeAllEditors();
  });

  it('works with a "json.schemas" setting', async () => {
    const uri = writeReport('reports/q3-figures.json');
    await vscode.workspace
      .getConfiguration('json')
      .update('schemas', [{ fileMatch: ['/reports/*.json'], url: './schemas/report.schema.json' }], vscode.ConfigurationTarget.Workspace);
    await expectEnumDiagnostic(uri);
  });

  it('works with a "$schema" property holding a relative path', async () => {
    const uri = writeReport('drafts/q4.json', (t) => t.replace('{\n', '{\n  "$schema": "../schemas/report.schema.json",\n'));
    await expectEnumDiagnostic(uri);
  });
});
