/**
 * 422 entries → diagnostics on the user's text: range, line/character and a message
 * that says what is wrong in the user's terms (the missing option's name, the value
 * that was rejected; the other entry types in plainWords.ts). Used by the CLI (`file:line:col` lines) and the extension
 * (Problems), so both show the same words.
 */
import type { LocSegment, ValidationErrorEntry } from '../api/types';
import type { ParsedJsonc } from './jsoncText';
import { LineIndex } from './lineIndex';
import type { Position } from './lineIndex';
import { clampRange, SourceText } from './locToRange';
import type { LocMapping, SourceRange } from './locToRange';
import { formatPath } from './treeWalk';
import { describeInput, plainSentence } from './plainWords';
import { ENGLISH, type Translator } from '../l10n';
import type { PathSegment } from './treeWalk';

export interface SourceDiagnostic {
  range: SourceRange;
  /** Zero-based; add 1 for `file:line:col`. */
  start: Position;
  end: Position;
  message: string;
  /** The pydantic error type (`missing`, `string_type`, …) or the schema keyword. */
  type: string;
  /** Human path such as `components[0].options.section_title`. */
  path: string;
  /** The original loc (422) or pointer segments (schema). */
  loc: LocSegment[];
  /** False when the loc could not be followed all the way (text changed, union suffix). */
  exact: boolean;
}

/** A SourceText plus its line index: everything needed to turn errors into diagnostics. */
export class DiagnosticMapper {
  readonly source: SourceText;
  private linesCache?: LineIndex;

  /**
   * `parsed`, `lines`: the tree and line index of `text` when the caller has them already (an edit followed);
   * `l10n`: the language of the messages (core/l10n.ts).
   */
  constructor(
    readonly text: string,
    parsed?: ParsedJsonc,
    lines?: LineIndex,
    readonly l10n: Translator = ENGLISH,
  ) {
    this.source = new SourceText(text, parsed);
    this.linesCache = lines;
  }

  /** The line index if it was built (a mapper whose lines were never asked for has none). */
  get builtLines(): LineIndex | undefined {
    return this.linesCache;
  }

  get lines(): LineIndex {
    return (this.linesCache ??= new LineIndex(this.text, this.source.knownLineStarts));
  }

  fromValidationEntry(entry: ValidationErrorEntry): SourceDiagnostic {
    return this.fromValidationMapping(entry, this.source.mapLoc(locOf(entry), entry.type));
  }

  /** The diagnostic of an entry whose loc was mapped already (`mapping` = source.mapLoc(loc, type)). */
  fromValidationMapping(entry: ValidationErrorEntry, mapping: LocMapping): SourceDiagnostic {
    const loc = locOf(entry);
    // The message is built from the same normalised loc (a server may send anything).
    return this.build(mapping, describeEntry({ ...entry, loc }, mapping, this.l10n), entry.type, loc);
  }

  fromValidationEntries(entries: readonly ValidationErrorEntry[]): SourceDiagnostic[] {
    return entries.map((e) => this.fromValidationEntry(e));
  }

  /** JSON(C) syntax errors of the text: checked before sending, the service would only say json_invalid. */
  syntaxErrors(): SourceDiagnostic[] {
    return this.source.parsed.errors.map((e) => {
      const range = clampRange({ start: e.offset, end: e.offset + Math.max(e.length, 0) }, this.text.length);
      return {
        range,
        start: this.lines.positionAt(range.start),
        end: this.lines.positionAt(range.end),
        message: e.message,
        type: 'syntax',
        path: '(document)',
        loc: [],
        exact: true,
      };
    });
  }

  /** A diagnostic from a mapping computed elsewhere (e.g. a schema error). */
  build(mapping: LocMapping, message: string, type: string, loc: LocSegment[]): SourceDiagnostic {
    const fieldPath =
      (type === 'missing' || type === 'required') && mapping.rest.length
        ? [...mapping.path, mapping.rest[mapping.rest.length - 1]]
        : mapping.path;
    return {
      range: mapping.range,
      start: this.lines.positionAt(mapping.range.start),
      end: this.lines.positionAt(mapping.range.end),
      message,
      type,
      path: mapping.target === 'offset' ? this.l10n.t('offset {0}', mapping.range.start) : formatPath(fieldPath),
      loc,
      exact: mapping.exact,
    };
  }
}

/** An entry's loc, or none when a server sent something else. */
export function locOf(entry: ValidationErrorEntry): LocSegment[] {
  return Array.isArray(entry.loc) ? entry.loc : [];
}

/** Convenience: map every entry of a 422 body against the text that was sent. */
export function mapValidationErrors(text: string, entries: readonly ValidationErrorEntry[], l10n = ENGLISH): SourceDiagnostic[] {
  return new DiagnosticMapper(text, undefined, undefined, l10n).fromValidationEntries(entries);
}

/** The last segment that names a field, skipping union member names after it. */
function missingFieldName(mapping: LocMapping, loc: readonly LocSegment[]): string {
  const last = mapping.rest[mapping.rest.length - 1] ?? loc[loc.length - 1];
  return String(last);
}

/** `Section options`, `Card`, `the report options`… — where the missing field belongs. */
export function describeOwner(path: readonly PathSegment[], componentType?: string, ownType?: string, l10n = ENGLISH): string {
  const last = path[path.length - 1];
  if (path.length === 0) return l10n.t('the report');
  if (last === 'options' && path.length === 1) return l10n.t('the report options');
  if (last === 'options' && componentType && componentType !== 'Report') return l10n.t('{0} options', componentType);
  if (typeof last === 'number' && ownType) return l10n.t('the {0} component at {1}', ownType, formatPath(path));
  return formatPath(path);
}

function describeEntry(entry: ValidationErrorEntry, mapping: LocMapping, l10n: Translator): string {
  switch (entry.type) {
    case 'missing': {
      const field = missingFieldName(mapping, entry.loc);
      const owner = describeOwner(mapping.path, mapping.componentType, mapping.ownType, l10n);
      return mapping.path[mapping.path.length - 1] === 'options'
        ? l10n.t('Missing required option "{0}" in {1}', field, owner)
        : l10n.t('Missing required field "{0}" in {1}', field, owner);
    }
    case 'json_invalid': {
      // The service's own words (Python's json module), as for the types without plain words.
      const detail = typeof entry.ctx?.error === 'string' ? `: ${entry.ctx.error}` : '';
      return `${entry.msg || l10n.t('JSON decode error')}${detail}`;
    }
    // too_many_errors: the local service's summary of the entries it did not list (its 422 is capped).
    case 'too_many_errors':
      return entry.msg;
    default:
      // In plain words where the type has them (plainWords.ts), else the service's own.
      return plainSentence(entry, { path: mapping.path }, l10n) ?? `${entry.msg}${describeInput(entry.input, l10n)}`;
  }
}
