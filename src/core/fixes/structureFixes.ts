/**
 * Fixes that change an object's keys: add a missing required field (placeholder from the
 * schema's snippet), rename a misspelt key to the field it was meant to be, remove an
 * unknown key, and add the `type` of a component that lacks one (inferred from its options).
 */
import { getNodeValue } from 'jsonc-parser';
import { keysOf, nodeAtPath, nounFor } from './candidate';
import type { Candidate, FixContext } from './candidate';
import { placeholderFor } from './placeholder';
import { snippetEdit, valueSnippet, VALUE_MARK } from './snippetPlaceholder';
import { isClearWinner, rankValues } from './similarity';
import { addProperty, replaceRange, setValue, shortJson } from './textEdits';
import type { ComponentCatalogue } from '../schema/catalogue';

/** Keys that never count as misspellings. */
const IGNORED_KEYS = new Set(['$schema']);

/** Inserts a new key where the schema lists it, relative to the keys already there. */
function schemaOrder(known: readonly string[], name: string): (existing: string[]) => number {
  const rank = (key: string) => {
    const i = known.indexOf(key);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return (existing) => {
    const at = existing.findIndex((key) => rank(key) > rank(name));
    return at < 0 ? existing.length : at;
  };
}

function renameCandidate(ctx: FixContext, from: string, to: string, preferred: boolean): Candidate | undefined {
  const object = nodeAtPath(ctx.root, ctx.problem.path);
  const prop = object?.children?.find((p) => p.children?.[0]?.value === from);
  const key = prop?.children?.[0];
  if (!key) return undefined;
  return {
    title: ctx.l10n.t('Rename "{0}" to "{1}"', from, to),
    kind: 'rename-key',
    preferred,
    fixedText: replaceRange(ctx.text, key.offset, key.offset + key.length, JSON.stringify(to)),
    scope: { path: ctx.problem.path, deep: false },
  };
}

export function missingFixes(ctx: FixContext): Candidate[] {
  const { problem } = ctx;
  const name = problem.name;
  const object = nodeAtPath(ctx.root, problem.path);
  if (!name || object?.type !== 'object') return [];
  const known = Object.keys(ctx.schema.schemaAt(problem.path, ctx.root)?.schema.properties ?? {});
  const present = keysOf(object);
  // A key the schema does not know that is close to the missing one: `component` → `components`.
  const renames = present
    .filter((k) => !known.includes(k) && !IGNORED_KEYS.has(k))
    .filter((k) => rankValues(k, [name])[0]?.confident)
    .map((k) => renameCandidate(ctx, k, name, true))
    .filter((c): c is Candidate => c !== undefined);
  const out: Candidate[] = [...renames];
  const placeholder = placeholderFor(ctx.schema, ctx.root, problem.path, name);
  if (placeholder) {
    const options = { formatting: ctx.formatting, insertAt: schemaOrder(known, name) };
    const field = ctx.schema.schemaAt([...problem.path, name], ctx.root)?.schema;
    const tabStop = field && valueSnippet(placeholder.value, field);
    const snippet = tabStop && snippetEdit(ctx.text, addProperty(ctx.text, object, problem.path, name, VALUE_MARK, options), tabStop);
    const title =
      nounFor(problem.path) === 'option'
        ? ctx.l10n.t('Add missing option "{0}": {1}', name, shortJson(placeholder.value))
        : ctx.l10n.t('Add missing field "{0}": {1}', name, shortJson(placeholder.value));
    out.push({
      title,
      kind: 'add-missing',
      preferred: renames.length === 0,
      fixedText: addProperty(ctx.text, object, problem.path, name, placeholder.value, options),
      scope: { path: problem.path, deep: true },
      ...(snippet ? { snippet } : {}),
    });
  }
  return out;
}

export function unknownKeyFixes(ctx: FixContext): Candidate[] {
  const { problem } = ctx;
  const name = problem.name;
  const object = nodeAtPath(ctx.root, problem.path);
  if (!name || object?.type !== 'object') return [];
  const present = keysOf(object);
  const known = Object.keys(ctx.schema.schemaAt(problem.path, ctx.root)?.schema.properties ?? {}).filter((k) => !present.includes(k));
  const ranked = rankValues(name, known, { limit: 2, minScore: 0.5 }).filter((r) => r.confident);
  const clear = isClearWinner(ranked);
  const out = ranked.map((r, i) => renameCandidate(ctx, name, r.value, clear && i === 0)).filter((c): c is Candidate => c !== undefined);
  out.push({
    title:
      nounFor(problem.path) === 'option' ? ctx.l10n.t('Remove unknown option "{0}"', name) : ctx.l10n.t('Remove unknown field "{0}"', name),
    kind: 'remove-key',
    // Deleting what the user wrote is never applied without asking.
    preferred: false,
    fixedText: setValue(ctx.text, [...problem.path, name], undefined, { formatting: ctx.formatting }),
    scope: { path: problem.path, deep: false },
  });
  return out;
}

/** Component types whose options fit the object's: all its option names known, all required present. */
function inferComponentTypes(catalogue: ComponentCatalogue, allowed: readonly string[], component: Record<string, unknown>): string[] {
  const options = component.options;
  const keys = options !== null && typeof options === 'object' && !Array.isArray(options) ? Object.keys(options) : [];
  const hasChildren = 'components' in component;
  const fits = allowed
    .map((type) => ({ type, info: catalogue.info(type) }))
    .filter(({ info }) => {
      if (!info || (hasChildren && !info.container)) return false;
      if (!keys.every((k) => info.optionNames.includes(k))) return false;
      if (!info.requiredOptions.every((k) => keys.includes(k))) return false;
      return info.requiredOneOf.length === 0 || info.requiredOneOf.some((k) => keys.includes(k));
    });
  // The most specific first: more required options matched, then fewer options overall.
  fits.sort(
    (a, b) => b.info!.requiredOptions.length - a.info!.requiredOptions.length || a.info!.optionNames.length - b.info!.optionNames.length,
  );
  return fits.map((f) => f.type);
}

export function missingTagFixes(ctx: FixContext): Candidate[] {
  const { problem } = ctx;
  const object = nodeAtPath(ctx.root, problem.path);
  if (object?.type !== 'object') return [];
  const allowed = ctx.schema.unionTags(ctx.schema.schemaAt(problem.path, ctx.root)?.schema ?? {}) ?? [];
  const types = inferComponentTypes(ctx.schema.catalogue, allowed, getNodeValue(object) as Record<string, unknown>).slice(0, 3);
  return types.map((type) => ({
    title: ctx.l10n.t('Add "type": "{0}"', type),
    kind: 'add-type' as const,
    preferred: types.length === 1,
    fixedText: addProperty(ctx.text, object, problem.path, 'type', type, { formatting: ctx.formatting, insertAt: () => 0 }),
    scope: { path: problem.path, deep: true },
  }));
}
