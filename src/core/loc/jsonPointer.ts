/**
 * JSON pointers, parsed in one place: a schema `$ref` fragment (`#/definitions/a~1b`, percent-
 * decoded as a URI fragment first) or an ajv instancePath (`/components/0`). `~1` → `/`, `~0` → `~`.
 */
import type { PathSegment } from './treeWalk';

export function parsePointer(pointer: string): string[] {
  const fragment = pointer.startsWith('#');
  const body = fragment ? pointer.slice(1) : pointer;
  if (body === '') return [];
  if (!body.startsWith('/')) throw new SyntaxError(`Not a JSON pointer: ${pointer}`);
  return body
    .slice(1)
    .split('/')
    .map((raw) => (fragment ? decodeURIComponent(raw) : raw).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A document path as a JSON pointer (the inverse of parsePointer for instance paths). */
export function formatPointer(path: readonly PathSegment[]): string {
  return path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** A pointer's segments as a document path: numbers where `document` has an array. */
export function pointerPath(document: unknown, pointer: string): PathSegment[] {
  const out: PathSegment[] = [];
  let cur: unknown = document;
  for (const seg of parsePointer(pointer)) {
    const key: PathSegment = Array.isArray(cur) && /^\d+$/.test(seg) ? Number(seg) : seg;
    out.push(key);
    cur = cur && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[key] : undefined;
  }
  return out;
}
