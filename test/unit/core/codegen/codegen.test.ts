import { strict as assert } from 'node:assert';
import {
  CODE_LANGUAGES,
  codeLanguage,
  CodegenError,
  generateCode,
  API_KEY_ENV,
  isOnReportRoot,
  type CodeInput,
} from '../../../../src/core/codegen';
import { API_PATHS, DEFAULT_HOSTED_BASE_URL, type TaskKind } from '../../../../src/core/api/types';
import { jsoncToJson } from '../../../../src/core/loc/jsoncText';

const LOCAL = 'http://127.0.0.1:41234/api/v1';
/** Every character a language could take for code: quotes of each kind, `$`, `${`, backticks, a backslash, escapes, line separators, astral and combining letters. */
const TRICKY = `It's "q" $HOME \${x} \`id\` $(id) a\\b \\n """ ''' #{x} %s é 😀 e\u0301 \u2028\u2029 </script>`;
const TEXT = `{
  // a comment
  "type": "Report",
  "options": { "report_title": ${JSON.stringify(TRICKY)}, "report_byline": "two\\nlines", },
  /* block */
  "config": { "enable_multi_page": true, "n_pages": null, "watermark": false },
  "components": [{ "type": "Spacer", "options": { "space": 1.0, "big": 1e3, "neg": -0.5 } }, { "type": "Row", "options": {}, "components": [] },],
}`;
const VALUE = JSON.parse(jsoncToJson(TEXT).body) as unknown;

function input(over: Partial<CodeInput> = {}): CodeInput {
  return { text: TEXT, kind: 'build', baseUrl: LOCAL, fileName: 'sales.report.json', ...over };
}
const code = (id: string, over?: Partial<CodeInput>): string => generateCode(codeLanguage(id)!, input(over));
/** How a snippet submits a build or a preview: the SDKs by their method, the others by the path. */
const SUBMIT: Record<TaskKind, { path: string; sdk: string }> = {
  build: { path: API_PATHS.buildReport, sdk: 'client.buildReport(' },
  preview: { path: API_PATHS.previewReport, sdk: 'client.previewReport(' },
};
function submits(id: string, snippet: string, kind: TaskKind): boolean {
  return snippet.includes(id.startsWith('node-sdk') ? SUBMIT[kind].sdk : SUBMIT[kind].path);
}

/** The text between `start` and the first line after it that is exactly `end`. */
function between(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  assert.ok(from >= 0, `no ${start}`);
  const rest = text.slice(from + start.length);
  return rest.slice(0, rest.indexOf(end));
}

