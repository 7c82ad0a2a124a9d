// Layout components: the two containers (Section, Row) and the spacing helpers.
import { component } from '../component';
import { alignment, bool, fontSize, icon, margin, margins, nullableInt, num, spacing, str, width } from '../vocabulary';

/** column_spacing when omitted: the docs' Row page, "default 3" (3 steps of SPACING_UNIT_PT = 9 pt). */
const COLUMN_SPACING = 3;

const columns = (what: string) =>
  nullableInt(
    `Number of columns ${what} lays its children out in, e.g. \`3\`. Unset or \`null\`: side by side, one column per child, each child's \`width\` respected.`,
    { minimum: 1 },
  );

export const Section = component({
  container: true,
  markdownDescription:
    'A titled block of the report. Its `components` are laid out in `columns`; a Section is the usual top-level building block (e.g. "KPIs", "Revenue", "Customers").',
  required: ['section_title'],
  snippetOptions: { section_title: '${1:Section title}' },
  options: {
    section_title: str(
      '**Required.** Heading shown at the top of the section, e.g. `"Key metrics"`. An empty string hides the heading bar.',
    ).from('N, O core/Section.ts', 'S', 'R'),
    highlighted: bool('Draw the section on the theme `highlight` background.').default(false).from('N, O', 'S', 'R'),
    icon: icon('Tabler icon shown before the section title, e.g. `"chart-bar"`; `null` or unset for none.').from('N, O'),
    columns: columns('the section').from('N, O (number | null)', 'S', 'R'),
    column_spacing: spacing('columns').default(COLUMN_SPACING).from('N, O', 'D components/row (default 3, for the containers)'),
    font_size: fontSize('the section title (unset: 13 pt, between `lg` and `xl`)').from('N'),
    width: width().from('N types.ts IComponentOptions'),
    ...margins('O core/Section.ts', 'A'),
  },
  outline: { role: 'container', label: ['section_title'] },
  aliases: ['heading'],
});

export const Row = component({
  container: true,
  coverPage: true,
  markdownDescription:
    'An invisible container that places its `components` side by side in `columns`. Rows can be nested in Rows and Sections, and are the only container allowed on the cover page.',
  required: [],
  snippetOptions: { columns: '^${1:2}' },
  options: {
    columns: columns('the row').from('N, O core/Row.ts', 'D components/row', 'S invoice'),
    align: alignment('the row\u2019s content')
      .default('left')
      .from('N (left/centre/center/right), O', 'D components/row', 'S invoice ("right")'),
    column_spacing: spacing('columns').default(COLUMN_SPACING).from('N, O', 'D components/row (default 3)'),
    width: width().from('N, O', 'D components/row', 'S, R ("2/3")'),
    ...margins('O core/Row.ts', 'D components/row', 'S invoice (horizontal_margin 0)'),
    vertical_margin: margin('Top and bottom', 1).from('O core/Row.ts', 'D components/row (default 1)'),
  },
  outline: { role: 'container' },
});

export const PageBreak = component({
  markdownDescription: 'Starts a new page (multi-page reports: set `config.enable_multi_page` to `true`). Takes no options.',
  required: [],
  options: {},
  outline: { role: 'spacer' },
});

export const Spacer = component({
  markdownDescription: 'Empty horizontal space inside a Row or Section, e.g. to push a Card to the right.',
  required: ['space'],
  snippetOptions: { space: '^${1:4}' },
  options: {
    // A number, not only an integer: N types `space: number`.
    space: num('**Required.** Amount of empty space, in spacing units (a number ≥ 0), e.g. `4` or `0.5`.', { minimum: 0 })
      .unit('spacing')
      .from('N, O core/Spacer.ts'),
    width: width().from('N types.ts IComponentOptions'),
  },
  outline: { role: 'spacer' },
  aliases: ['spacer'],
});

export const VerticalSpacer = component({
  coverPage: true,
  markdownDescription: 'Empty vertical space between components, e.g. to push cover-page text down.',
  required: ['space'],
  snippetOptions: { space: '^${1:8}' },
  options: {
    // Both SDKs' Report.test.ts send `space: 0.5`.
    space: num('**Required.** Height of the empty space, in spacing units (a number ≥ 0), e.g. `8` or `0.5`.', { minimum: 0 })
      .unit('spacing')
      .from('N, O core/VerticalSpacer.ts + Report.test.ts'),
  },
  outline: { role: 'spacer' },
  aliases: ['spacer'],
});
