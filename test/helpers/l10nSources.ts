/**
 * What the l10n test and `scripts/l10n-export.mjs` read from the sources with the TypeScript
 * compiler API (there is no @vscode/l10n-dev here): the messages passed to `l10n.t(...)`, and
 * the places where text a person reads is written as a plain string instead.
 *
 * A message is the first argument of `l10n.t` (vscode.l10n.t in src/extension, @vscode/l10n's
 * `t` in src/webview, the Translator parameter `l10n` in src/core, core/l10n.ts): a string
 * literal with `{0}` placeholders, never a template literal, so the exported key is the
 * English text itself.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

// From __filename: under tsx's tsImport (scripts/l10n-export.mjs) __dirname is not this folder.
export const ROOT = path.resolve(path.dirname(__filename), '..', '..');

/**
 * Where the extension (vscode.l10n) and the webviews (@vscode/l10n with l10n/bundle.l10n.json)
 * take their words from; src/core's words are the extension's when it passes vscode.l10n in.
 */
const L10N_SOURCE_DIRS = ['src/core', 'src/extension', 'src/webview'];

export interface Finding {
  /** Repository-relative path and 1-based line. */
  where: string;
  text: string;
}

export function sourceFiles(dirs: readonly string[] = L10N_SOURCE_DIRS): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      // The HTTP client's messages name endpoints and codes for logs and the CLI; they stay English.
      if (entry.isDirectory() && rel === 'src/core/client') continue;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(rel);
    }
  };
  for (const dir of dirs) walk(dir);
  return out.sort();
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true);
}

