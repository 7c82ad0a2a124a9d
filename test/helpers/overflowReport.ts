/** Twelve sections of long text on one page: the renderer cuts all it cannot fit (one overflow note). */
export function overflowingReport(title = 'Overflow'): string {
  const text = 'Quarterly revenue grew in every region while costs held steady; the board asked about churn and pricing. '.repeat(6);
  const components = Array.from({ length: 12 }, (_, i) => ({
    type: 'Section',
    options: { section_title: `Part ${i + 1}` },
    components: [{ type: 'Text', options: { text } }],
  }));
  return `${JSON.stringify({ type: 'Report', options: { report_title: title }, components }, null, 2)}\n`;
}
