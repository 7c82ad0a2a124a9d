/**
 * Trailing commas in a report's JSONC text: a comma right before the `]` or `}` that closes its
 * list or object (comments and whitespace between them do not count). Report Studio accepts them
 * and sends the strict JSON without them (jsoncText.ts); the extension marks each one with a
 * warning and a quick fix that removes it, the same verdict for `.report.json` and `.report.jsonc`.
 */
import { createScanner, SyntaxKind } from 'jsonc-parser';

/** The offset of every trailing comma in `text`, in document order. */
export function trailingCommas(text: string): number[] {
  const scanner = createScanner(text, true);
  const found: number[] = [];
  let comma: number | undefined;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) continue;
    if ((kind === SyntaxKind.CloseBracketToken || kind === SyntaxKind.CloseBraceToken) && comma !== undefined) found.push(comma);
    comma = kind === SyntaxKind.CommaToken ? scanner.getTokenOffset() : undefined;
  }
  return found;
}
