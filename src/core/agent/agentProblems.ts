/**
 * A report's problems as an agent gets them: the problems the editor shows (JSON syntax, the
 * service's rules as errors, the strict schema as warnings: core/schema/reportProblems.ts; the
 * render notes anchored at their component: core/loc/renderNotes.ts), each with the quick fixes
 * the editor would offer (core/fixes), as text edits with 1-based lines and columns.
 */
import type { RenderNote, ValidationErrorEntry } from '../api/types';
import { computeFixes, problemFromEntry, problemMatchesRange, problemsFromValidation } from '../fixes';
import type { FixableProblem, QuickFix } from '../fixes';
import { enableMultiPageFix } from '../fixes/enableMultiPage';
import { LineIndex } from '../loc/lineIndex';
import { mapValidationErrors, type SourceDiagnostic } from '../loc/diagnostics';
import { SourceText } from '../loc/locToRange';
import { anchorNotes, recordNotes } from '../loc/renderNotes';
import { reportProblems } from '../schema/reportProblems';
import type { SchemaIndex } from '../schema/schemaIndex';
import type { ValidationMode } from '../schema/validator';

/** 1-based, columns in UTF-16 code units (what editors count). */
interface AgentPosition {
  line: number;
  column: number;
}

interface AgentEdit {
  /** Where the replaced text starts, in UTF-16 code units from the start of the text. */
  offset: number;
  /** How many code units it replaces (0: an insertion). */
  length: number;
  newText: string;
  start: AgentPosition;
  end: AgentPosition;
}

interface AgentFix {
  title: string;
  /** The editor's preferred fix (Auto Fix applies it). */
  preferred: boolean;
  edit: AgentEdit;
}

export interface AgentProblem {
  severity: 'error' | 'warning' | 'information';
  /** service: the service would reject it; schema: only the editor's strict schema flags it; render: the renderer noticed it; syntax: not JSON. */
  source: 'syntax' | 'service' | 'schema' | 'render';
  message: string;
  /** Such as `components[0].options.value` (`(document)` for the whole text). */
  path: string;
  /** The error type or schema keyword, or the render note's kind. */
  code: string;
  start: AgentPosition;
  end: AgentPosition;
  fixes: AgentFix[];
}

const at = (p: { line: number; character: number }): AgentPosition => ({ line: p.line + 1, column: p.character + 1 });

function agentEdit(lines: LineIndex, fix: QuickFix): AgentFix {
  const { offset, length, content } = fix.edit;
  return {
    title: fix.title,
    preferred: fix.preferred,
    edit: { offset, length, newText: content, start: at(lines.positionAt(offset)), end: at(lines.positionAt(offset + length)) },
  };
}

/** Every problem of `text`; `notes` are the render notes of this very text (none when not rendered). */
export function agentProblems(index: SchemaIndex, text: string, notes: readonly RenderNote[] = []): AgentProblem[] {
  const lines = new LineIndex(text);
  const fixable = new Map<ValidationMode, FixableProblem[]>();
  const fixableIn = (mode: ValidationMode): FixableProblem[] => {
    let list = fixable.get(mode);
    if (!list) fixable.set(mode, (list = problemsFromValidation(index, text, mode)));
    return list;
  };
  const fixesFor = (d: SourceDiagnostic, mode: ValidationMode): AgentFix[] => {
    const seen = new Set<string>();
    const out: AgentFix[] = [];
    for (const problem of fixableIn(mode).filter((p) => problemMatchesRange(p, d.range))) {
      for (const fix of computeFixes(index, text, problem)) {
        const key = `${fix.edit.offset}:${fix.edit.length}:${fix.edit.content}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(agentEdit(lines, fix));
      }
    }
    return out;
  };
  const problems: AgentProblem[] = reportProblems(index, text).map((p) => {
    const syntax = p.type === 'syntax';
    const source = syntax ? 'syntax' : p.severity === 'error' ? 'service' : 'schema';
    return {
      severity: p.severity,
      source,
      message: p.message,
      path: p.path,
      code: p.type,
      start: at(p.start),
      end: at(p.end),
      fixes: syntax ? [] : fixesFor(p, p.severity === 'error' ? 'lenient' : 'strict'),
    };
  });
  return [...problems, ...noteProblems(text, notes, lines)];
}

/** The render notes of this very text as problems, anchored at their component; an overflow with the multi-page fix. */
export function noteProblems(text: string, notes: readonly RenderNote[], lines = new LineIndex(text)): AgentProblem[] {
  if (notes.length === 0) return [];
  const multiPage = notes.some((n) => n.kind === 'overflow') ? enableMultiPageFix(text) : undefined;
  return anchorNotes(text, recordNotes(text, notes)).map((a) => ({
    severity: a.severity,
    source: 'render',
    message: a.diagnostic.message,
    path: a.diagnostic.path,
    code: a.note.kind,
    start: at(a.diagnostic.start),
    end: at(a.diagnostic.end),
    fixes: a.note.kind === 'overflow' && multiPage ? [agentEdit(lines, multiPage)] : [],
  }));
}

/** `components[0].options.value` line 7, column 9: error (service) Field required → fix: … */
export function problemLine(p: AgentProblem): string {
  const fixes = p.fixes.length ? ` Fix${p.fixes.length > 1 ? 'es' : ''}: ${p.fixes.map((f) => f.title).join('; ')}.` : '';
  return `line ${p.start.line}, column ${p.start.column} (${p.path}): ${p.severity} [${p.source}] ${p.message}${fixes}`;
}

/** A 422 of the service as problems on the text that was sent, with the editor's fixes for each entry. */
export function serviceProblems(index: SchemaIndex, text: string, entries: readonly ValidationErrorEntry[]): AgentProblem[] {
  const lines = new LineIndex(text);
  const source = new SourceText(text);
  return mapValidationErrors(text, entries).map((d, i) => {
    const problem = problemFromEntry(index, source, entries[i]);
    return {
      severity: 'error',
      source: 'service',
      message: d.message,
      path: d.path,
      code: d.type,
      start: at(d.start),
      end: at(d.end),
      fixes: problem ? computeFixes(index, text, problem).map((f) => agentEdit(lines, f)) : [],
    };
  });
}
