// A single-page report that does not fit, inside the real VS Code with the installed extension:
// "Report Studio: Preview" renders it on the bundled local service, whose overflow note
// becomes a warning on the first component that was cut; the quick fix "Enable multi-page
// reports" sets config.enable_multi_page, the warning goes, and the next preview is clean.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { parse } from 'jsonc-parser';
import { closeAllEditors, describeDiagnostic as show, rangeOf, waitFor, waitForDiagnostics, tempFile } from './helpers';
import { run, useSettings } from './studio';
import { overflowingReport } from '../../helpers/overflowReport';

const SOURCE = 'Report Studio render';
const notesOf = (all: readonly vscode.Diagnostic[]) => all.filter((d) => d.source === SOURCE);

/** Outcome of reportStudio.preview with the notes it carries (src/extension/submit/types.ts). */
interface PreviewOutcome {
  status: string;
  notes?: Array<{ kind: string; path: Array<string | number>; message: string }>;
}

const section = (title: string, rows: number) => ({
  type: 'Section',
  options: { section_title: title },
  components: [
    {
      type: 'Table',
      options: { headings: ['Item', 'Amount'], rows: Array.from({ length: rows }, (_, i) => [`${title} ${i + 1}`, String(100 + i)]) },
    },
  ],
});

/**
 * Two sections of 13 rows fit one page; the third, "Spare parts", does not even start (its
 * title and first rows would not fit: ±1 row either way keeps it so). No config: single page.
 */
const OVERFLOWING = `${JSON.stringify(
  {
    type: 'Report',
    options: { report_title: 'Stock count' },
    components: [section('Bicycles', 13), section('Helmets', 13), section('Spare parts', 13), section('Tools', 3)],
  },
  null,
  2,
)}\n`;

describe('Render notes: a single-page overflow as a warning with a quick fix (Preview)', () => {
  useSettings({ service: 'local', previewOnSave: 'off' }, closeAllEditors);

  it('warns on the first component cut, and "Enable multi-page reports" sets config.enable_multi_page', async () => {
    const document = await vscode.workspace.openTextDocument(tempFile('overflow.report.json', OVERFLOWING));
    await vscode.window.showTextDocument(document);
    const first = await run<PreviewOutcome>('preview');
    assert.equal(first.status, 'success', JSON.stringify(first));
    const overflow = first.notes?.find((n) => n.kind === 'overflow');
    assert.ok(overflow, `an overflow note: ${JSON.stringify(first.notes)}`);
    assert.deepEqual(overflow.path, ['components', 2]);

    const [warning] = notesOf(await waitForDiagnostics(document.uri, 'the overflow warning', (all) => notesOf(all).length === 1));
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning, show(warning));
    assert.equal(warning.code, 'overflow');
    assert.match(
      warning.message,
      /Section "Spare parts" and everything after it did not fit on the single page; set config\.enable_multi_page to true/,
    );
    // On the cut section itself: its "type" property (the section is too long to underline whole).
    const typeRange = rangeOf(document, ['components', 2, 'type']);
    assert.equal(warning.range.start.line, typeRange.start.line, `${show(warning)} is not on the "Spare parts" section`);
    assert.equal(document.getText(warning.range), '"type": "Section"');

    const actions = await waitFor('the quick fix', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        document.uri,
        warning.range,
        vscode.CodeActionKind.QuickFix.value,
      );
      const fix = found.find((a) => a.title === 'Enable multi-page reports');
      return fix ? found : undefined;
    });
    const fix = actions.find((a) => a.title === 'Enable multi-page reports')!;
    assert.equal(fix.kind?.value, vscode.CodeActionKind.QuickFix.value);
    assert.equal(fix.isPreferred, true);
    assert.ok(fix.edit && (await vscode.workspace.applyEdit(fix.edit)));
    const body = parse(document.getText()) as { config?: { enable_multi_page?: unknown }; components: unknown[] };
    assert.equal(body.config?.enable_multi_page, true, document.getText());
    assert.equal(body.components.length, 4, 'nothing else changed');
    // The cause is gone: the warning goes on the edit, before any new preview.
    await waitForDiagnostics(document.uri, 'the warning to go after the fix', (all) => notesOf(all).length === 0);

    const second = await run<PreviewOutcome>('preview');
    assert.equal(second.status, 'success', JSON.stringify(second));
    assert.deepEqual(second.notes ?? [], []);
    assert.deepEqual(notesOf(vscode.languages.getDiagnostics(document.uri)), []);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('the warning follows its section when lines are inserted above it', async () => {
    const document = await vscode.workspace.openTextDocument(tempFile('overflow-moves.report.json', OVERFLOWING));
    const editor = await vscode.window.showTextDocument(document);
    assert.equal((await run<PreviewOutcome>('preview')).status, 'success');
    await waitForDiagnostics(document.uri, 'the overflow warning', (all) => notesOf(all).length === 1);
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(1, 0), '\n\n\n')));
    const [moved] = notesOf(
      await waitForDiagnostics(document.uri, 'the warning three lines down', (all) =>
        notesOf(all).some((d) => d.range.start.line === rangeOf(document, ['components', 2, 'type']).start.line),
      ),
    );
    assert.equal(document.getText(moved.range), '"type": "Section"');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});

describe('Render notes: the live view and the last Build put them on their components (issue 30)', () => {
  useSettings({ service: 'local', previewOnSave: 'off' }, closeAllEditors);

  /** The overflow warning shown for the document, on the "type" line of its twelve-section report's first cut section. */
  async function overflowWarning(document: vscode.TextDocument, why: string): Promise<vscode.Diagnostic> {
    const [warning, ...others] = notesOf(await waitForDiagnostics(document.uri, why, (all) => notesOf(all).length > 0));
    assert.deepEqual(others, [], 'one note, one problem');
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning, show(warning));
    assert.equal(warning.code, 'overflow');
    assert.equal(document.getText(warning.range), '"type": "Section"');
    return warning;
  }

  it('the live view: a cut single page is a warning with "Enable multi-page reports"; the fix redraws and clears it', async () => {
    const document = await vscode.workspace.openTextDocument(tempFile('live-overflow.report.json', overflowingReport('Live overflow')));
    await vscode.window.showTextDocument(document);
    const outcome = await vscode.commands.executeCommand<{ status: string }>('reportStudio.openLivePreview', document.uri);
    assert.equal(outcome?.status, 'shown', JSON.stringify(outcome));
    const warning = await overflowWarning(document, 'the live view’s overflow warning');
    const cut = parse(document.getText()) as { components: unknown[] };
    assert.ok(cut.components.length === 12);
    const actions = await waitFor('the quick fix', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        document.uri,
        warning.range,
        vscode.CodeActionKind.QuickFix.value,
      );
      return found.some((a) => a.title === 'Enable multi-page reports') ? found : undefined;
    });
    const fix = actions.find((a) => a.title === 'Enable multi-page reports')!;
    assert.ok(fix.edit && (await vscode.workspace.applyEdit(fix.edit)));
    // The edit removes the cause (re-anchoring), and the live view's next drawing has no note.
    await waitForDiagnostics(document.uri, 'the warning to go after the fix', (all) => notesOf(all).length === 0);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('the last Build: its notes are warnings too, replaced by the next run', async () => {
    const document = await vscode.workspace.openTextDocument(tempFile('build-overflow.report.json', overflowingReport('Build overflow')));
    await vscode.window.showTextDocument(document);
    const built = await run<PreviewOutcome>('build');
    assert.equal(built.status, 'success', JSON.stringify(built));
    await overflowWarning(document, 'the Build’s overflow warning');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
