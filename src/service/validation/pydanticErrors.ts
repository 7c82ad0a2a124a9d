/**
 * Translates ajv errors (allErrors) for a report body into the FastAPI/pydantic v2
 * 422 entries `{type, loc, msg, input, ctx?}`:
 * - drops what pydantic accepts: unknown options (additionalProperties), lax
 *   coercions ("3" for an int, 1/"yes" for a bool, ints for floats), ajv's `if`
 *   bookkeeping; re-checks bounds on coerced numbers as pydantic does;
 * - an unknown or missing component `type` → union_tag_invalid / union_tag_not_found
 *   at the component; otherwise the tag is a `loc` segment after the index;
 * - plain unions (a `type` list, or an `anyOf` of value schemas such as "a size keyword or
 *   a number") give one entry per member, with the member label in `loc`;
 * - entries are sorted in pydantic's order: declared field order, then list index.
 */
import type { ErrorObject } from 'ajv';
import type { ValidationErrorEntry } from '../../core/api/types';
import { expectedList, laxAccepts, laxNumber, plural, pyRepr, pyStr, typeError, unionLabel } from './pyFormat';
import { pointerPath } from '../../core/loc/jsonPointer';
import type { SchemaIndex } from '../../core/schema/schemaIndex';
import { SchemaWalker, type Schema, type UnionNode } from './schemaWalk';

interface Ranked {
  entry: ValidationErrorEntry;
  rank: number[];
}

const entry = (
  type: string,
  loc: Array<string | number>,
  msg: string,
  input: unknown,
  ctx?: Record<string, unknown>,
): ValidationErrorEntry => (ctx ? { type, loc, msg, input, ctx } : { type, loc, msg, input });

/** Bounds pydantic checks after coercion; ajv skips them when the raw type is wrong. */
export function boundErrors(s: Schema, n: number, loc: Array<string | number>, input: unknown): ValidationErrorEntry[] {
  const out: ValidationErrorEntry[] = [];
  if (typeof s.exclusiveMinimum === 'number' && !(n > s.exclusiveMinimum))
    out.push(entry('greater_than', loc, `Input should be greater than ${s.exclusiveMinimum}`, input, { gt: s.exclusiveMinimum }));
  if (typeof s.minimum === 'number' && !(n >= s.minimum))
    out.push(entry('greater_than_equal', loc, `Input should be greater than or equal to ${s.minimum}`, input, { ge: s.minimum }));
  if (typeof s.exclusiveMaximum === 'number' && !(n < s.exclusiveMaximum))
    out.push(entry('less_than', loc, `Input should be less than ${s.exclusiveMaximum}`, input, { lt: s.exclusiveMaximum }));
  if (typeof s.maximum === 'number' && !(n <= s.maximum))
    out.push(entry('less_than_equal', loc, `Input should be less than or equal to ${s.maximum}`, input, { le: s.maximum }));
  return out;
}

interface MemberError {
  type: string;
  msg: string;
  ctx?: Record<string, unknown>;
}

/**
 * The members of an `anyOf` that is a union of values (e.g. a size keyword or a number), or
 * undefined for an anyOf of `required` lists (Image: `image_url` or `base64`).
 */
function valueMembers(s: Schema): Schema[] | undefined {
  const members = s.anyOf;
  if (!Array.isArray(members)) return undefined;
  const requiredOnly = (m: Schema) => Object.keys(m).every((k) => k === 'required');
  return (members as Schema[]).every(requiredOnly) ? undefined : (members as Schema[]);
}

/** pydantic's `loc` label of a union member: `literal['a','b']` for a Literal, else the type. */
function memberLabel(m: Schema): string {
  if (Array.isArray(m.enum))
    return `literal[${(m.enum as unknown[])
      .filter((x) => x !== null)
      .map(pyRepr)
      .join(',')}]`;
  const t = SchemaWalker.types(m).filter((x) => x !== 'null')[0];
  return unionLabel(t ?? 'null');
}

