/**
 * Is this JSON text a report definition? True for `*.report.json` / `*.report.jsonc` files
 * and for any JSON whose top level has `"type": "Report"` or a `$schema` pointing at
 * report.schema.json (docs/schema-association.md). Reads tokens only up to the top-level
 * keys it needs, so a large unrelated JSON file costs little.
 */
import { createScanner, SyntaxKind } from 'jsonc-parser';

const REPORT_FILE = /\.report\.jsonc?$/i;
const SCHEMA_REF = /(^|[/\\])report\.schema\.json([?#].*)?$/i;
/** Top-level keys are looked for in the first part of the text only (reports put them first). */
const SCAN_LIMIT = 256 * 1024;

export function isReportFileName(fileName: string): boolean {
  return REPORT_FILE.test(fileName);
}

/** What the top level of a JSON text declares, from its first `type` and `$schema` keys. */
export function topLevelMarkers(text: string): { type?: string; schema?: string } {
  const scanner = createScanner(text.length > SCAN_LIMIT ? text.slice(0, SCAN_LIMIT) : text, true);
  const found: { type?: string; schema?: string } = {};
  let depth = 0;
  let expectingKey = false;
  let key: string | undefined;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    switch (token) {
      case SyntaxKind.OpenBraceToken:
      case SyntaxKind.OpenBracketToken:
        if (depth === 0 && token === SyntaxKind.OpenBracketToken) return found; // a top-level array
        depth++;
        expectingKey = depth === 1 && token === SyntaxKind.OpenBraceToken;
        key = undefined;
        break;
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken:
        depth--;
        if (depth === 0) return found;
        break;
      case SyntaxKind.CommaToken:
        if (depth === 1) expectingKey = true;
        break;
      case SyntaxKind.ColonToken:
        break;
      case SyntaxKind.StringLiteral:
        if (depth === 1 && expectingKey) {
          key = scanner.getTokenValue();
          expectingKey = false;
        } else if (depth === 1 && key !== undefined) {
          if (key === 'type' && found.type === undefined) found.type = scanner.getTokenValue();
          if (key === '$schema' && found.schema === undefined) found.schema = scanner.getTokenValue();
          if (found.type !== undefined && found.schema !== undefined) return found;
          key = undefined;
        }
        break;
      default:
        if (depth === 1) key = undefined;
    }
  }
  return found;
}

/** The pure check behind the extension's isReportDocument(). */
export function isReportText(fileName: string, text: string): boolean {
  if (isReportFileName(fileName)) return true;
  const markers = topLevelMarkers(text);
  return markers.type === 'Report' || (markers.schema !== undefined && SCHEMA_REF.test(markers.schema));
}

/** How VS Code's JSON support finds the report schema for a file (the language status item says it). */
export type SchemaAttachment =
  /** `*.report.json(c)`: the extension's `jsonValidation` association, for any scheme. */
  | { by: 'name' }
  /** A `$schema` naming report.schema.json: it must resolve from where the file is. */
  | { by: '$schema'; schema: string }
  /** A `$schema` naming another schema: it wins over the file name (docs/schema-association.md). */
  | { by: 'other'; schema: string }
  /** A report by its content only: no schema, so no completion or checks in the editor. */
  | { by: 'none' };

export function schemaAttachment(fileName: string, text: string): SchemaAttachment {
  const { schema } = topLevelMarkers(text);
  if (schema !== undefined) return SCHEMA_REF.test(schema) ? { by: '$schema', schema } : { by: 'other', schema };
  return isReportFileName(fileName) ? { by: 'name' } : { by: 'none' };
}
