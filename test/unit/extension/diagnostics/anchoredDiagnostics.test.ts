// ServiceDiagnostics and RenderNoteDiagnostics with the vscode stub: the content changes of
// onDidChangeTextDocument reach the incremental re-anchoring (several per event, several events
// per debounce), what did not move keeps its diagnostic object, and whatever the extension
// shows after an edit is what anchoring afresh on the document's text gives.
import { strict as assert } from 'node:assert';
import { anchorEntries } from '../../../../src/core/loc/anchorEntries';
import { anchorNotes, recordNotes } from '../../../../src/core/loc/renderNotes';
import { LineIndex } from '../../../../src/core/loc/lineIndex';
import { applyChange } from '../../../../src/core/loc/textChanges';
import type { TextChange } from '../../../../src/core/loc/textChanges';
import {
  createVscodeStub,
  installVscodeStub,
  TestDiagnostic as Diagnostic,
  TestDiagnosticRelatedInformation as DiagnosticRelatedInformation,
  TestLocation as Location,
  TestPosition as Position,
  TestRange as Range,
  TestUri,
} from '../../../helpers/vscodeStub';
import { ENTRIES, SENT } from '../../core/loc/fixtures/anchoringFixture';
import { waitFor } from '../../../helpers/waitFor';

type ServiceModule = typeof import('../../../../src/extension/diagnostics/serviceDiagnostics');
type NotesModule = typeof import('../../../../src/extension/diagnostics/renderNoteDiagnostics');
type Listener<T> = (e: T) => void;

