/**
 * Python/pydantic v2 details the 422 translation must reproduce: `repr()` of values in
 * messages, Literal message wording, the lax-mode coercions pydantic accepts (which a
 * strict JSON schema rejects), and the error type + msg for a value of the wrong type.
 */
import { laxBoolWord } from '../../core/api/laxBool';

/** Python's repr() of a JSON value, as used in pydantic messages. */
export function pyRepr(v: unknown): string {
  if (v === null || v === undefined) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return 'nan';
    if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
    return String(v);
  }
  if (typeof v === 'string') {
    const quote = v.includes("'") && !v.includes('"') ? '"' : "'";
    const body = v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
    return quote + (quote === "'" ? body.replace(/'/g, "\\'") : body) + quote;
  }
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`;
  return `{${Object.entries(v as object)
    .map(([k, x]) => `${pyRepr(k)}: ${pyRepr(x)}`)
    .join(', ')}}`;
}

/** Python's str() of a tag value (pydantic shows the tag with str(), not repr()). */
export function pyStr(v: unknown): string {
  return typeof v === 'string' ? v : pyRepr(v);
}

/** "'a'", "'a' or 'b'", "'a', 'b' or 'c'" — pydantic's Literal expectation list. */
export function expectedList(values: unknown[]): string {
  const r = values.map(pyRepr);
  return r.length <= 1 ? (r[0] ?? '') : `${r.slice(0, -1).join(', ')} or ${r[r.length - 1]}`;
}

const INT_STRING = /^\s*[+-]?\d+(\.0*)?\s*$/;
const FLOAT_STRING = /^\s*[+-]?((\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|inf|infinity|nan)\s*$/i;

/** The number pydantic (lax) turns `v` into for an int/float field, or undefined. */
export function laxNumber(type: 'integer' | 'number', v: unknown): number | undefined {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return type === 'number' || Number.isInteger(v) ? v : undefined;
  if (typeof v === 'string') {
    if (type === 'integer' ? INT_STRING.test(v) : FLOAT_STRING.test(v))
      return Number(
        v
          .trim()
          .replace(/^\+/, '')
          .replace(/inf(inity)?$/i, 'Infinity'),
      );
  }
  return undefined;
}

/** Whether pydantic's lax mode accepts `v` for a JSON-schema primitive type. */
export function laxAccepts(type: string, v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
    case 'number':
      return laxNumber(type, v) !== undefined;
    case 'boolean':
      if (typeof v === 'boolean') return true;
      if (typeof v === 'number') return v === 0 || v === 1;
      return typeof v === 'string' && laxBoolWord(v) !== undefined;
    case 'null':
      return v === null;
    case 'array':
      return Array.isArray(v);
    case 'object':
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    default:
      return true;
  }
}

export interface TypeErrorInfo {
  type: string;
  msg: string;
}

/** The pydantic error for `v` in a field of JSON-schema type `type`. `isModel`: an object with declared fields. */
export function typeError(type: string, v: unknown, isModel: boolean): TypeErrorInfo {
  switch (type) {
    case 'string':
      return { type: 'string_type', msg: 'Input should be a valid string' };
    case 'integer':
      if (typeof v === 'string')
        return { type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer' };
      if (typeof v === 'number' && Number.isFinite(v))
        return { type: 'int_from_float', msg: 'Input should be a valid integer, got a number with a fractional part' };
      return { type: 'int_type', msg: 'Input should be a valid integer' };
    case 'number':
      if (typeof v === 'string')
        return { type: 'float_parsing', msg: 'Input should be a valid number, unable to parse string as a number' };
      return { type: 'float_type', msg: 'Input should be a valid number' };
    case 'boolean':
      if (typeof v === 'string' || typeof v === 'number')
        return { type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input' };
      return { type: 'bool_type', msg: 'Input should be a valid boolean' };
    case 'array':
      return { type: 'list_type', msg: 'Input should be a valid list' };
    case 'object':
      return isModel
        ? { type: 'model_attributes_type', msg: 'Input should be a valid dictionary or object to extract fields from' }
        : { type: 'dict_type', msg: 'Input should be a valid dictionary' };
    default:
      return { type: 'none_required', msg: 'Input should be None' };
  }
}

/** The label pydantic appends to `loc` for a member of a plain (untagged) union. */
export function unionLabel(type: string): string {
  switch (type) {
    case 'string':
      return 'str';
    case 'integer':
      return 'int';
    case 'number':
      return 'float';
    case 'boolean':
      return 'bool';
    case 'array':
      return 'list[any]';
    case 'object':
      return 'dict[str,any]';
    default:
      return 'none';
  }
}

/** The JSON-schema type name of a JSON value. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
