/**
 * Walks the report schema alongside a request body to turn a JSON path into a
 * pydantic `loc`: component unions (the `allOf` of `if type = X then $ref X`) are
 * tagged unions, so the component's `type` becomes an extra segment after its index;
 * a plain union of several types (e.g. `["string","number","object"]`) adds the
 * member's label before descending into it. It also yields a rank per segment
 * (schema field order, list index) so entries can be sorted in pydantic's order.
 */
import { jsonType, unionLabel } from './pyFormat';

export type Schema = Record<string, unknown>;

export interface Step {
  /** loc segments contributed by this step (field/index, plus tag or union label). */
  loc: Array<string | number>;
  rank: number[];
}

export interface WalkResult {
  loc: Array<string | number>;
  rank: number[];
  /** Schema of the node reached (after following the tag), or undefined when off-schema. */
  schema: Schema | undefined;
  value: unknown;
  /** Components (tagged-union nodes) on the way, outermost first. */
  componentLocs: Array<{ loc: Array<string | number>; tag: unknown; union: Schema }>;
  /** Plain-union nodes the path descended through, with the member taken. */
  unions: UnionNode[];
}

export interface UnionNode {
  loc: Array<string | number>;
  rank: number[];
  schema: Schema;
  value: unknown;
  member: number;
}

export class SchemaWalker {
  // The schema never changes: resolved refs and union branches are computed once, not
  // once per error (a body with 65,000 faults spent most of its 422 time here).
  private readonly pointers = new Map<string, Schema | undefined>();
  private readonly branches = new WeakMap<Schema, Map<string, Schema> | undefined>();

  constructor(private readonly root: Schema) {}

  deref(s: Schema | undefined): Schema | undefined {
    let cur = s;
    for (let i = 0; cur && typeof cur.$ref === 'string' && i < 32; i++) cur = this.pointer(cur.$ref as string);
    return cur;
  }

  /** Resolves "#/definitions/X/properties/y" in the root schema. */
  pointer(ref: string): Schema | undefined {
    if (this.pointers.has(ref)) return this.pointers.get(ref);
    const resolved = this.resolvePointer(ref);
    this.pointers.set(ref, resolved);
    return resolved;
  }

  private resolvePointer(ref: string): Schema | undefined {
    if (!ref.startsWith('#')) return undefined;
    let cur: unknown = this.root;
    for (const raw of ref.slice(1).split('/').filter(Boolean)) {
      const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[seg] : undefined;
    }
    return cur && typeof cur === 'object' ? (cur as Schema) : undefined;
  }

  /** The tagged-union branches of a component schema: tag → branch schema. */
  unionBranches(s: Schema | undefined): Map<string, Schema> | undefined {
    if (!s) return undefined;
    if (this.branches.has(s)) return this.branches.get(s);
    const found = this.findBranches(s);
    this.branches.set(s, found);
    return found;
  }

  private findBranches(s: Schema): Map<string, Schema> | undefined {
    const all = s.allOf;
    if (!Array.isArray(all)) return undefined;
    const map = new Map<string, Schema>();
    for (const part of all as Schema[]) {
      const tag = ((part.if as Schema | undefined)?.properties as Record<string, Schema> | undefined)?.type?.const;
      if (typeof tag === 'string' && part.then) map.set(tag, this.deref(part.then as Schema) ?? {});
    }
    return map.size ? map : undefined;
  }

  /** Expected tags in union order (the `enum` of the union's `type`). */
  expectedTags(union: Schema): string[] {
    const en = ((union.properties as Record<string, Schema> | undefined)?.type?.enum ?? []) as unknown[];
    return en.filter((t): t is string => typeof t === 'string');
  }

  static types(s: Schema | undefined): string[] {
    const t = s?.type;
    if (Array.isArray(t)) return t as string[];
    return typeof t === 'string' ? [t] : [];
  }

  /** True for an object schema with declared fields (a pydantic model, not a dict). */
  static isModel(s: Schema | undefined): boolean {
    return !!s && typeof s.properties === 'object' && Object.keys(s.properties as object).length > 0;
  }

  walk(body: unknown, path: Array<string | number>): WalkResult {
    let schema = this.deref(this.root);
    let value = body;
    const loc: Array<string | number> = ['body'];
    const rank: number[] = [];
    const componentLocs: WalkResult['componentLocs'] = [];
    const unions: UnionNode[] = [];
    const enter = (): void => {
      // Tagged union: descend into the branch of the value's tag.
      const branches = this.unionBranches(schema);
      if (branches && value && typeof value === 'object' && !Array.isArray(value)) {
        const tag = (value as Record<string, unknown>).type;
        componentLocs.push({ loc: [...loc], tag, union: schema! });
        const branch = typeof tag === 'string' ? branches.get(tag) : undefined;
        if (branch) {
          loc.push(tag as string);
          rank.push(0);
          schema = branch;
        }
      }
    };
    enter();
    for (const seg of path) {
      const types = SchemaWalker.types(schema).filter((t) => t !== 'null');
      if (types.length > 1) {
        // Descending into one member of a plain union: pydantic names the member.
        const t = jsonType(value) === 'integer' && !types.includes('integer') ? 'number' : jsonType(value);
        const member = Math.max(0, types.indexOf(t));
        unions.push({ loc: [...loc], rank: [...rank], schema: schema!, value, member });
        loc.push(unionLabel(t));
        rank.push(member);
      }
      const container = value as Record<string | number, unknown> | undefined;
      value = container && typeof container === 'object' ? container[seg] : undefined;
      loc.push(seg);
      if (typeof seg === 'number') {
        rank.push(seg);
        schema = this.deref(schema?.items as Schema | undefined);
      } else {
        const props = (schema?.properties ?? {}) as Record<string, Schema>;
        const keys = Object.keys(props);
        if (seg in props) {
          rank.push(keys.indexOf(seg));
          schema = this.deref(props[seg]);
        } else {
          // Extra keys are validated after the declared fields, in input order.
          rank.push(1000 + Object.keys(container ?? {}).indexOf(seg));
          schema = typeof schema?.additionalProperties === 'object' ? this.deref(schema.additionalProperties as Schema) : undefined;
        }
      }
      enter();
    }
    return { loc, rank, schema, value, componentLocs, unions };
  }

  /** Rank of a field name inside an object schema (for `missing` entries). */
  static fieldRank(s: Schema | undefined, field: string): number {
    const keys = Object.keys((s?.properties ?? {}) as object);
    const i = keys.indexOf(field);
    return i < 0 ? 999 : i;
  }
}

/** Splits an ajv instancePath ("/components/0/options") into segments; numbers for array indexes. */
export function splitInstancePath(body: unknown, instancePath: string): Array<string | number> {
  if (!instancePath) return [];
  const out: Array<string | number> = [];
  let cur: unknown = body;
  for (const raw of instancePath.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const key: string | number = Array.isArray(cur) && /^\d+$/.test(seg) ? Number(seg) : seg;
    out.push(key);
    cur = cur && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[key] : undefined;
  }
  return out;
}
