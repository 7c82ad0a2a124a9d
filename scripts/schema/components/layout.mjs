// Layout components: the two containers (Section, Row) and the spacing helpers.
// Each entry: type, markdownDescription, options (property schemas), required options,
// snippetOptions (VS Code snippet placeholders for the required options), flags.
import { alignment, bool, fontSize, icon, int, margins, nullableInt, spacing, str, width } from '../vocabulary.mjs';

const columns = (what) =>
  nullableInt(`Number of columns ${what} lays its children out in (default: one column per child), e.g. \`3\`.`, { minimum: 1 });

export const layoutComponents = [
  {
    type: 'Section',
    container: true,
    markdownDescription:
      'A titled block of the report. Its `components` are laid out in `columns`; a Section is the usual top-level building block (e.g. "KPIs", "Revenue", "Customers").',
    required: ['section_title'],
    snippetOptions: { section_title: '${1:Section title}' },
    options: {
      section_title: str('**Required.** Heading shown at the top of the section, e.g. `"Key metrics"`. An empty string hides the heading bar.'),
      highlighted: bool('Draw the section on the theme `highlight` background (default `false`).'),
      icon: icon('Tabler icon shown before the section title, e.g. `"chart-bar"`; `null` for none (default).'),
      columns: columns('the section'),
      column_spacing: spacing('columns'),
      font_size: fontSize('the section title', 'lg'),
      width: width(),
      ...margins(),
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
      columns: columns('the row'),
      align: alignment('the row\u2019s content'),
      column_spacing: spacing('columns'),
      width: width(),
      ...margins(),
    },
  },
  {
    type: 'PageBreak',
    markdownDescription:
      'Starts a new page (multi-page reports: set `config.enable_multi_page` to `true`). Takes no options.',
    required: [],
    options: {},
  },
  {
    type: 'Spacer',
    markdownDescription: 'Empty horizontal space inside a Row or Section, e.g. to push a Card to the right.',
    required: ['space'],
    snippetOptions: { space: '^${1:4}' },
    options: {
      space: int('**Required.** Amount of empty space, in spacing units (an integer ≥ 0), e.g. `4`.', { minimum: 0 }),
      width: width(),
    },
  },
  {
    type: 'VerticalSpacer',
    coverPage: true,
    markdownDescription: 'Empty vertical space between components, e.g. to push cover-page text down.',
    required: ['space'],
    snippetOptions: { space: '^${1:8}' },
    options: {
      space: int('**Required.** Height of the empty space, in spacing units (an integer ≥ 0), e.g. `8`.', { minimum: 0 }),
    },
  },
];
