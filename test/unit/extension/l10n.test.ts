// The languages: package.nls*.json for the manifest, l10n/bundle.l10n*.json for the extension and
// the webviews. Fails when a translation misses a key or keeps a stale one, when a placeholder,
// a command link or a setting reference is lost, when a %key% of package.json has no English
// text, when l10n/bundle.l10n.json is not what the sources pass to l10n.t, and when text a person
// reads is written as a plain string in src/extension, src/webview or the src/core modules whose
// words the extension shows (docs/extension.md, Languages).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  ROOT,
  collectMessages,
  findBypasses,
  findBypassesIn,
  findCoreBypasses,
  findCoreBypassesIn,
  moduleLevelL10nCalls,
  sourceFiles,
  sourceOf,
  translatesWords,
} from '../../helpers/l10nSources';
import type { Translator } from '../../../src/core/l10n';
import { quotaSpokenLabel, quotaWords, snapshotFromRecord, statusBarText } from '../../../src/core/quota/quotaSummary';
import { describeDraftProblem } from '../../../src/core/loc/draftProblem';
import { mapValidationErrors } from '../../../src/core/loc/diagnostics';
import { enableMultiPageFix } from '../../../src/core/fixes/enableMultiPage';
import { reportOutline } from '../../../src/core/outline/reportOutline';

type Strings = Record<string, string>;
/** A JSON file of the repository; a missing one reads as empty (the checks then say what is missing). */
const read = (file: string): Strings =>
  fs.existsSync(path.join(ROOT, file)) ? JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) : {};

/** The translations there are, by their files: package.nls.<language>.json and l10n/bundle.l10n.<language>.json. */
const languagesOf = (dir: string, pattern: RegExp): string[] =>
  (fs.existsSync(path.join(ROOT, dir)) ? fs.readdirSync(path.join(ROOT, dir)) : [])
    .map((f) => pattern.exec(f)?.[1])
    .filter((l): l is string => !!l)
    .sort();
const MANIFEST_LANGUAGES = languagesOf('.', /^package\.nls\.([\w-]+)\.json$/);
const BUNDLE_LANGUAGES = languagesOf('l10n', /^bundle\.l10n\.([\w-]+)\.json$/);

/** What must survive translation: placeholders, command links, setting references. */
function markers(text: string): string[] {
  return [...text.matchAll(/\{\d+\}|\(command:[\w.]+\)|#[\w.]+#/g)].map((m) => m[0]).sort();
}

/** Every problem of `translated` against `english`: missing, stale, empty, markers changed. */
function compare(english: Strings, translated: Strings, file: string): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) {
    if (!(key in translated)) problems.push(`${file}: missing ${JSON.stringify(key)}`);
    else if (!translated[key].trim()) problems.push(`${file}: empty ${JSON.stringify(key)}`);
    else if (markers(english[key]).join() !== markers(translated[key]).join())
      problems.push(
        `${file}: ${JSON.stringify(key)} has ${markers(translated[key]).join(' ') || 'no markers'}, not ${markers(english[key]).join(' ')}`,
      );
  }
  for (const key of Object.keys(translated)) if (!(key in english)) problems.push(`${file}: stale ${JSON.stringify(key)}`);
  return problems;
}

/** Every `%key%` string value of the manifest. */
function manifestKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    const key = /^%(.+)%$/.exec(value)?.[1];
    if (key) out.add(key);
  } else if (value && typeof value === 'object') for (const v of Object.values(value)) manifestKeys(v, out);
  return out;
}

/**
 * Plain strings the checks below flag that are not words to translate, each with why. A new
 * entry needs a reason as good; an entry that no longer matches fails the test.
 */
