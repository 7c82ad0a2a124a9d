/**
 * Twelve sections on one page, each a Card (which never splits): the renderer cuts everything
 * from the first section that does not fit, whole, and says so in one overflow note on that
 * section.
 */
export function overflowingReport(title = 'Overflow'): string {
  const components = Array.from({ length: 12 }, (_, i) => ({
    type: 'Section',
    options: { section_title: `Part ${i + 1}` },
    components: [{ type: 'Card', options: { title: `Revenue in region ${i + 1}`, value: `$${(i + 1) * 120}k` } }],
  }));
  return `${JSON.stringify({ type: 'Report', options: { report_title: title }, components }, null, 2)}\n`;
}
