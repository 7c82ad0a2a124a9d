/** What the fix builders share: the parsed text, the problem and the candidate shape. */
import type { Node } from 'jsonc-parser';
import type { SourceText } from '../loc/locToRange';
import { walkTree } from '../loc/treeWalk';
import type { PathSegment } from '../loc/treeWalk';
import type { SchemaIndex } from '../schema/schemaIndex';
import type { FixableProblem } from './problems';
import type { FormattingOptions, TextEdit } from './textEdits';
import type { VerifyScope } from './verify';
import type { Translator } from '../l10n';

export type FixKind =
  | 'add-missing' // insert a required field with a placeholder
  | 'add-type' // insert the `type` of a component that lacks it
  | 'rename-key' // a misspelt key → the known one
  | 'remove-key' // an unknown key
  | 'replace-value' // an invalid enum value or component type → a valid one
  | 'convert' // "12" → 12 and friends
  | 'clamp' // 40 → 32 (the maximum)
  | 'enable-multi-page'; // config.enable_multi_page: true (a single page overflowed: enableMultiPage.ts)

/** A fix before verification: the whole fixed text and where to check it. */
export interface Candidate {
  title: string;
  kind: FixKind;
  preferred: boolean;
  fixedText: string;
  scope: VerifyScope;
  /** The same edit with the inserted value as a snippet tab stop (add-missing; see snippetPlaceholder.ts). */
  snippet?: TextEdit;
}

export interface FixContext {
  text: string;
  source: SourceText;
  root: Node;
  problem: FixableProblem;
  formatting: FormattingOptions;
  schema: SchemaIndex;
  /** The language of the titles (core/l10n.ts). */
  l10n: Translator;
}

export function nodeAtPath(root: Node, path: readonly PathSegment[]): Node | undefined {
  const outcome = walkTree(root, path, { lenient: false });
  return outcome.stop ? undefined : outcome.node;
}

/** The keys of an object node, in document order. */
export function keysOf(node: Node): string[] {
  return (node.children ?? []).map((p) => p.children?.[0]?.value).filter((k): k is string => typeof k === 'string');
}

/** `option` inside an `options` object, `field` elsewhere (as the diagnostics say). */
export function nounFor(path: readonly PathSegment[]): 'option' | 'field' {
  return path[path.length - 1] === 'options' ? 'option' : 'field';
}