const NOT_WORDS: Array<{ where: RegExp; text: string; why: string }> = [
  { where: /commands\/compareWith\.ts/, text: "'$(git-commit) HEAD'", why: 'the git revision, a name' },
  { where: /loc\/schemaErrors\.ts/, text: "'null'", why: 'the JSON value null' },
  { where: /compare\/compareSources\.ts/, text: "'HEAD'", why: 'the git revision, a name' },
  { where: /commands\/copyAs\.ts/, text: "'PDF'", why: 'a file format' },
  {
    where: /submit\/failure\.ts/,
    text: "`${message} (task ${taskId ?? '?'})`",
    why: 'the log line of a shown message (the log stays English)',
  },
  { where: /submit\/failure\.ts/, text: '`HTTP ${error.status}`', why: 'a protocol status' },
  { where: /codegen\/index\.ts/, text: "'cURL'", why: 'a tool name (Copy as…)' },
  { where: /codegen\/index\.ts/, text: "'Node (fetch)'", why: 'a runtime and API name (Copy as…)' },
  { where: /codegen\/index\.ts/, text: "'Node SDK (@hybiscus/", why: 'a package name (Copy as…), twice' },
  { where: /codegen\/index\.ts/, text: "'Python (requests)'", why: 'a language and package name (Copy as…)' },
  { where: /codegen\/request\.ts/, text: "'PDF, counts against the quota'", why: "the generated code's comment: code stays English" },
  { where: /codegen\/request\.ts/, text: "'JPEG of the first page, free'", why: "the generated code's comment: code stays English" },
  { where: /codegen\/request\.ts/, text: "'report'", why: 'the output file name when the report has none' },
  {
    where: /webview\/html\.ts/,
    text: "'Report result'",
    why: 'the default of a pure function; the extension passes l10n.t("Report result")',
  },
];

/**
 * The src/core modules whose words the extension shows (grep src/extension for the core
 * functions that return text): each takes a Translator and writes no word outside l10n.t.
 * Not listed: diff/summary.ts (the CLI's diff only).
 */
const CORE_DISPLAY_MODULES = [
  'src/core/codegen/index.ts',
  'src/core/codegen/request.ts',
  'src/core/diff/diffTypes.ts',
  'src/core/fixes/convert.ts',
  'src/core/fixes/enableMultiPage.ts',
  'src/core/fixes/structureFixes.ts',
  'src/core/fixes/valueFixes.ts',
  'src/core/loc/diagnostics.ts',
  'src/core/loc/draftProblem.ts',
  'src/core/loc/plainWords.ts',
  'src/core/loc/schemaErrors.ts',
  'src/core/schema/reportProblems.ts',
  'src/core/outline/componentLabel.ts',
  'src/core/outline/reportOutline.ts',
  'src/core/quota/quotaSummary.ts',
  'src/core/service/serviceChoice.ts',
  'src/core/service/unreachable.ts',
];

/** What vscode.l10n does with a bundle: the translation (or the English) with its {0} filled. */
function translatorOf(strings: Strings): Translator {
  return { t: (message, ...args) => (strings[message] ?? message).replace(/\{(\d+)\}/g, (m, i: string) => String(args[Number(i)] ?? m)) };
}

function unexplained(findings: Array<{ where: string; text: string }>): string[] {
  return findings
    .filter((f) => !NOT_WORDS.some((n) => n.where.test(f.where) && f.text.replace(/\s+/g, ' ').includes(n.text)))
    .map((f) => `${f.where}: ${f.text.replace(/\s+/g, ' ')}`);
}