describe('extension: diagnostics that follow edits incrementally', () => {
  let service: ServiceModule;
  let notes: NotesModule;
  let uninstall: () => void;
  const listeners: { change: Array<Listener<unknown>>; open: Array<Listener<unknown>> } = { change: [], open: [] };
  const shown = new Map<string, Diagnostic[]>();
  /** What the editor's schema validation shows per file (for the one-problem rule). */
  const schema = new Map<string, Diagnostic[]>();
  const diagnosticsChanged: Array<Listener<{ uris: TestUri[] }>> = [];
  const openDocuments: unknown[] = [];

  before(() => {
    const stub = createVscodeStub();
    const v = stub.module as Record<string, unknown>;
    Object.assign(v, {
      Position,
      Range,
      Diagnostic,
      Location,
      DiagnosticRelatedInformation,
      Uri: TestUri,
      DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2 },
    });
    v.languages = {
      onDidChangeDiagnostics: (l: Listener<{ uris: TestUri[] }>) => (diagnosticsChanged.push(l), { dispose: () => undefined }),
      getDiagnostics: (uri: TestUri) => [...(schema.get(uri.toString()) ?? []), ...(shown.get(uri.toString()) ?? [])],
      createDiagnosticCollection: () => ({
        set: (uri: TestUri, list: Diagnostic[]) => void shown.set(uri.toString(), list),
        delete: (uri: TestUri) => void shown.delete(uri.toString()),
        clear: () => shown.clear(),
        dispose: () => undefined,
      }),
    };
    v.workspace = {
      textDocuments: openDocuments,
      onDidChangeTextDocument: (l: Listener<unknown>) => (listeners.change.push(l), { dispose: () => undefined }),
      onDidOpenTextDocument: (l: Listener<unknown>) => (listeners.open.push(l), { dispose: () => undefined }),
    };
    uninstall = installVscodeStub(stub);
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place */
    service = require('../../../../src/extension/diagnostics/serviceDiagnostics');
    notes = require('../../../../src/extension/diagnostics/renderNoteDiagnostics');
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  after(() => uninstall());
  beforeEach(() => {
    listeners.change.length = 0;
    listeners.open.length = 0;
    shown.clear();
    schema.clear();
    openDocuments.length = 0;
  });

  /** A document whose edits fire onDidChangeTextDocument with VS Code's content changes. */
  function doc(text: string) {
    const d = {
      uri: TestUri.file('/work/a.report.json'),
      text,
      getText: () => d.text,
      positionAt: (offset: number) => {
        const p = new LineIndex(d.text).positionAt(offset);
        return new Position(p.line, p.character);
      },
      offsetAt: (p: Position) => new LineIndex(d.text).offsetAt(p),
      /** One event with these changes, applied one after the other. */
      edit(...changes: TextChange[]) {
        for (const c of changes) d.text = applyChange(d.text, c)!;
        const contentChanges = changes.map((c) => ({ rangeOffset: c.offset, rangeLength: c.length, text: c.text }));
        for (const l of listeners.change) l({ document: d, contentChanges });
      },
    };
    return d;
  }
  const rangesOf = (list: readonly Diagnostic[] | undefined) =>
    (list ?? []).map((x) => [x.range.start.line, x.range.start.character, x.range.end.line, x.range.end.character, x.message]);
  /** What a diagnostics object shows for the document (the stub's Diagnostic). */
  const current = (diagnostics: { get(uri: never): readonly unknown[] }, d: { uri: TestUri }) =>
    diagnostics.get(d.uri as never) as readonly Diagnostic[];
  /** What anchoring the entries afresh on the document's text shows, in the same terms. */
  const fresh = (d: ReturnType<typeof doc>) =>
    anchorEntries(d.text, ENTRIES, { sentText: SENT }).map((a) => {
      const s = d.positionAt(a.diagnostic.range.start);
      const e = d.positionAt(a.diagnostic.range.end);
      return [s.line, s.character, e.line, e.character, a.diagnostic.message];
    });
  const at = (d: { text: string }, s: string) => d.text.indexOf(s);

  it('an edit above every entry moves each diagnostic; one below leaves them as the same objects', () => {
    const diagnostics = new service.ServiceDiagnostics({ reanchorDelayMs: 60_000 });
    const d = doc(SENT);
    const first = diagnostics.setFromValidationError(d as never, SENT, ENTRIES);
    assert.equal(first.length, 3);

    d.edit({ offset: at(d, '"report_title"'), length: 0, text: '"report_byline": "b",\n    ' });
    diagnostics.flush(d as never);
    const moved = current(diagnostics, d);
    assert.deepEqual(rangesOf(moved), fresh(d));
    assert.equal(moved[0].range.start.line, 6);

    d.edit({ offset: d.text.length - 1, length: 0, text: '\n' });
    diagnostics.flush(d as never);
    const after = current(diagnostics, d);
    assert.deepEqual(rangesOf(after), fresh(d));
    after.forEach((x, i) => assert.equal(x, moved[i], 'an edit below keeps the diagnostic object'));
    diagnostics.dispose();
  });

  it('an entry about a node the schema validation marks is left to it; the others are in plain words with the raw entry at hand', () => {
    const diagnostics = new service.ServiceDiagnostics({ reanchorDelayMs: 60_000 });
    const d = doc(SENT);
    openDocuments.push(d);
    const range = (needle: string, after = '') => {
      const start = d.text.indexOf(needle, at(d, after));
      return new Range(d.positionAt(start), d.positionAt(start + needle.length));
    };
    // The JSON language service marks the Spacer's -2 and the Card's options (its words are localised: only the node counts).
    const below = Object.assign(new Diagnostic(range('-2'), 'Value is below the minimum of 0.', 1), { source: 'json' });
    const missing = Object.assign(new Diagnostic(range('"options"', '"Card"'), 'Missing property "value".', 1), { source: 'json' });
    // A JSON syntax error (code 0x100 and above) is not a schema problem: it hides nothing.
    const syntax = Object.assign(new Diagnostic(range('"three"'), 'Trailing comma', 0), { source: 'json', code: 0x207 });
    schema.set(d.uri.toString(), [below, missing, syntax]);
    const all = diagnostics.setFromValidationError(d as never, SENT, ENTRIES);
    assert.equal(all.length, 3, 'one diagnostic per entry (the result panel lists them all)');
    const published = shown.get(d.uri.toString()) ?? [];
    assert.deepEqual(
      published.map((x) => x.code),
      ['int_parsing'],
      'the Card and Spacer entries are left to the schema',
    );
    assert.match(published[0].message, /^"columns" should be a whole number, got "three"$/);
    assert.match(
      String(published[0].relatedInformation?.[0]?.message),
      /^The service said: Input should be a valid integer, unable to parse string/,
    );
    // The schema's diagnostic goes (the author fixed the value elsewhere, or the language service re-ran): the entry comes back.
    schema.set(d.uri.toString(), [missing]);
    for (const l of diagnosticsChanged) l({ uris: [d.uri] });
    assert.deepEqual(
      shown.get(d.uri.toString())?.map((x) => x.code),
      ['int_parsing', 'greater_than_equal'],
    );
    diagnostics.dispose();
  });

  it('several changes per event and several events before the debounce fires compose', async () => {
    const diagnostics = new service.ServiceDiagnostics({ reanchorDelayMs: 5 });
    const d = doc(SENT);
    diagnostics.setFromValidationError(d as never, SENT, ENTRIES);
    // A multi-cursor edit (VS Code sends it from the end backwards), then a fix, then typing above.
    d.edit({ offset: at(d, '-2'), length: 2, text: '-5' }, { offset: at(d, '"Ops"') + 1, length: 0, text: 'Fleet ' });
    d.edit({ offset: at(d, '"three"'), length: 7, text: '3' });
    d.edit({ offset: at(d, '"components"'), length: 0, text: '// the body\n  ' });
    await waitFor('the re-anchored diagnostics', () => shown.get(d.uri.toString())?.length === 1);
    assert.deepEqual(rangesOf(shown.get(d.uri.toString())), fresh(d));
    assert.equal(shown.get(d.uri.toString())!.length, 1, 'the columns and the space were changed: only the missing value is left');

    // Undo everything: back on the sent text, every entry is shown again.
    d.text = SENT;
    for (const l of listeners.open) l(d);
    await waitFor('every entry shown again', () => shown.get(d.uri.toString())?.length === 3);
    assert.deepEqual(rangesOf(shown.get(d.uri.toString())), fresh(d));
    assert.equal(shown.get(d.uri.toString())!.length, 3);
    diagnostics.dispose();
  });

  it('an edit it did not hear about (text changed without an event) is caught: everything is anchored afresh', () => {
    const diagnostics = new service.ServiceDiagnostics({ reanchorDelayMs: 60_000 });
    const d = doc(SENT);
    diagnostics.setFromValidationError(d as never, SENT, ENTRIES);
    d.text = d.text.replace('"Deliveries"', '"Deliveries", "value": 1');
    d.edit({ offset: 0, length: 0, text: '\n' });
    diagnostics.flush(d as never);
    assert.deepEqual(rangesOf(current(diagnostics, d)), fresh(d));
    assert.equal(current(diagnostics, d).length, 2);
    diagnostics.dispose();
  });

  it('render notes follow edits too, and an overflow goes once multi-page is switched on', () => {
    const diagnostics = new notes.RenderNoteDiagnostics(60_000);
    const d = doc(SENT);
    const list = [
      { kind: 'overflow' as const, path: ['components', 3], message: 'cut' },
      { kind: 'font-fallback' as const, path: ['options', 'report_title'], message: 'font' },
    ];
    diagnostics.set(d as never, SENT, list);
    d.edit({ offset: at(d, '{ "type": "Card"'), length: 0, text: '\n    ' });
    diagnostics.flush(d as never);
    const expected = (text: string) =>
      anchorNotes(text, recordNotes(SENT, list), { sentText: SENT }).map((a) => [d.positionAt(a.diagnostic.range.start).line, a.note.kind]);
    const lines = () => current(diagnostics, d).map((x, i) => [x.range.start.line, list[i]?.kind]);
    assert.deepEqual(lines(), expected(d.text));
    d.edit({ offset: at(d, 'false'), length: 5, text: 'true' });
    diagnostics.flush(d as never);
    assert.deepEqual(
      current(diagnostics, d).map((x) => x.code),
      ['font-fallback'],
    );
    diagnostics.dispose();
  });
});
