// src/core/report/types.ts derives the report body's types from the catalogue: one
// declaration per option. Checked by the compiler (`npm run typecheck`): an expected error
// that does not occur fails it, so each line below fails when the types stop being derived.
import { strict as assert } from 'node:assert';
import type { CoverPage, CoverPageComponent, ReportBody, ReportComponent } from '../../../src/core/report/types';

describe('report types derived from the catalogue', () => {
  it('a component is typed by its type: its own options, children only for containers', () => {
    const card: ReportComponent = { type: 'Card', options: { title: 'Vans', value: 3, title_size: 'xs', bg_color: '#fef3c7' } };
    const section: ReportComponent = { type: 'Section', options: { section_title: 'KPIs', columns: 2 }, components: [card] };
    // @ts-expect-error -- not a size keyword of Card.title_size
    const badSize: ReportComponent = { type: 'Card', options: { title: 'x', value: 1, title_size: 'huge' } };
    // @ts-expect-error -- Text has no option `rows`
    const wrongOption: ReportComponent = { type: 'Text', options: { text: 'x', rows: [] } };
    // @ts-expect-error -- a Card takes no components
    const cardWithChildren: ReportComponent = { type: 'Card', options: { title: 'x', value: 1 }, components: [] };
    // @ts-expect-error -- no such component type
    const unknownType: ReportComponent = { type: 'Pie', options: {} };
    assert.ok(section && badSize && wrongOption && cardWithChildren && unknownType);
  });

  it('the envelope: options, config and cover_page are the report-level objects, the cover takes its four types', () => {
    const cover: CoverPage = { bg_color: 'accent', align: 'start', components: [{ type: 'Text', options: { text: 'Q3' } }] };
    // @ts-expect-error -- a Card is not allowed on the cover page
    const coverCard: CoverPageComponent = { type: 'Card', options: { title: 'x', value: 1 } };
    // @ts-expect-error -- not a cover alignment
    const badAlign: CoverPage = { align: 'middle' };
    const body: ReportBody = {
      type: 'Report',
      options: { report_title: 'Q3', vertical_margin: 2 },
      config: { colour_theme: 'forest', n_pages: 2, enable_multi_page: true },
      cover_page: cover,
      components: [],
    };
    // @ts-expect-error -- not a colour theme
    const badTheme: ReportBody = { type: 'Report', config: { colour_theme: 'blue' }, components: [] };
    assert.ok(coverCard && badAlign && body && badTheme);
  });
});
