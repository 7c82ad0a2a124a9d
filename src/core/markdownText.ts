/** Escapes text from elsewhere (the service, file names) before it goes into Markdown. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|#~]/g, (c) => `\\${c}`);
}
