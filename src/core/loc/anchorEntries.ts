/**
 * Keeps 422 diagnostics honest while the user edits. VS Code does not move an extension's
 * diagnostics with the text, so after each edit the entries are mapped again onto the
 * current text by their `loc` (they follow their node when lines shift) and an entry is
 * dropped once it no longer describes the text: the missing field was added, the rejected
 * value was changed, the unknown type renamed. Whatever is left stays until the next
 * submission of the file replaces or clears it.
 *
 * anchorEntries() maps every entry on a text; the extension keeps the Anchoring of
 * anchorEntriesOn() and follows each edit with Anchoring.update() (anchoring.ts),
 * which resolves again only the entries the edit can have changed.
 */
import { getNodeValue } from 'jsonc-parser';
import type { ValidationErrorEntry } from '../api/types';
import { Anchoring } from './anchoring';
import type { Translator } from '../l10n';
import type { AnchorRule } from './anchoring';
import { DiagnosticMapper, locOf } from './diagnostics';
import type { SourceDiagnostic } from './diagnostics';
import type { LocMapping } from './locToRange';
import { propertyNode, typeTagOf, walkTree } from './treeWalk';
import { sameValue } from './sameValue';

/**
 * An entry with its diagnostic on the current text. (Its fixable problem is computed on
 * demand with problemFromEntry(): that needs the schema, which this module — loaded by the
 * extension at activation — deliberately does not import.)
 */
export interface AnchoredEntry {
  entry: ValidationErrorEntry;
  diagnostic: SourceDiagnostic;
}

export interface AnchorOptions {
  /** The text that was submitted; json_invalid offsets are only meaningful in it. */
  sentText?: string;
  /** The language of the messages (core/l10n.ts); English without it. */
  l10n?: Translator;
}

/**
 * Whether the entry still describes the text its mapping was made on. It looks only at the
 * node the loc reached (and the path to it), so an entry that an edit merely moved keeps its
 * verdict (anchoring.ts).
 */
function stillApplies(mapper: DiagnosticMapper, entry: ValidationErrorEntry, mapping: LocMapping): boolean {
  if (mapping.target === 'document') return true; // not tied to a node (e.g. a missing body)
  const root = mapper.source.parsed.root;
  if (!root) return false;
  if (entry.type === 'missing') return mapping.stop === 'unknown-key' && mapping.rest.length === 1;
  // A plain-union member name (`str`) may be left over; the value check below decides.
  if (mapping.stop === 'index-past-end') return false;
  const outcome = walkTree(root, mapping.path, { lenient: false });
  if (outcome.stop) return false;
  const node = outcome.node;
  if (entry.type === 'union_tag_invalid') {
    const tag = typeof entry.ctx?.tag === 'string' ? entry.ctx.tag : (entry.input as { type?: unknown } | null)?.type;
    return typeTagOf(node) === tag;
  }
  if (entry.type === 'union_tag_not_found') return node.type === 'object' && !propertyNode(node, 'type');
  return sameValue(getNodeValue(node), entry.input);
}

/** How a 422 entry is anchored: at the node its loc names, while its cause is still there. */
export const ENTRY_RULE: AnchorRule<ValidationErrorEntry, AnchoredEntry> = {
  resolve(mapper, entry, sentText) {
    // A json_invalid offset (or any offset into the body) holds only on the exact text that was sent.
    const onSentText = sentText === mapper.text;
    if (entry.type === 'json_invalid') {
      return {
        applies: onSentText,
        volatile: true,
        anchored: onSentText ? { entry, diagnostic: mapper.fromValidationEntry(entry) } : undefined,
      };
    }
    const loc = locOf(entry);
    const mapping = mapper.source.mapLoc(loc, entry.type);
    const anchored = { entry, diagnostic: mapper.fromValidationMapping(entry, mapping) };
    if (mapping.target === 'offset') return { applies: onSentText, volatile: true, anchored };
    return { anchored, applies: stillApplies(mapper, entry, mapping), reached: mapping.reached, lookups: loc };
  },
};

/** The entries on `text`, kept to follow later edits (Anchoring.update()). */
export function anchorEntriesOn(
  text: string,
  entries: readonly ValidationErrorEntry[],
  options: AnchorOptions = {},
): Anchoring<ValidationErrorEntry, AnchoredEntry> {
  return Anchoring.anchor(text, entries, ENTRY_RULE, options.sentText, options.l10n);
}

/**
 * The entries that still apply to `text`, with their diagnostics on it, in the entries'
 * order. On the very text that was sent every entry applies (the service said so), so the
 * result is then aligned with `entries` one to one.
 */
export function anchorEntries(text: string, entries: readonly ValidationErrorEntry[], options: AnchorOptions = {}): AnchoredEntry[] {
  return anchorEntriesOn(text, entries, options).shown;
}
