/**
 * Walks the report schema alongside a request body to turn a JSON path into a
 * pydantic `loc`: component unions (the `allOf` of `if type = X then $ref X`) are
 * tagged unions, so the component's `type` becomes an extra segment after its index;
 * a plain union of several types (e.g. `["string","number","object"]`) adds the
 * member's label before descending into it. It also yields a rank per segment
 * (schema field order, list index) so entries can be sorted in pydantic's order.
 */
import type { JsonSchema, SchemaIndex } from '../../core/schema/schemaIndex';
import { jsonType, unionLabel } from './pyFormat';

export type Schema = JsonSchema;

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
  constructor(private readonly index: SchemaIndex) {}

  deref(s: Schema | undefined): Schema | undefined {
    return s ? this.index.deref(s) : undefined;
  }

  /** The tagged-union branches of a component schema: tag → branch schema. */
  unionBranches(s: Schema | undefined): ReadonlyMap<string, Schema> | undefined {
    return s ? this.index.unionBranches(s) : undefined;
  }

  /** Expected tags in union order (the `enum` of the union's `type`). */
  expectedTags(union: Schema): string[] {
    return this.index.unionTags(union) ?? [];
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
    let schema = this.deref(this.index.root);
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