describe('Copy as… code generators', () => {
  for (const language of CODE_LANGUAGES) {
    describe(language.label, () => {
      it('calls the three endpoints of the selected service with the key from the environment, never in a URL', () => {
        const snippet = code(language.id);
        assert.ok(snippet.includes(LOCAL), 'the base URL');
        assert.ok(submits(language.id, snippet, 'build') && !submits(language.id, snippet, 'preview'), 'submits a build');
        // The SDKs ask for the task's status themselves.
        const paths = language.id.startsWith('node-sdk') ? [API_PATHS.report] : [API_PATHS.taskStatus, API_PATHS.report];
        for (const path of paths) assert.ok(snippet.includes(path), path);
        assert.ok(snippet.includes('X-API-KEY'), 'the key header');
        assert.ok(snippet.includes(API_KEY_ENV), 'the environment variable');
        assert.doesNotMatch(snippet, /api_key=/, 'the key in a query string');
        assert.ok(snippet.includes('sales.pdf'), 'the output file');
      });

      it('a preview asks preview-report and saves a JPEG', () => {
        const snippet = code(language.id, { kind: 'preview' });
        assert.ok(submits(language.id, snippet, 'preview') && !submits(language.id, snippet, 'build'));
        assert.ok(snippet.includes('sales.jpg'));
      });

      it('says in plain words which JSON error stops it, with the line and column', () => {
        assert.throws(
          () => code(language.id, { text: '{\n  "type": "Report",\n  "options": {\n}' }),
          (e: unknown) => e instanceof CodegenError && /sales\.report\.json is not valid JSON \(.* at line 4, column 2\)/.test(e.message),
        );
        // Every line end the editor counts (\r\n, a lone \r) counts here too.
        assert.throws(() => code(language.id, { text: '{\r\n  "type": "Report",\r  "options": {\r\n}' }), /at line 4, column 2\)/);
        assert.throws(() => code(language.id, { text: '[1, 2]' }), /top level is not a JSON object/);
        assert.throws(() => code(language.id, { text: '' }), /not valid JSON/);
      });

      it('a file name with a line break cannot end a comment and run as code', () => {
        const snippet = code(language.id, { fileName: 'a\nrm -rf ~\n.report.json' });
        assert.ok(!snippet.split('\n').some((line) => line.startsWith('rm -rf')));
      });
    });
  }

  it('JavaScript snippets: the report literal evaluates to exactly the report (comments and trailing commas gone, tricky characters intact)', () => {
    for (const id of ['node-fetch', 'node-sdk', 'node-sdk-api']) {
      const literal = between(code(id), 'const report = ', '};\n') + '}';
      assert.deepEqual(new Function(`return ${literal};`)(), VALUE, id);
      assert.ok(literal.includes('"space": 1.0') && literal.includes('"big": 1e3'), 'numbers as written');
      assert.ok(literal.includes('\\u2028\\u2029'), 'line separators escaped');
    }
  });

  it('cURL: the body is in a quoted here-document (no expansion) and is exactly the report as JSON', () => {
    const snippet = code('curl');
    assert.ok(snippet.includes("<<'REPORT_JSON'\n"));
    const body = between(snippet, "<<'REPORT_JSON'\n", '\nREPORT_JSON\n');
    assert.deepEqual(JSON.parse(body), VALUE);
    assert.equal(snippet.split('\n').filter((l) => l === 'REPORT_JSON').length, 1, 'the terminator occurs once');
    assert.match(snippet, /^base='http:\/\/127\.0\.0\.1:41234\/api\/v1'$/m);
    assert.match(snippet, /-H @<\(printf 'X-API-KEY: %s\\n' "\$HYBISCUS_API_KEY"\)/, 'the key is read from a descriptor, not an argument');
  });

  it('Python: the dict literal spells true, false and null the Python way and keeps strings as JSON-escaped literals', () => {
    const snippet = code('python');
    const literal = between(snippet, 'report = ', '\n}\n') + '\n}';
    assert.match(literal, /"enable_multi_page": True/);
    assert.match(literal, /"watermark": False/);
    assert.match(literal, /"n_pages": None/);
    assert.ok(!/\btrue\b|\bfalse\b|\bnull\b/.test(literal.replace(/"(?:[^"\\]|\\.)*"/g, '')), 'a JSON word outside a string');
    assert.ok(literal.includes(`"report_title": ${JSON.stringify(TRICKY).replace('\u2028', '\\u2028').replace('\u2029', '\\u2029')}`));
    assert.ok(literal.includes('"space": 1.0'), 'a float stays a float');
  });

  it('@hybiscus/web-api: pointed at another service through its fetch argument, which follows no redirect', () => {
    assert.match(code('node-sdk'), /new HybiscusClient\(apiKey, sdkFetch\)/);
    assert.match(code('node-sdk'), /\.replace\("https:\/\/api\.hybiscus\.dev\/api\/v1", baseUrl\), \{ \.\.\.init, redirect: "manual" \}\)/);
    const hosted = code('node-sdk', { baseUrl: DEFAULT_HOSTED_BASE_URL });
    assert.match(hosted, /const sdkFetch = \(url, init\) => fetch\(url, \{ \.\.\.init, redirect: "manual" \}\);/);
    assert.ok(!hosted.includes('.replace('));
    assert.match(code('node-sdk'), /reportSchema: report/);
  });

  it('@hybiscus/api: the base URL is its asyncBaseURL option and the report its reportJSON', () => {
    const snippet = code('node-sdk-api', { kind: 'preview' });
    assert.match(snippet, /new HybiscusClient\(\{ apiKey, asyncBaseURL: baseUrl, timeout: \d+ \}\)/);
    assert.match(snippet, /client\.previewReport\(\{ reportJSON: report \}\)/);
  });

  it('the output name is the report file name made safe for every shell', () => {
    assert.match(code('curl', { fileName: 'Q3 sales (final).report.json' }), /out="\$\{1:-Q3-sales-final\.pdf\}"/);
    assert.match(code('python', { fileName: '.report.json', kind: 'preview' }), /else "report\.jpg"/);
  });
});

describe('where Copy as… is offered as a code action', () => {
  const text = '{\n  // note\n  "type": "Report",\n\n  "options": { "report_title": "T" },\n  "components": [{ "type": "Text" }]\n}';
  const at = (needle: string, delta = 0): number => text.indexOf(needle) + delta;

  it('on the root braces, between root properties and on the "type" line', () => {
    for (const offset of [0, at('"type"'), at('"Report"', 3), at('\n\n', 1), text.length]) {
      assert.ok(isOnReportRoot(text, offset), `offset ${offset}: ${JSON.stringify(text.slice(offset, offset + 12))}`);
    }
  });

  it('not inside the options or a component', () => {
    for (const offset of [at('"report_title"', 2), at('"T"'), at('"Text"', 2), at('{ "type": "Text"', 4), at('  "options"')]) {
      assert.ok(!isOnReportRoot(text, offset), `offset ${offset}: ${JSON.stringify(text.slice(offset, offset + 12))}`);
    }
  });
});
