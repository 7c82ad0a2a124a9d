/**
 * A node of a JsoncTree (jsoncTree.ts) in jsonc-parser's `Node` shape: made on first access and
 * kept, its literal value decoded from the text when first read, its children listed on demand.
 */
import type { Node, NodeType } from 'jsonc-parser';
import { ARRAY, KINDS, OBJECT, PROPERTY, type Columns } from './jsoncColumns';

/**
 * What a node view reads from its tree: JsoncTree implements it. Declared here, not imported
 * from jsoncTree.ts, so the two modules do not import each other.
 */
export interface NodeSource {
  readonly cols: Columns;
  decode(index: number): unknown;
  propertyIndex(index: number, key: string): number;
  childIndexes(index: number): number[];
  node(index: number): Node;
}

export class TreeNode implements Node {
  readonly type: NodeType;
  readonly offset: number;
  readonly length: number;
  #tree: NodeSource;
  #index: number;
  #value: unknown;
  #decoded = false;
  #children?: Node[];

  constructor(tree: NodeSource, index: number) {
    this.#tree = tree;
    this.#index = index;
    this.type = KINDS[tree.cols.kind[index]];
    this.offset = tree.cols.offset[index];
    this.length = tree.cols.length[index];
  }

  get value(): unknown {
    if (!this.#decoded) {
      this.#value = this.#tree.decode(this.#index);
      this.#decoded = true;
    }
    return this.#value;
  }

  /** The property named `key` when this is an object (see JsoncTree.propertyIndex). */
  property(key: string): Node | undefined {
    const found = this.#tree.propertyIndex(this.#index, key);
    return found >= 0 ? this.#tree.node(found) : undefined;
  }

  get colonOffset(): number | undefined {
    const colon = this.#tree.cols.colon[this.#index];
    return colon >= 0 ? colon : undefined;
  }

  get parent(): Node | undefined {
    const p = this.#tree.cols.parent[this.#index];
    return p >= 0 ? this.#tree.node(p) : undefined;
  }

  get children(): Node[] | undefined {
    const kind = this.#tree.cols.kind[this.#index];
    if (kind !== OBJECT && kind !== ARRAY && kind !== PROPERTY) return undefined;
    return (this.#children ??= this.#tree.childIndexes(this.#index).map((i) => this.#tree.node(i)));
  }
}
