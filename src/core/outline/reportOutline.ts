/**
 * The component tree of a report as outline symbols: Report "Title" → Options, Config,
 * Cover page → its components, then the body's components (Sections and Rows nest their
 * children). Ranges come from jsonc-parser, so comments, trailing commas and half-typed
 * JSON are fine: whatever parses is shown.
 */
import { getNodeValue } from 'jsonc-parser';
import type { Node } from 'jsonc-parser';
import { parseJsonc } from '../loc/jsoncText';
import type { SourceRange } from '../loc/locToRange';
import { propertyNode } from '../loc/treeWalk';
import type { PathSegment } from '../loc/treeWalk';
import { componentDetail, labelOption, roleOf } from './componentLabel';
import type { OutlineRole } from './componentLabel';
import { ENGLISH, type Translator } from '../l10n';

export type OutlineKind = 'report' | 'options' | 'config' | 'cover' | OutlineRole;

export interface OutlineSymbol {
  name: string;
  detail: string;
  kind: OutlineKind;
  /** The component's type (`Card`), when the symbol is a component. */
  componentType?: string;
  /** The whole node. */
  range: SourceRange;
  /** What to reveal and highlight: the naming option's value, else the `type` value. */
  selectionRange: SourceRange;
  /** Document path of the node, e.g. ['components', 0, 'components', 1]. */
  path: PathSegment[];
  children: OutlineSymbol[];
}

const rangeOf = (node: Node): SourceRange => ({ start: node.offset, end: node.offset + node.length });

function valueNode(object: Node, key: string): Node | undefined {
  return propertyNode(object, key)?.children?.[1];
}

function asRecord(node: Node | undefined): Record<string, unknown> {
  const value = node?.type === 'object' ? getNodeValue(node) : undefined;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The `type` value node, else the object's first character. */
function headRange(object: Node): SourceRange {
  const type = valueNode(object, 'type');
  return type ? rangeOf(type) : { start: object.offset, end: object.offset + 1 };
}

function componentSymbols(array: Node | undefined, path: PathSegment[], l10n: Translator): OutlineSymbol[] {
  if (array?.type !== 'array') return [];
  const out: OutlineSymbol[] = [];
  (array.children ?? []).forEach((item, index) => {
    if (item.type === 'object') out.push(componentSymbol(item, [...path, index], l10n));
  });
  return out;
}

function componentSymbol(node: Node, path: PathSegment[], l10n: Translator): OutlineSymbol {
  const typeNode = valueNode(node, 'type');
  const type = typeNode?.type === 'string' ? (typeNode.value as string) : undefined;
  const optionsNode = valueNode(node, 'options');
  const options = asRecord(optionsNode);
  const label = labelOption(type, options, l10n);
  const labelNode = label && optionsNode ? valueNode(optionsNode, label.key) : undefined;
  const base = type ?? l10n.t('Component (no type)');
  return {
    name: label ? `${base} "${label.text}"` : base,
    detail: componentDetail(type, options, l10n),
    kind: roleOf(type),
    componentType: type,
    range: rangeOf(node),
    selectionRange: labelNode ? rangeOf(labelNode) : headRange(node),
    path,
    children: componentSymbols(valueNode(node, 'components'), [...path, 'components'], l10n),
  };
}

function keyedSymbol(
  root: Node,
  key: string,
  name: string,
  kind: OutlineKind,
  detail: string,
  children: OutlineSymbol[] = [],
): OutlineSymbol | undefined {
  const prop = propertyNode(root, key);
  const keyNode = prop?.children?.[0];
  if (!prop || !keyNode) return undefined;
  return { name, detail, kind, range: rangeOf(prop), selectionRange: rangeOf(keyNode), path: [key], children };
}

function configDetail(config: Record<string, unknown>, l10n: Translator): string {
  const parts: string[] = [];
  const theme = config.colour_theme ?? config.color_theme;
  if (typeof theme === 'string') parts.push(l10n.t('theme {0}', theme));
  if (typeof config.typography_theme === 'string') parts.push(l10n.t('type {0}', config.typography_theme));
  if (config.landscape === true) parts.push(l10n.t('landscape'));
  if (config.enable_multi_page === true)
    parts.push(typeof config.n_pages === 'number' ? l10n.t('{0} pages', config.n_pages) : l10n.t('multiple pages'));
  return parts.join(' · ');
}

const REPORT_TYPE = 'Report';

/** The outline of a report text; empty when the top level is not an object. */
export function reportOutline(text: string, l10n = ENGLISH): OutlineSymbol[] {
  const root = parseJsonc(text).root;
  if (root?.type !== 'object') return [];
  const options = asRecord(valueNode(root, 'options'));
  const title = typeof options.report_title === 'string' && options.report_title.trim() ? options.report_title : undefined;
  const titleNode = title ? valueNode(valueNode(root, 'options')!, 'report_title') : undefined;
  const children: OutlineSymbol[] = [];
  const push = (s: OutlineSymbol | undefined) => s && children.push(s);
  push(keyedSymbol(root, 'options', 'Options', 'options', typeof options.report_byline === 'string' ? options.report_byline : ''));
  push(keyedSymbol(root, 'config', 'Config', 'config', configDetail(asRecord(valueNode(root, 'config')), l10n)));
  const coverNode = valueNode(root, 'cover_page');
  if (coverNode?.type === 'object') {
    push(
      keyedSymbol(
        root,
        'cover_page',
        l10n.t('Cover page'),
        'cover',
        '',
        componentSymbols(valueNode(coverNode, 'components'), ['cover_page', 'components'], l10n),
      ),
    );
  }
  children.push(...componentSymbols(valueNode(root, 'components'), ['components'], l10n));
  const report: OutlineSymbol = {
    // Named by its type, as components are (`Card "Views"`): a JSON name, not words to translate.
    name: title ? `${REPORT_TYPE} "${title.replace(/\s+/g, ' ').trim()}"` : REPORT_TYPE,
    detail: countComponents(children, l10n),
    kind: 'report',
    range: rangeOf(root),
    selectionRange: titleNode ? rangeOf(titleNode) : headRange(root),
    path: [],
    children,
  };
  return [report];
}

function countComponents(symbols: readonly OutlineSymbol[], l10n: Translator): string {
  let n = 0;
  const visit = (list: readonly OutlineSymbol[]) => {
    for (const s of list) {
      // A component is an item of a `components` list, with a type or not.
      if (typeof s.path[s.path.length - 1] === 'number') n++;
      visit(s.children);
    }
  };
  visit(symbols);
  return n === 1 ? l10n.t('1 component') : l10n.t('{0} components', n);
}
