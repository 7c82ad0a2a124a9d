/**
 * The catalogue in words and data for an agent: the component types with one line each, or one
 * type's options (type, default, unit, bounds, allowed values, required) and a short example
 * built from the snippet the editor inserts for it.
 */
import { COMPONENTS } from '../../catalogue';
import type { ComponentEntry } from '../../catalogue';
import { expandSnippetDefaults, snippetText } from '../snippets/snippetText';
import { AgentInputError } from './toolArgs';

interface OptionDoc {
  name: string;
  type: string;
  required: boolean;
  default?: unknown;
  unit?: string;
  minimum?: number;
  maximum?: number;
  allowed?: unknown[];
  /** Another spelling of this option (`bg_colour` of `bg_color`). */
  spellingOf?: string;
  description: string;
}

export interface ComponentDoc {
  type: string;
  summary: string;
  container: boolean;
  coverPage: boolean;
  options: OptionDoc[];
  example: unknown;
}

/** The first sentence of a hover text, without Markdown marks. */
function firstSentence(markdown: string): string {
  const plain = markdown.replace(/\*\*|`/g, '');
  const m = /^(.*?[.!?])(?=\s+[A-Z(]|\s*$)/s.exec(plain);
  return (m ? m[1] : plain).replace(/\s+/g, ' ').trim();
}

const plainText = (markdown: string): string => markdown.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();

function typeName(schema: Record<string, unknown>): string {
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (typeof schema.type === 'string')
    return schema.type === 'array' && schema.items ? `array of ${typeName(schema.items as Record<string, unknown>)}` : schema.type;
  if (Array.isArray(schema.enum)) return 'string';
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    return [...new Set(((schema.anyOf ?? schema.oneOf) as Record<string, unknown>[]).map(typeName))].join(' | ');
  }
  return 'any';
}

function allowedValues(schema: Record<string, unknown>): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  const branches = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  const values = branches?.flatMap((b) => (Array.isArray(b.enum) ? b.enum : []));
  return values?.length ? values : undefined;
}

function optionDocs(entry: ComponentEntry): OptionDoc[] {
  return Object.entries(entry.options).map(([name, opt]) => {
    const schema = opt.schema as Record<string, unknown>;
    const doc: OptionDoc = {
      name,
      type: typeName(schema),
      required: entry.required.includes(name),
      description: plainText(String(schema.markdownDescription ?? schema.description ?? '')),
    };
    if (opt.meta.default !== undefined) doc.default = opt.meta.default;
    if (opt.meta.unit) doc.unit = opt.meta.unit;
    if (typeof schema.minimum === 'number') doc.minimum = schema.minimum;
    if (typeof schema.maximum === 'number') doc.maximum = schema.maximum;
    const allowed = allowedValues(schema);
    if (allowed) doc.allowed = allowed;
    if (opt.meta.spellingOf) doc.spellingOf = opt.meta.spellingOf;
    return doc;
  });
}

/** The component as the editor's snippet writes it, placeholders at their defaults. */
function example(type: string, entry: ComponentEntry): unknown {
  const body: Record<string, unknown> = { type };
  if (entry.snippetOptions) body.options = entry.snippetOptions;
  if (entry.container) body.components = [];
  return JSON.parse(expandSnippetDefaults(snippetText({ body })));
}

export const componentTypes = (): string[] => Object.keys(COMPONENTS);

/** One line per type: `Card — A KPI card: …`. */
export function componentList(): Array<{ type: string; summary: string }> {
  return Object.entries(COMPONENTS).map(([type, entry]) => ({ type, summary: firstSentence(entry.markdownDescription) }));
}

/** A type's documentation; an unknown type is an input error naming the types there are. */
export function componentDoc(type: string): ComponentDoc {
  const entry = (COMPONENTS as Record<string, ComponentEntry>)[type];
  if (!entry) {
    const near = componentTypes().filter((t) => t.toLowerCase() === type.toLowerCase());
    throw new AgentInputError(
      `component_docs: there is no component type "${type}"` +
        (near.length ? `; did you mean "${near[0]}"?` : `; the types are ${componentTypes().join(', ')}`),
    );
  }
  return {
    type,
    summary: firstSentence(entry.markdownDescription),
    container: entry.container === true,
    coverPage: entry.coverPage === true,
    options: optionDocs(entry),
    example: example(type, entry),
  };
}

/** The doc as text a model reads: one line per option. */
export function componentDocText(doc: ComponentDoc): string {
  const lines = [`${doc.type}: ${doc.summary}`];
  if (doc.container) lines.push('A container: it holds "components".');
  lines.push('Options:');
  for (const o of doc.options) {
    const facts = [
      o.type,
      o.required ? 'required' : undefined,
      o.default !== undefined ? `default ${JSON.stringify(o.default)}` : undefined,
      o.unit ? `unit ${o.unit}` : undefined,
      o.minimum !== undefined || o.maximum !== undefined ? `${o.minimum ?? '…'} to ${o.maximum ?? '…'}` : undefined,
      o.allowed ? `one of ${o.allowed.map((v) => JSON.stringify(v)).join(', ')}` : undefined,
      o.spellingOf ? `other spelling of ${o.spellingOf}` : undefined,
    ].filter(Boolean);
    lines.push(`- ${o.name} (${facts.join('; ')}): ${o.description}`);
  }
  lines.push(`Example: ${JSON.stringify(doc.example)}`);
  return lines.join('\n');
}
