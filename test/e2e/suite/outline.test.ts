// The outline (document symbols) of report documents and the Open Example command, in the
// real VS Code with the installed extension.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { REPO_ROOT, tempCopy, waitFor, revertAllEditors } from './helpers';

/** Symbols of all providers (VS Code's JSON extension adds the raw keys); ours start with `Report`. */
async function reportSymbols(uri: vscode.Uri): Promise<vscode.DocumentSymbol | undefined> {
  const symbols = (await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', uri)) ?? [];
  return symbols.find((s) => /^Report( "|$)/.test(s.name));
}

function names(symbol: vscode.DocumentSymbol): string[] {
  return symbol.children.map((c) => c.name);
}

describe('outline of report documents', () => {
  after(async () => {
    await revertAllEditors();
  });

  it('shows the component tree with descriptive names and exact ranges', async () => {
    const document = await vscode.workspace.openTextDocument(tempCopy('examples/kpi-dashboard.report.json'));
    await vscode.window.showTextDocument(document);
    const report = await waitFor('the report symbols', () => reportSymbols(document.uri));
    assert.equal(report.name, 'Report "Weekly KPI Dashboard"');
    assert.equal(report.kind, vscode.SymbolKind.File);
    assert.deepEqual(names(report), ['Options', 'Config', 'Section "Sales"', 'Section "Customers"', 'Row', 'Section "Operations"']);
    const sales = report.children[2];
    assert.equal(sales.kind, vscode.SymbolKind.Namespace);
    assert.deepEqual(names(sales), ['Card "Revenue"', 'Card "Orders"', 'Card "Avg. order value"', 'Card "Refund rate"']);
    const revenue = sales.children[0];
    assert.equal(revenue.detail, '$482.3k');
    assert.equal(document.getText(revenue.selectionRange), '"Revenue"');
    assert.ok(document.getText(revenue.range).startsWith('{') && document.getText(revenue.range).includes('"type": "Card"'));
    assert.ok(sales.range.contains(revenue.range));
    assert.deepEqual(names(report.children[4]), ['Chart.Bar "Revenue by channel (k$)"', 'Text "Highlights"']);
  });

  it('outlines any JSON whose top level says "type": "Report", and no other JSON', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-e2e-outline-'));
    const named = path.join(dir, 'q3-figures.json');
    fs.writeFileSync(
      named,
      '{\n  "options": { "report_title": "Q3" },\n  "type": "Report",\n  "components": [ { "type": "Card", "options": { "title": "Views", "value": 1 } } ]\n}\n',
    );
    const other = path.join(dir, 'settings.json');
    fs.writeFileSync(other, '{\n  "type": "module",\n  "components": [ { "type": "Card" } ]\n}\n');
    const report = await waitFor('symbols of q3-figures.json', async () => {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(named));
      return reportSymbols(vscode.Uri.file(named));
    });
    assert.deepEqual(names(report), ['Options', 'Card "Views"']);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(other));
    const symbols = await waitFor('the JSON symbols of settings.json', async () => {
      const found = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
        'vscode.executeDocumentSymbolProvider',
        vscode.Uri.file(other),
      );
      return found?.length ? found : undefined;
    });
    assert.ok(!symbols.some((s) => s.name.startsWith('Report')), `ours must stay out: ${symbols.map((s) => s.name).join(', ')}`);
  });
});

describe('Report Studio: Open Example', () => {
  after(async () => {
    await revertAllEditors();
  });

  it('opens a bundled example as an unsaved copy named after it', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('reportStudio.openExample', 'invoice');
    assert.ok(uri, 'the command returns the new document');
    const document = vscode.window.activeTextEditor?.document;
    assert.equal(document?.uri.toString(), uri.toString());
    assert.equal(uri.scheme, 'untitled');
    assert.equal(path.posix.basename(uri.path), 'invoice.report.json');
    assert.equal(document.languageId, 'json');
    assert.equal(document.getText(), fs.readFileSync(path.join(REPO_ROOT, 'examples', 'invoice.report.json'), 'utf8'));
    const report = await waitFor('the example outline', () => reportSymbols(uri));
    assert.ok(names(report).includes('Table "Services"'));
    // A second copy gets its own name; the extension's own example file is untouched.
    const second = await vscode.commands.executeCommand<vscode.Uri>('reportStudio.openExample', 'invoice.report.json');
    assert.equal(path.posix.basename(second.path), 'invoice-2.report.json');
  });
});