function where(source: ts.SourceFile, node: ts.Node): string {
  return `${source.fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
}

/** `l10n.t(…)` or `vscode.l10n.t(…)`. */
function isL10nCall(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.expression.name.text !== 't') return false;
  const target = node.expression.expression;
  return (ts.isIdentifier(target) && target.text === 'l10n') || (ts.isPropertyAccessExpression(target) && target.name.text === 'l10n');
}

/** Every message passed to l10n.t, and the calls whose message is not a string literal (they cannot be exported). */
export function collectMessages(files: readonly string[] = sourceFiles()): { messages: Map<string, string[]>; problems: Finding[] } {
  const messages = new Map<string, string[]>();
  const problems: Finding[] = [];
  for (const file of files) {
    const source = parse(file);
    const visit = (node: ts.Node): void => {
      if (isL10nCall(node)) {
        const first = node.arguments[0];
        if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
          messages.set(first.text, [...(messages.get(first.text) ?? []), where(source, node)]);
        } else problems.push({ where: where(source, node), text: first ? first.getText(source) : '(no message)' });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages, problems };
}

/** Words a person reads: a letter pair left after codicons (`$(eye)`) and substitutions (`${x}`) are removed. */
function hasWords(text: string): boolean {
  return /\p{L}{2}/u.test(text.replace(/\$\([\w~-]+\)/g, ''));
}

/** The literal text of a string or template expression (template substitutions dropped), or undefined for anything else. */
function literalText(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isConditionalExpression(node)) {
    const parts = [literalText(node.whenTrue), literalText(node.whenFalse)].filter((p) => p !== undefined);
    return parts.length ? parts.join(' | ') : undefined;
  }
  if (
    ts.isBinaryExpression(node) &&
    (node.operatorToken.kind === ts.SyntaxKind.PlusToken ||
      node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  ) {
    const parts = [literalText(node.left), literalText(node.right)].filter((p) => p !== undefined);
    return parts.length ? parts.join(' ') : undefined;
  }
  return undefined;
}

/**
 * Object properties and assignments that VS Code or the webview shows as text. In
 * src/extension: notifications' and pickers' titles, prompts, placeholders, items, status bar
 * text and tooltips, code lens and code action titles, progress titles and messages, and the
 * `problem` / `message` a command shows; in src/webview: element text, titles and ARIA labels.
 */
const EXTENSION_PROPERTIES = new Set([
  'title',
  'placeholder',
  'placeHolder',
  'prompt',
  'label',
  'description',
  'detail',
  'tooltip',
  'text',
  'message',
  'problem',
  'validationMessage',
]);
const WEBVIEW_PROPERTIES = new Set(['text', 'title', 'label', 'aria-label', 'placeholder', 'textContent', 'alt', 'message', 'reason']);
/** Calls whose string arguments are shown (every argument: a notification's message and its buttons). */
// `failed(what, error)`: the panels' and the PDF viewer's error notification names the action.
const EXTENSION_CALLS = new Set([
  'showInformationMessage',
  'showWarningMessage',
  'showErrorMessage',
  'createWebviewPanel',
  'failed',
  'notifyProblem',
]);
/** Constructors whose string arguments are shown: a quick fix's title, a diagnostic's message, a setup error's notification. */
const EXTENSION_CONSTRUCTORS = new Set(['CodeAction', 'Diagnostic', 'CodeLens', 'ServiceSetupError']);
const WEBVIEW_CALLS = new Set([
  'h',
  'setAttribute',
  'append',
  'replaceChildren',
  'setChildren',
  'createTextNode',
  'loading',
  'error',
  'setTitle',
]);

function propertyName(name: ts.PropertyName | ts.MemberName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name) ? name.text : undefined;
}

function calleeName(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return undefined;
}

/** The plain strings a person would read in `files` (one layer: 'extension' or 'webview'), not passed through l10n.t. */
export function findBypasses(files: readonly string[], layer: 'extension' | 'webview'): Finding[] {
  return files.flatMap((file) => findBypassesIn(parse(file), layer));
}

/** The same for one source text (the test shows the check catches a plain string). */
export function findBypassesIn(source: ts.SourceFile, layer: 'extension' | 'webview'): Finding[] {
  const properties = layer === 'extension' ? EXTENSION_PROPERTIES : WEBVIEW_PROPERTIES;
  const calls = layer === 'extension' ? EXTENSION_CALLS : WEBVIEW_CALLS;
  const findings: Finding[] = [];
  const check = (node: ts.Expression | undefined): void => {
    if (!node) return;
    const text = literalText(node);
    if (text !== undefined && hasWords(text)) findings.push({ where: where(source, node), text: node.getText(source) });
  };
  const visit = (node: ts.Node): void => {
    if (isL10nCall(node)) return; // its message is the English source text
    if (ts.isPropertyAssignment(node) && properties.has(propertyName(node.name) ?? '')) check(node.initializer);
    else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      properties.has(node.left.name.text)
    )
      check(node.right);
    else if (ts.isCallExpression(node) && calls.has(calleeName(node.expression) ?? '')) {
      const name = calleeName(node.expression);
      // setAttribute(name, value): only the attributes a person reads; h(tag, props, ...children): the children;
      // createWebviewPanel(viewType, title) and notifyProblem(severity, message): not the first.
      if (name === 'setAttribute') {
        const attr = node.arguments[0];
        if (attr && ts.isStringLiteral(attr) && properties.has(attr.text)) check(node.arguments[1]);
      } else node.arguments.slice(name === 'h' ? 2 : name === 'createWebviewPanel' || name === 'notifyProblem' ? 1 : 0).forEach(check);
    } else if (layer === 'extension' && ts.isNewExpression(node) && EXTENSION_CONSTRUCTORS.has(calleeName(node.expression) ?? ''))
      node.arguments?.forEach(check);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/**
 * l10n.t calls outside any function in `files`: in the webview they run when the module loads,
 * before main.ts has configured the page's bundle, so they would always be English.
 */
export function moduleLevelL10nCalls(files: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  for (const file of files) {
    const source = parse(file);
    const visit = (node: ts.Node, inFunction: boolean): void => {
      if (isL10nCall(node) && !inFunction) findings.push({ where: where(source, node), text: node.getText(source) });
      ts.forEachChild(node, (child) => visit(child, inFunction || ts.isFunctionLike(node)));
    };
    visit(source, false);
  }
  return findings;
}

/** A source text as the checks read it. */
export function sourceOf(name: string, text: string): ts.SourceFile {
  return ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true);
}

/** A src/core module whose words reach people: it imports core/l10n.ts or calls l10n.t (a FixContext's). */
export function translatesWords(source: ts.SourceFile): boolean {
  const calls = (node: ts.Node): boolean => isL10nCall(node) || (ts.forEachChild(node, calls) ?? false);
  return (
    source.statements.some(
      (s) => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && /(^|\/)l10n$/.test(s.moduleSpecifier.text),
    ) || calls(source)
  );
}

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** Properties of src/core's results that are shown: the extension's, and a row's `value` (Check Quota). */
const CORE_PROPERTIES = new Set([...EXTENSION_PROPERTIES, 'value']);

/** The function a node is in, if any. */
function enclosingFunction(node: ts.Node): ts.SignatureDeclaration | undefined {
  for (let n = node.parent; n; n = n.parent) if (ts.isFunctionLike(n)) return n;
  return undefined;
}

/**
 * Where a single word is a value a person reads: returned from a function that returns text
 * (not a union of codes like `'ok' | 'error'`), chosen or a fallback (`?? 'none'`) on its way
 * there, or a property that is shown (`label`, `value`, `message`, …).
 */
function shownPosition(node: ts.Node): boolean {
  const parent = node.parent;
  const passesOn =
    ts.isParenthesizedExpression(parent) ||
    ts.isTemplateSpan(parent) ||
    (ts.isConditionalExpression(parent) && parent.condition !== node) ||
    (ts.isBinaryExpression(parent) &&
      parent.right === node &&
      (parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || parent.operatorToken.kind === ts.SyntaxKind.BarBarToken));
  if (passesOn) return shownPosition(parent);
  if (ts.isPropertyAssignment(parent)) return parent.initializer === node && CORE_PROPERTIES.has(propertyName(parent.name) ?? '');
  if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === node)) {
    const returns = enclosingFunction(node)?.type;
    return !returns || /\bstring\b/.test(returns.getText());
  }
  return false;
}

/**
 * In a src/core module whose words reach people, the words written outside l10n.t: a string or
 * template with a word and a space anywhere it is an expression (`, got ${n}`), and
 * a single word where it is shown (shownPosition). Not flagged: import paths, keys, `case`
 * labels, comparisons, types, and the message of l10n.t itself (its other arguments are
 * checked: a word passed as a value would stay English).
 */
export function findCoreBypassesIn(source: ts.SourceFile): Finding[] {
  const findings: Finding[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node) || ts.isCaseClause(node)) {
      if (ts.isCaseClause(node)) node.statements.forEach(visit);
      return;
    }
    if (isL10nCall(node)) {
      node.arguments.slice(1).forEach(visit);
      return;
    }
    if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) return;
    if (ts.isElementAccessExpression(node)) return visit(node.expression);
    if (ts.isPropertyAssignment(node)) return visit(node.initializer);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const text = literalText(node) ?? '';
      // Codicons and Markdown command links are not words.
      const words = text.replace(/\$\([\w~-]+\)|\(command:[\w.]+\)/g, '');
      if (hasWords(words) && (/\s/.test(words) || shownPosition(node))) {
        findings.push({ where: where(source, node), text: node.getText(source) });
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** The same over files of src/core; `translatingOnly`: only the modules that take a Translator. */
export function findCoreBypasses(files: readonly string[], translatingOnly = false): Finding[] {
  return files.map(parse).flatMap((source) => (translatingOnly && !translatesWords(source) ? [] : findCoreBypassesIn(source)));
}
