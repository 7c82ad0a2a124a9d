/**
 * Fixes that replace one value: an invalid enum value or component type by the closest
 * valid one, a value of the wrong type by its obvious conversion, an out-of-range number
 * by the bound it crossed.
 */
import { getNodeValue } from 'jsonc-parser';
import { typeTagOf } from '../loc/treeWalk';
import { nodeAtPath } from './candidate';
import type { Candidate, FixContext } from './candidate';
import { conversions } from './convert';
import { isClearWinner, rankValues } from './similarity';
import { setValue, shortJson } from './textEdits';

function currentValue(ctx: FixContext): { found: boolean; value?: unknown } {
  const node = nodeAtPath(ctx.root, ctx.problem.path);
  return node ? { found: true, value: getNodeValue(node) } : { found: false };
}

export function unknownTagFixes(ctx: FixContext): Candidate[] {
  const { problem } = ctx;
  const component = nodeAtPath(ctx.root, problem.path);
  const tag = component ? typeTagOf(component) : undefined;
  if (tag === undefined) return [];
  const allowed = (problem.allowed ?? []).filter((v): v is string => typeof v === 'string');
  const ranked = rankValues(tag, allowed, { limit: 3 });
  const clear = isClearWinner(ranked);
  return ranked.map((r, i) => ({
    title: ctx.l10n.t('Change type "{0}" to "{1}"', tag, r.value),
    kind: 'replace-value' as const,
    preferred: clear && i === 0,
    fixedText: setValue(ctx.text, [...problem.path, 'type'], r.value, { formatting: ctx.formatting }),
    // The new type must accept the component's options as they are.
    scope: { path: problem.path, deep: true },
  }));
}

export function enumFixes(ctx: FixContext): Candidate[] {
  const { problem } = ctx;
  const current = currentValue(ctx);
  if (!current.found) return [];
  const allowed = problem.allowed ?? [];
  const replace = (value: unknown, preferred: boolean): Candidate => ({
    title: ctx.l10n.t('Replace {0} with {1}', shortJson(current.value), JSON.stringify(value)),
    kind: 'replace-value',
    preferred,
    fixedText: setValue(ctx.text, problem.path, value, { formatting: ctx.formatting }),
    scope: { path: problem.path, deep: true },
  });
  if (typeof current.value !== 'string') {
    // 3 where "3" is listed, or a one-value enum (`"type": "Report"`).
    const same = allowed.find((v) => typeof v === 'string' && v === String(current.value));
    if (same !== undefined) return [replace(same, true)];
    return allowed.length === 1 ? [replace(allowed[0], true)] : [];
  }
  const ranked = rankValues(
    current.value,
    allowed.filter((v): v is string => typeof v === 'string'),
    { limit: 3 },
  );
  const clear = isClearWinner(ranked);
  return ranked.map((r, i) => replace(r.value, clear && i === 0));
}

export function typeFixes(ctx: FixContext): Candidate[] {
  const { problem } = ctx;
  const current = currentValue(ctx);
  if (!current.found || !problem.expected) return [];
  return conversions(current.value, problem.expected, ctx.l10n).map((c) => ({
    title: c.title,
    kind: 'convert' as const,
    preferred: c.preferred,
    fixedText: setValue(ctx.text, problem.path, c.value, { formatting: ctx.formatting }),
    scope: { path: problem.path, deep: true },
  }));
}

export function boundFixes(ctx: FixContext): Candidate[] {
  const { problem } = ctx;
  const current = currentValue(ctx);
  const bound = problem.bound;
  if (!bound || typeof current.value !== 'number') return [];
  let target = bound.limit;
  if (bound.exclusive) {
    // Only integers have a nearest value inside an exclusive bound.
    if (!Number.isInteger(current.value) || !Number.isInteger(bound.limit)) return [];
    target = bound.upper ? bound.limit - 1 : bound.limit + 1;
  }
  return [
    {
      title: bound.upper ? ctx.l10n.t('Set to {0} (the maximum)', target) : ctx.l10n.t('Set to {0} (the minimum)', target),
      kind: 'clamp',
      preferred: true,
      fixedText: setValue(ctx.text, problem.path, target, { formatting: ctx.formatting }),
      scope: { path: problem.path, deep: true },
    },
  ];
}