describe('extension: the languages (package.nls*.json, l10n/)', () => {
  const english = read('package.nls.json');
  const bundle = read('l10n/bundle.l10n.json');

  it('has German and Simplified Chinese, each for the manifest and for the bundle', () => {
    assert.deepEqual(MANIFEST_LANGUAGES, BUNDLE_LANGUAGES, 'a language has a manifest translation and a bundle translation, or neither');
    for (const language of ['de', 'zh-cn']) assert.ok(MANIFEST_LANGUAGES.includes(language), `${language} is translated`);
    assert.equal(read('package.json').l10n, './l10n');
  });

  it('gives every %key% of package.json an English text in package.nls.json, and uses every one', () => {
    const used = manifestKeys(read('package.json'));
    assert.deepEqual(
      [...used].filter((k) => !(k in english)),
      [],
      'keys without English text',
    );
    assert.deepEqual(
      Object.keys(english).filter((k) => !used.has(k)),
      [],
      'English texts no %key% uses',
    );
  });

  it('translates every manifest key, with no stale key, keeping placeholders, command links and setting references', () => {
    assert.deepEqual(
      MANIFEST_LANGUAGES.flatMap((l) => compare(english, read(`package.nls.${l}.json`), `package.nls.${l}.json`)),
      [],
    );
  });

  it('exports exactly the messages the sources pass to l10n.t (node scripts/l10n-export.mjs), each a string literal', () => {
    const { messages, problems } = collectMessages();
    assert.deepEqual(problems, [], 'l10n.t needs a string literal message');
    assert.deepEqual(Object.keys(bundle), [...messages.keys()], 'l10n/bundle.l10n.json is out of date: run node scripts/l10n-export.mjs');
    for (const [key, value] of Object.entries(bundle)) assert.equal(value, key);
  });

  it('translates every message of the bundle, with no stale one, keeping its {0} placeholders', () => {
    assert.deepEqual(
      BUNDLE_LANGUAGES.flatMap((l) => compare(bundle, read(`l10n/bundle.l10n.${l}.json`), `bundle.l10n.${l}.json`)),
      [],
    );
  });

  it('finds no text a person reads written as a plain string in src/extension', () => {
    assert.deepEqual(unexplained(findBypasses(sourceFiles(['src/extension']), 'extension')), []);
  });

  it('finds no text a person reads written as a plain string in src/webview, and no word looked up before the bundle is loaded', () => {
    assert.deepEqual(unexplained(findBypasses(sourceFiles(['src/webview']), 'webview')), []);
    assert.deepEqual(
      moduleLevelL10nCalls(sourceFiles(['src/webview'])),
      [],
      'l10n.t at module level runs before main.ts configures the bundle',
    );
  });

  it('keeps every exception in use', () => {
    const all = [
      ...findBypasses(sourceFiles(['src/extension']), 'extension'),
      ...findBypasses(sourceFiles(['src/webview']), 'webview'),
      ...findCoreBypasses(sourceFiles(['src/core']), true),
    ];
    for (const n of NOT_WORDS)
      assert.ok(
        all.some((f) => n.where.test(f.where) && f.text.replace(/\s+/g, ' ').includes(n.text)),
        `${n.text} is no longer flagged: drop it`,
      );
  });

  it('catches a plain string in each kind of place, and lets the same words through l10n.t', () => {
    const extension = sourceOf(
      'src/extension/planted.ts',
      `void vscode.window.showWarningMessage('The report is gone.', 'Open');
item.tooltip = \`Saved \${name}\`;
const pick = { title: 'Pick a report', placeHolder: \`Now: \${now}\` };
new vscode.CodeAction('Fix it', kind);
new vscode.Diagnostic(range, 'Trailing comma', severity);
vscode.window.createWebviewPanel(TYPE, \`Report: \${name}\`, column);
void vscode.window.showWarningMessage(vscode.l10n.t('The report is gone.'), vscode.l10n.t('Open'));
item.tooltip = vscode.l10n.t('Saved {0}', name);
item.text = \`$(check) \${vscode.l10n.t('Report schema')}\`;`,
    );
    assert.equal(findBypassesIn(extension, 'extension').length, 8);
    const webview = sourceOf(
      'src/webview/planted.ts',
      `h('p', { text: 'No result yet' });
el.setAttribute('aria-label', \`Page \${n}\`);
el.textContent = n === 1 ? 'Paused: 1 problem' : 'Live';
b({ id: 'x', label: 'Rebuild', title: 'Rebuild the report' });
h('p', { text: l10n.t('No result yet') });
el.setAttribute('aria-label', l10n.t('Page {0}', n));`,
    );
    assert.equal(findBypassesIn(webview, 'webview').length, 5);
  });

  it('finds no word written outside l10n.t in the src/core modules whose words the extension shows', () => {
    const translating = sourceFiles(['src/core']).filter((f) => translatesWords(sourceOf(f, fs.readFileSync(path.join(ROOT, f), 'utf8'))));
    assert.deepEqual(
      CORE_DISPLAY_MODULES.filter((f) => !translating.includes(f)),
      [],
      'these modules must take a Translator (core/l10n.ts)',
    );
    assert.deepEqual(unexplained(findCoreBypasses([...new Set([...CORE_DISPLAY_MODULES, ...translating])])), []);
  });

  it('catches a word in src/core outside l10n.t, and lets codes, keys and comparisons through', () => {
    const core = sourceOf(
      'src/core/planted.ts',
      `import { ENGLISH } from '../l10n';
export function words(n: number, l10n = ENGLISH): string {
  if (n === 0) return 'none';
  const got = \`, got \${n}\`;
  return n > 1 ? \`\${n} reports left\` : l10n.t('{0} report left{1}', n, got);
}
export const rows = (l10n = ENGLISH) => [{ label: 'Period ends', value: l10n.t('soon') }, { label: l10n.t('Plan'), value: 'none' }];
export function level(n: number): 'ok' | 'error' {
  switch (String(n)) {
    case 'Expecting value':
      return 'error';
  }
  return n === 1 ? 'ok' : 'error';
}
const key = { 'single page': 1 }['single page'];
export const fine = (l10n = ENGLISH) => l10n.t('{0} of {1}', key, 'x') + (key === 'two words' ? '' : '');`,
    );
    assert.deepEqual(
      findCoreBypassesIn(core).map((f) => f.text),
      ["'none'", '`, got ${n}`', '`${n} reports left`', "'Period ends'", "'none'"],
    );
  });

  it("puts src/core's words in the display language through a Translator, and keeps English without one (the CLI)", () => {
    const de = translatorOf(read('l10n/bundle.l10n.de.json'));
    assert.equal(quotaWords(42, 9, true, de), '42 einseitig · 9 mehrseitig (lokal)');
    assert.equal(quotaWords(42, 9, true), '42 single · 9 multi (local)');
    const text = '{\n  "type": "Report",\n  "options": { "report_title": "T", "vertical_margin": 99 },\n  "components": []\n}\n';
    const entry = {
      type: 'less_than_equal',
      loc: ['body', 'options', 'vertical_margin'],
      msg: 'Input should be less than or equal to 32',
      input: 99,
      ctx: { le: 32 },
    };
    assert.equal(mapValidationErrors(text, [entry], de)[0].message, '"vertical_margin" sollte höchstens 32 sein, erhalten: 99');
    assert.equal(mapValidationErrors(text, [entry])[0].message, '"vertical_margin" should be at most 32, got 99');
    assert.equal(
      describeDraftProblem(text, [entry], de),
      'Zeile 3, Spalte 56: "vertical_margin" sollte höchstens 32 sein, erhalten: 99 (bei options.vertical_margin)',
    );
    assert.equal(enableMultiPageFix(text, { l10n: de })?.title, 'Mehrseitige Berichte aktivieren');
    assert.equal(reportOutline(text, de)[0].detail, '0 Komponenten');
    assert.equal(reportOutline(text)[0].detail, '0 components');
  });

  it('says each fact of the quota status bar once to a screen reader, in the display language', () => {
    const de = translatorOf(read('l10n/bundle.l10n.de.json'));
    const record = {
      remaining_single_page_reports: 42,
      remaining_multi_page_reports: 9,
      max_single_page_reports: 100,
      max_multi_page_reports: 10,
      max_pages_per_report: 10,
      period_start: '2026-11-01T00:00:00Z',
      period_end: '2026-12-01T00:00:00Z',
      subscription_active: true,
      error: null,
    };
    const s = snapshotFromRecord(record, new Date('2026-11-20T00:00:00Z'));
    const spoken = quotaSpokenLabel(s, true, undefined, de);
    assert.equal(spoken, 'Report Studio-Kontingent des lokalen Dienstes: 42 einseitige und 9 mehrseitige Berichte übrig');
    assert.equal(statusBarText(s, true, de), '$(graph) 42 einseitig · 9 mehrseitig (lokal)');
    for (const fact of ['42', '9', 'lokal', 'Kontingent'])
      assert.equal(spoken.split(fact).length - 1, 1, `"${fact}" is said once in: ${spoken}`);
    assert.equal(quotaSpokenLabel(undefined, false, 'failed'), 'Report Studio quota: could not be fetched');
    assert.equal(
      quotaSpokenLabel(snapshotFromRecord({ ...record, remaining_multi_page_reports: 0 }, new Date()), false, undefined),
      'Report Studio quota: 42 single-page and 0 multi-page reports left. Something is used up, or the subscription is inactive.',
    );
  });
});
