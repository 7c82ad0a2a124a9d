/**
 * A tool call's arguments checked against its spec, in plain words a model can act on: an
 * argument the tool does not take (naming the ones it does), a value of the wrong type or out of
 * bounds, path and text both or neither. Used by the MCP server and the extension's tools alike.
 */
import type { ParamSpec, ToolSpec } from './toolSpecs';

/** The caller's input was wrong (not the report): said back to the model as an error result. */
export class AgentInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgentInputError';
  }
}

export type ToolArgs = Record<string, string | number | undefined>;

const describeValue = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`;

function checkParam(tool: string, name: string, spec: ParamSpec, value: unknown): string | number {
  if (spec.type === 'string') {
    if (typeof value !== 'string') throw new AgentInputError(`${tool}: "${name}" takes a string, got ${describeValue(value)}`);
    return value;
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new AgentInputError(`${tool}: "${name}" takes a whole number, got ${describeValue(value)}`);
  }
  if ((spec.minimum !== undefined && value < spec.minimum) || (spec.maximum !== undefined && value > spec.maximum)) {
    throw new AgentInputError(`${tool}: "${name}" takes a whole number from ${spec.minimum} to ${spec.maximum}, got ${value}`);
  }
  return value;
}

/** The arguments as the spec declares them; throws an AgentInputError naming the first wrong one. */
export function checkToolArgs(spec: ToolSpec, args: unknown): ToolArgs {
  if (args === undefined || args === null) args = {};
  if (typeof args !== 'object' || Array.isArray(args)) {
    throw new AgentInputError(`${spec.name}: the arguments must be an object, got ${describeValue(args)}`);
  }
  const out: ToolArgs = {};
  const takes = Object.keys(spec.params);
  for (const [name, value] of Object.entries(args as Record<string, unknown>)) {
    const param = spec.params[name];
    if (!param) {
      const list = takes.length ? `it takes ${takes.map((t) => `"${t}"`).join(', ')}` : 'it takes none';
      throw new AgentInputError(`${spec.name}: unknown argument "${name}"; ${list}`);
    }
    if (value === undefined) continue;
    out[name] = checkParam(spec.name, name, param, value);
  }
  return out;
}

/** Where the report comes from: a path or the text itself, exactly one of them. */
export type ReportRef = { path: string } | { text: string };

export function reportRef(tool: string, args: ToolArgs): ReportRef {
  const { path, text } = args;
  if (typeof path === 'string' && typeof text === 'string') {
    throw new AgentInputError(`${tool}: give either "path" or "text", not both`);
  }
  if (typeof path === 'string') {
    if (path.trim() === '') throw new AgentInputError(`${tool}: "path" is empty`);
    return { path };
  }
  if (typeof text === 'string') return { text };
  throw new AgentInputError(`${tool}: give the report as "path" (a file in the working folder) or as "text" (its JSON)`);
}
