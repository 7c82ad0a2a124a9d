/**
 * The report as a literal of the target language, printed from the parsed tree: strings are
 * re-escaped from their decoded value (so a quote, backslash, `$`, backtick or line break in the
 * report is data, never code), numbers keep the text the user wrote (`1.0` stays a float in
 * Python). JSON text is also a valid JavaScript expression; Python needs its own three words.
 */
import type { Node } from 'jsonc-parser';

export interface LiteralDialect {
  true: string;
  false: string;
  null: string;
  /** One level of indentation: the language's usual one (PEP 8's four spaces for Python). */
  indent: string;
}

export const JSON_DIALECT: LiteralDialect = { true: 'true', false: 'false', null: 'null', indent: '  ' };
export const PYTHON_DIALECT: LiteralDialect = { true: 'True', false: 'False', null: 'None', indent: '    ' };

/** `node` printed over several lines; `level` is the indentation of the line it starts on. */
export function printLiteral(node: Node, source: string, dialect: LiteralDialect, level = 0): string {
  const pad = dialect.indent.repeat(level + 1);
  const close = dialect.indent.repeat(level);
  const children = node.children ?? [];
  switch (node.type) {
    case 'object': {
      if (children.length === 0) return '{}';
      const lines = children.map((p) => {
        const [key, value] = p.children ?? [];
        return `${pad}${quote(String(key.value))}: ${value ? printLiteral(value, source, dialect, level + 1) : dialect.null}`;
      });
      return `{\n${lines.join(',\n')}\n${close}}`;
    }
    case 'array':
      if (children.length === 0) return '[]';
      return `[\n${children.map((c) => pad + printLiteral(c, source, dialect, level + 1)).join(',\n')}\n${close}]`;
    case 'string':
      return quote(String(node.value));
    case 'number':
      return source.slice(node.offset, node.offset + node.length);
    case 'boolean':
      return node.value ? dialect.true : dialect.false;
    default:
      return dialect.null;
  }
}

/**
 * A double-quoted string that JSON, JavaScript and Python all read back as `value`: JSON's
 * escapes (\" \\ \n \t \uXXXX) mean the same in the three, and the two line separators JSON
 * leaves raw are escaped too (older JavaScript tools end a line at them).
 */
export function quote(value: string): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
