// Turns a JSON-schema `defaultSnippets` entry into VS Code snippet text, exactly as VS Code's
// JSON language service does for completion (tab-indented, strings verbatim so `${1:x}`
// placeholders survive, a leading `^` inserting the rest raw, e.g. `"^${1:0}"` → a number).
// Keeping the two identical means "New Report" and completion produce the same text.

/** The fields of a `defaultSnippets` entry this project uses. */
export interface DefaultSnippet {
  label?: string;
  description?: string;
  markdownDescription?: string;
  body?: unknown;
  bodyText?: string;
}

function literal(value: unknown): string {
  if (typeof value === 'string' && value.startsWith('^')) return value.slice(1);
  return JSON.stringify(value);
}

function stringify(value: unknown, indent: string): string {
  if (value === null || typeof value !== 'object') return literal(value);
  const inner = indent + '\t';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + stringify(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${stringify(v, inner)}`).join(',\n')}\n${indent}}`;
}

/** Snippet text for one `defaultSnippets` entry (`bodyText` wins over `body`, as in VS Code). */
export function snippetText(snippet: DefaultSnippet): string {
  if (typeof snippet.bodyText === 'string') return snippet.bodyText;
  if (snippet.body === undefined) throw new Error(`default snippet "${snippet.label ?? '?'}" has neither body nor bodyText`);
  return stringify(snippet.body, '');
}

/** The root-level `defaultSnippets` entry with this label; a clear error if the schema lacks it. */
export function findDefaultSnippet(schema: unknown, label: string): DefaultSnippet {
  const list = (schema as { defaultSnippets?: unknown } | null)?.defaultSnippets;
  if (!Array.isArray(list)) throw new Error('report schema: no root-level "defaultSnippets" array');
  const found = list.find((s): s is DefaultSnippet => typeof s === 'object' && s !== null && (s as DefaultSnippet).label === label);
  if (!found) {
    const labels = list.map((s) => JSON.stringify((s as DefaultSnippet)?.label)).join(', ');
    throw new Error(`report schema: no root-level default snippet labelled "${label}" (found ${labels || 'none'})`);
  }
  return found;
}

/**
 * The text a snippet produces when every placeholder keeps its default (`${1:x}` → `x`,
 * `$1`/`${1}` → empty, `$0` → empty). Used by tests to check the template validates.
 */
export function expandSnippetDefaults(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length && '$}\\'.includes(text[i + 1])) {
      out += text[++i];
    } else if (c === '$' && /[0-9]/.test(text[i + 1] ?? '')) {
      while (/[0-9]/.test(text[i + 1] ?? '')) i++;
    } else if (c === '$' && text[i + 1] === '{') {
      const m = /^\$\{(\d+)(?::|\|([^}]*)\||\})/.exec(text.slice(i));
      if (!m) {
        out += c;
        continue;
      }
      if (m[0].endsWith('}') && !m[0].endsWith(':')) {
        i += m[0].length - 1; // ${1}
      } else if (m[2] !== undefined) {
        out += m[2].split(',')[0]; // ${1|a,b|} → a
        i += m[0].length; // now at the closing '}'
      } else {
        // ${1:default} — the default may itself hold placeholders: expand recursively.
        const start = i + m[0].length;
        const end = closingBrace(text, start);
        out += expandSnippetDefaults(text.slice(start, end));
        i = end;
      }
    } else {
      out += c;
    }
  }
  return out;
}

function closingBrace(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '$' && text[i + 1] === '{') {
      depth++;
      i++;
    } else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`unbalanced snippet placeholder starting at offset ${from}`);
}
