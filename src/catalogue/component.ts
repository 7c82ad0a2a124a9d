/** The shape of a catalogue entry: one component type, declared once. */
import type { OptionSet, SchemaObject } from './option';

/** How the outline shows a component (src/core/outline/): its icon group. */
export type OutlineRole = 'container' | 'card' | 'text' | 'table' | 'image' | 'chart' | 'progress' | 'spacer';

/** Any catalogue entry (what the generator and the derived tables read). */
export interface ComponentEntry {
  readonly markdownDescription: string;
  readonly container?: boolean;
  readonly coverPage?: boolean;
  readonly required: readonly string[];
  readonly requiredOneOf?: readonly string[];
  readonly snippetOptions?: SchemaObject;
  readonly options: OptionSet;
  readonly outline: { readonly role: OutlineRole; readonly label?: readonly string[] };
  readonly aliases?: readonly string[];
}

/** One entry, typed by its options: `required` and `outline.label` must name options it has. */
export interface ComponentSpec<O extends OptionSet> extends ComponentEntry {
  /** Hover text of the type; its first sentence is the completion detail. */
  readonly markdownDescription: string;
  /** Takes `components` (Section, Row). */
  readonly container?: boolean;
  /** Allowed on the cover page. */
  readonly coverPage?: boolean;
  readonly required: readonly (keyof O & string)[];
  /** Any one of these is required (Image: image_url or base64). */
  readonly requiredOneOf?: readonly (keyof O & string)[];
  /** VS Code snippet placeholders for the required options. */
  readonly snippetOptions?: SchemaObject;
  readonly options: O;
  readonly outline: {
    readonly role: OutlineRole;
    /** Options that name the component in the outline, in order of preference (first string wins). */
    readonly label?: readonly (keyof O & string)[];
  };
  /** Words people type for this type (`pie` → DoughnutRing): confident quick-fix suggestions. */
  readonly aliases?: readonly string[];
}

/**
 * Declares an entry, checking that its required options and labels are options it has. The
 * `container` and `coverPage` flags stay literal in its type (ContainerType, CoverPageType).
 */
export const component = <O extends OptionSet, C extends boolean = false, P extends boolean = false>(
  spec: ComponentSpec<O> & { readonly container?: C; readonly coverPage?: P },
): ComponentSpec<O> & { readonly container?: C; readonly coverPage?: P } => spec;