/** What pydantic (lax) says about `v` for one member; empty when the member accepts it. */
function memberErrors(m: Schema, v: unknown): MemberError[] {
  if (Array.isArray(m.enum)) {
    const values = m.enum as unknown[];
    if (values.some((x) => x === v)) return [];
    const expected = expectedList(values.filter((x) => x !== null));
    return [{ type: 'literal_error', msg: `Input should be ${expected}`, ctx: { expected } }];
  }
  const types = SchemaWalker.types(m);
  const accepting = types.find((t) => laxAccepts(t, v));
  if (accepting === undefined) {
    const e = typeError(types.filter((t) => t !== 'null')[0] ?? 'null', v, SchemaWalker.isModel(m));
    return [e];
  }
  if (accepting === 'integer' || accepting === 'number') {
    return boundErrors(m, laxNumber(accepting, v)!, [], v).map(({ type, msg, ctx }) => (ctx ? { type, msg, ctx } : { type, msg }));
  }
  return [];
}

function urlProblem(v: string): string {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(v);
  if (!m) return 'relative URL without a base';
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/(?:[^@/?#]*@)?(?:[/?#]|$)/.test(v)) return 'empty host';
  return 'invalid URL';
}

export class PydanticTranslator {
  private readonly walker: SchemaWalker;

  /** `index`: the lenient schema's index (what the service enforces). */
  constructor(index: SchemaIndex) {
    this.walker = new SchemaWalker(index);
  }

  translate(body: unknown, errors: ErrorObject[]): ValidationErrorEntry[] {
    const ranked: Ranked[] = [];
    for (const err of errors) ranked.push(...this.one(body, err));
    ranked.sort((a, b) => compareRanks(a.rank, b.rank));
    const seen = new Set<string>();
    const out: ValidationErrorEntry[] = [];
    for (const r of ranked) {
      const id = JSON.stringify([r.entry.type, r.entry.loc]);
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(r.entry);
    }
    return out;
  }

  private one(body: unknown, err: ErrorObject): Ranked[] {
    if (err.keyword === 'if' || err.keyword === 'additionalProperties' || err.keyword === 'errorMessage') return [];
    // Requireds inside an anyOf are reported once, by the anyOf itself.
    if (/\/anyOf\/\d+\//.test(err.schemaPath)) return [];
    const path = pointerPath(body, err.instancePath);
    const at = this.walker.walk(body, path);
    // The schema holding the keyword is the node the walker reached (ajv's schemaPath is
    // relative inside $refs; `parentSchema` exists only in verbose mode).
    const parent = (err.parentSchema as Schema | undefined) ?? at.schema ?? {};
    const v = at.value;
    const extra = this.unionSiblings(at.unions);
    const single = (e: ValidationErrorEntry, more: number[] = []): Ranked[] => [...extra, { entry: e, rank: [...at.rank, ...more] }];

    switch (err.keyword) {
      case 'anyOf':
      case 'required': {
        const members = err.keyword === 'anyOf' ? valueMembers(parent) : undefined;
        if (members) return [...extra, ...this.valueUnion(at.loc, at.rank, members, v)];
        // An anyOf of required fields (Image) reads as the first one missing.
        const field =
          err.keyword === 'required'
            ? (err.params as { missingProperty: string }).missingProperty
            : (((parent.anyOf as Schema[] | undefined)?.[0]?.required as string[] | undefined)?.[0] ?? '');
        const union = this.walker.unionBranches(parent);
        if (union && field === 'type') {
          return single(
            entry('union_tag_not_found', at.loc, "Unable to extract tag using discriminator 'type'", v, { discriminator: "'type'" }),
          );
        }
        return single(entry('missing', [...at.loc, field], 'Field required', v), [SchemaWalker.fieldRank(parent, field)]);
      }
      case 'enum':
      case 'const': {
        const allowed = (err.keyword === 'enum' ? (parent.enum as unknown[]) : [parent.const]) ?? [];
        const last = path[path.length - 1];
        const comp = at.componentLocs[at.componentLocs.length - 1];
        if (last === 'type' && comp && comp.loc.length === at.loc.length - 1) {
          const expected = this.walker
            .expectedTags(comp.union)
            .map((t) => `'${t}'`)
            .join(', ');
          const tag = pyStr(v);
          return [
            {
              entry: entry(
                'union_tag_invalid',
                comp.loc,
                `Input tag '${tag}' found using 'type' does not match any of the expected tags: ${expected}`,
                this.valueAtLoc(body, path.slice(0, -1)),
                {
                  discriminator: "'type'",
                  tag,
                  expected_tags: expected,
                },
              ),
              rank: at.rank.slice(0, -1),
            },
          ];
        }
        const values = allowed.filter((x) => x !== null);
        return single(entry('literal_error', at.loc, `Input should be ${expectedList(values)}`, v, { expected: expectedList(values) }));
      }
      case 'type':
        return [...extra, ...this.typeErrors(at.loc, at.rank, parent, v)];
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        return [
          ...extra,
          ...boundErrors({ [err.keyword]: parent[err.keyword] }, v as number, at.loc, v).map((e) => ({ entry: e, rank: at.rank })),
        ];
      case 'minLength':
        return single(
          entry('string_too_short', at.loc, `String should have at least ${plural(parent.minLength as number, 'character')}`, v, {
            min_length: parent.minLength,
          }),
        );
      case 'maxLength':
        return single(
          entry('string_too_long', at.loc, `String should have at most ${plural(parent.maxLength as number, 'character')}`, v, {
            max_length: parent.maxLength,
          }),
        );
      case 'minItems':
      case 'maxItems': {
        // pydantic's too_short / too_long for a list: the bound, and the length it got.
        const min = err.keyword === 'minItems';
        const n = parent[err.keyword] as number;
        const len = (v as unknown[]).length;
        const msg = `List should have ${min ? 'at least' : 'at most'} ${plural(n, 'item')} after validation, not ${len}`;
        return single(
          entry(min ? 'too_short' : 'too_long', at.loc, msg, v, {
            field_type: 'List',
            [min ? 'min_length' : 'max_length']: n,
            actual_length: len,
          }),
        );
      }
      case 'pattern':
        return single(
          entry('string_pattern_mismatch', at.loc, `String should match pattern '${parent.pattern}'`, v, { pattern: parent.pattern }),
        );
      case 'format': {
        const problem = urlProblem(String(v));
        return single(entry('url_parsing', at.loc, `Input should be a valid URL, ${problem}`, v, { error: problem }));
      }
      default:
        return single(entry('value_error', at.loc, `Value error, ${err.message ?? 'invalid value'}`, v, { error: {} }));
    }
  }

  /**
   * An error inside one member of a plain union (e.g. the object form of a table cell):
   * pydantic also reports that the value fits none of the other members.
   */
  private unionSiblings(unions: UnionNode[]): Ranked[] {
    const out: Ranked[] = [];
    for (const u of unions) {
      SchemaWalker.types(u.schema)
        .filter((t) => t !== 'null')
        .forEach((t, i) => {
          if (i === u.member) return;
          const e = typeError(t, u.value, SchemaWalker.isModel(u.schema));
          out.push({ entry: entry(e.type, [...u.loc, unionLabel(t)], e.msg, u.value), rank: [...u.rank, i] });
        });
    }
    return out;
  }

  /**
   * A value that fits no member of an `anyOf` union: pydantic's smart union tries each member
   * (lax) and, when none accepts it, reports every member's error under its label.
   */
  private valueUnion(loc: Array<string | number>, rank: number[], members: Schema[], v: unknown): Ranked[] {
    const errors = members.map((m) => memberErrors(m, v));
    if (errors.some((e) => e.length === 0)) return []; // a lax coercion ajv does not know (e.g. "14" for a number)
    return errors.flatMap((list, i) =>
      list.map((e) => ({ entry: entry(e.type, [...loc, memberLabel(members[i])], e.msg, v, e.ctx), rank: [...rank, i] })),
    );
  }

  private valueAtLoc(body: unknown, path: Array<string | number>): unknown {
    let cur = body;
    for (const seg of path) cur = cur && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[seg] : undefined;
    return cur;
  }

  /** A value of the wrong type: lax acceptance, bounds after coercion, plain-union members. */
  private typeErrors(loc: Array<string | number>, rank: number[], s: Schema, v: unknown): Ranked[] {
    const types = SchemaWalker.types(s);
    if (types.some((t) => laxAccepts(t, v))) {
      const numeric = types.find((t): t is 'integer' | 'number' => (t === 'integer' || t === 'number') && laxNumber(t, v) !== undefined);
      if (numeric && typeof v !== 'number') return boundErrors(s, laxNumber(numeric, v)!, loc, v).map((e) => ({ entry: e, rank }));
      return [];
    }
    const members = types.filter((t) => t !== 'null');
    const isModel = SchemaWalker.isModel(s);
    if (members.length <= 1) {
      const e = typeError(members[0] ?? 'null', v, isModel);
      return [{ entry: entry(e.type, loc, e.msg, v), rank }];
    }
    return members.map((t, i) => {
      const e = typeError(t, v, isModel);
      return { entry: entry(e.type, [...loc, unionLabel(t)], e.msg, v), rank: [...rank, i] };
    });
  }
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
