// Layout components: the two containers (Section, Row) and the spacing helpers.
// Each entry: type, markdownDescription, options (property schemas), required options,
// snippetOptions (VS Code snippet placeholders for the required options), flags.
import { alignment, bool, fontSize, icon, margins, nullableInt, num, spacing, str, width } from '../vocabulary.mjs';

const columns = (what) =>
  nullableInt(
    `Number of columns ${what} lays its children out in, e.g. \`3\`. Unset or \`null\` (default): side by side, one column per child, each child's \`width\` respected.`,
    { minimum: 1 },
  );

export const layoutComponents = [
  {
    type: 'Section',
    container: true,
    markdownDescription:
      'A titled block of the report. Its `components` are laid out in `columns`; a Section is the usual top-level building block (e.g. "KPIs", "Revenue", "Customers").',
    required: ['section_title'],
    snippetOptions: { section_title: '${1:Section title}' },
    options: {
      section_title: str(
        '**Required.** Heading shown at the top of the section, e.g. `"Key metrics"`. An empty string hides the heading bar.',
      ), // N, O core/Section.ts; S; R
      highlighted: bool('Draw the section on the theme `highlight` background (default `false`).'), // N, O; S; R
      icon: icon('Tabler icon shown before the section title, e.g. `"chart-bar"`; `null` for none (default).'), // N, O
      columns: columns('the section'), // N, O (number | null); S; R
      column_spacing: spacing('columns'), // N, O
      font_size: fontSize('the section title', 'lg'), // N
      width: width(), // N types.ts IComponentOptions
      ...margins(), // O core/Section.ts; A
    },
  },
  {
    type: 'Row',
    container: true,
    coverPage: true,
    markdownDescription:
      'An invisible container that places its `components` side by side in `columns`. Rows can be nested in Rows and Sections, and are the only container allowed on the cover page.',
    required: [],
    snippetOptions: { columns: '^${1:2}' },
    options: {
      columns: columns('the row'), // N, O core/Row.ts; D components/row; S invoice
      align: alignment('the row\u2019s content'), // N (left/centre/center/right), O, D components/row; S invoice ("right")
      column_spacing: spacing('columns'), // N, O; D components/row (default 3)
      width: width(), // N, O; D components/row; S, R ("2/3")
      ...margins(), // O core/Row.ts; D components/row; S invoice (horizontal_margin 0)
      vertical_margin: {
        ...margins().vertical_margin,
        markdownDescription:
          "Top and bottom margin around the row, an integer from 0 to 32 (default 1, as the docs' Row page says), e.g. `4`.",
      }, // D components/row (default 1)
    },
  },
  {
    type: 'PageBreak',
    markdownDescription: 'Starts a new page (multi-page reports: set `config.enable_multi_page` to `true`). Takes no options.',
    required: [],
    options: {},
  },
  {
    type: 'Spacer',
    markdownDescription: 'Empty horizontal space inside a Row or Section, e.g. to push a Card to the right.',
    required: ['space'],
    snippetOptions: { space: '^${1:4}' },
    options: {
      // A number, not only an integer: N types `space: number`.
      space: num('**Required.** Amount of empty space, in spacing units (a number ≥ 0), e.g. `4` or `0.5`.', { minimum: 0 }), // N, O core/Spacer.ts
      width: width(), // N types.ts IComponentOptions
    },
  },
  {
    type: 'VerticalSpacer',
    coverPage: true,
    markdownDescription: 'Empty vertical space between components, e.g. to push cover-page text down.',
    required: ['space'],
    snippetOptions: { space: '^${1:8}' },
    options: {
      // Both SDKs' Report.test.ts send `space: 0.5`.
      space: num('**Required.** Height of the empty space, in spacing units (a number ≥ 0), e.g. `8` or `0.5`.', { minimum: 0 }), // N, O core/VerticalSpacer.ts + Report.test.ts
    },
  },
];
