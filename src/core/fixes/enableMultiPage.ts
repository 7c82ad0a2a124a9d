/**
 * The quick fix for a single-page report whose content did not fit (an `overflow` render
 * note): set `config.enable_multi_page` to true, creating `config` — before `components`,
 * where report headers keep it — when the report has none.
 */
import { SourceText } from '../loc/locToRange';
import type { QuickFix } from './computeFixes';
import { addProperty, detectFormatting, minimalEdit, replaceRange, setValue } from './textEdits';
import type { FormattingOptions } from './textEdits';
import { findNodeAtLocation } from 'jsonc-parser';
import { ENGLISH, type Translator } from '../l10n';

/** Keys a new `config` goes after at the top level of a report. */
const BEFORE_CONFIG = new Set(['$schema', 'type', 'options']);

/**
 * The edit that turns `enable_multi_page` on; undefined when the text is not a JSON object
 * (half-typed: an edit could land anywhere) or already asks for multiple pages.
 */
export function enableMultiPageFix(
  text: string,
  options: { formatting?: Partial<FormattingOptions>; l10n?: Translator } = {},
): QuickFix | undefined {
  const source = new SourceText(text);
  const root = source.parsed.root;
  if (!root || root.type !== 'object' || source.parsed.errors.length > 0) return undefined;
  const flag = findNodeAtLocation(root, ['config', 'enable_multi_page']);
  if (flag?.type === 'boolean' && flag.value === true) return undefined;
  const config = findNodeAtLocation(root, ['config']);
  if (config && config.type !== 'object') return undefined;
  const formatting = { ...detectFormatting(text), ...options.formatting };
  let fixed: string;
  if (flag) fixed = replaceRange(text, flag.offset, flag.offset + flag.length, 'true');
  // An existing config gets the key last (a config written on one line stays on one line).
  else if (config) fixed = addProperty(text, config, ['config'], 'enable_multi_page', true, { formatting });
  else {
    // A new config goes after the report's header keys, before `components`.
    const insertAt = (existing: string[]) => existing.reduce((at, key, i) => (BEFORE_CONFIG.has(key) ? i + 1 : at), 0);
    fixed = setValue(text, ['config', 'enable_multi_page'], true, { formatting, insertAt });
  }
  if (fixed === text) return undefined;
  const l10n = options.l10n ?? ENGLISH;
  return { title: l10n.t('Enable multi-page reports'), kind: 'enable-multi-page', preferred: true, edit: minimalEdit(text, fixed) };
}
