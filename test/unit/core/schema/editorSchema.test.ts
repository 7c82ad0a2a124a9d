// The schema VS Code's JSON service reads for report files (schemas/report.editor.schema.json):
// driven through vscode-json-languageservice, the engine VS Code runs, it completes and explains
// as the report schema does but reports no problem of its own — the extension's check reports
// them, errors and warnings apart (issue 30: the JSON service makes every one a warning).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getLanguageService, TextDocument } from 'vscode-json-languageservice';

const ROOT = join(__dirname, '..', '..', '..', '..');
const SCHEMAS = 'file:///work/schemas/';
const files: Record<string, string> = {
  [`${SCHEMAS}report.schema.json`]: readFileSync(join(ROOT, 'schemas/report.schema.json'), 'utf8'),
  [`${SCHEMAS}report.editor.schema.json`]: readFileSync(join(ROOT, 'schemas/report.editor.schema.json'), 'utf8'),
};
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  contributes: { jsonValidation: { fileMatch: string[]; url: string }[] };
};

function service(schema: string) {
  const ls = getLanguageService({
    schemaRequestService: async (uri) => {
      if (files[uri]) return files[uri];
      throw new Error(`unexpected schema request ${uri}`);
    },
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).toString() },
  });
  ls.configure({ validate: true, allowComments: false, schemas: [{ uri: `${SCHEMAS}${schema}`, fileMatch: ['*.report.json'] }] });
  return ls;
}

const BROKEN = readFileSync(join(ROOT, 'test/e2e/fixtures/broken.report.json'), 'utf8');
let counter = 0;
const doc = (text: string) => TextDocument.create(`file:///work/r/doc${counter++}.report.json`, 'json', 1, text);

describe('the editor schema (what VS Code’s JSON service reads)', () => {
  const editor = service('report.editor.schema.json');

  it('is the one package.json attaches to report files', () => {
    assert.deepEqual(
      manifest.contributes.jsonValidation.map((v) => v.url),
      ['./schemas/report.editor.schema.json'],
    );
  });

  it('reports no schema problem where the full schema reports them (the extension does), nor a trailing comma', async () => {
    const full = service('report.schema.json');
    const d = doc(BROKEN);
    assert.equal((await full.doValidation(d, full.parseJSONDocument(d))).length, 2, 'the fixture has two mistakes');
    assert.deepEqual(await editor.doValidation(d, editor.parseJSONDocument(d)), []);
    const comma = doc('{ "type": "Report", }');
    assert.deepEqual(await editor.doValidation(comma, editor.parseJSONDocument(comma)), []);
  });

  it('still reports JSON syntax errors', async () => {
    const d = doc('{ "type": "Report" "options": {} }');
    assert.ok((await editor.doValidation(d, editor.parseJSONDocument(d))).length > 0);
  });

  it('completes enum values, component types and options, and the New report snippet', async () => {
    const at = async (text: string, marker: string) => {
      const withCursor = BROKEN.replace(text, marker);
      const offset = withCursor.indexOf('|');
      const d = doc(withCursor.replace('|', ''));
      return ((await editor.doComplete(d, d.positionAt(offset), editor.parseJSONDocument(d)))?.items ?? []).map((i) => i.label);
    };
    assert.ok((await at('"colour_theme": "rainbow"', '"colour_theme": "|"')).includes('"forest"'));
    assert.ok((await at('"type": "Card",', '"type": "|",')).includes('"Section"'));
    const cardOptions = await at('"title": "Revenue",', '"title": "Revenue", |');
    assert.ok(cardOptions.includes('value') && !cardOptions.includes('section_title'), cardOptions.join(', '));
    const empty = doc('');
    const snippets = (await editor.doComplete(empty, empty.positionAt(0), editor.parseJSONDocument(empty)))?.items ?? [];
    assert.deepEqual(
      snippets.map((i) => i.label),
      ['New report'],
    );
  });

  it('explains an option on hover', async () => {
    const d = doc(BROKEN);
    const hover = await editor.doHover(d, d.positionAt(BROKEN.indexOf('"section_title"') + 3), editor.parseJSONDocument(d));
    assert.match(JSON.stringify(hover?.contents), /Heading shown at the top of the section/);
  });
});
