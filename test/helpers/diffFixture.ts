/**
 * A report for the visual diff's tests: 20 sections of text flowing over three pages
 * (sections 1–7 on page 1, 8–14 on page 2, 15–20 on page 3), without a page-numbered footer,
 * so a change on page 2 reflows only the pages after it.
 */
import type { ReportBody } from '../../src/core/report/types';

const WORDS = 'the quarter closed with steady growth across every region and the team shipped the new billing flow on time'.split(' ');
const paragraph = (i: number) => `${Array.from({ length: 70 }, (_, k) => WORDS[(i * 7 + k) % WORDS.length]).join(' ')}.`;

export function flowReport(): ReportBody {
  return {
    type: 'Report',
    options: { report_title: 'Diff fixture' },
    config: { enable_multi_page: true, n_pages: 5 },
    components: Array.from({ length: 20 }, (_, i) => ({
      type: 'Section',
      options: { section_title: `Section ${i + 1}` },
      components: [{ type: 'Text', options: { text: paragraph(i) } }],
    })),
  } as ReportBody;
}

/** The report's text as a person would save it. */
export const flowText = (report: ReportBody = flowReport()) => `${JSON.stringify(report, null, 2)}\n`;

/** Section 10 (page 2) retitled: same height, nothing reflows. */
export function retitled(): ReportBody {
  const r = flowReport();
  (r.components[9].options as Record<string, unknown>).section_title = 'Chapter 10';
  return r;
}

/** A long paragraph added after section 10 (more than page 2 has room for): page 2 and every page after it reflow. */
export function componentAdded(): ReportBody {
  const r = flowReport();
  const text = `${paragraph(3)} ${paragraph(4)}`;
  r.components.splice(10, 0, { type: 'Text', options: { text } } as ReportBody['components'][number]);
  return r;
}
