/**
 * The report request body (schemas/report.schema.json), typed from the catalogue
 * (src/catalogue/): each component's `options` are `Options<type>`, the envelope's
 * `options`, `config` and `cover_page` the values of the report-level objects. Nothing is
 * declared here that the catalogue declares. These are the shapes of a valid report: code
 * that reads a request body (unvalidated in previews and tests) still checks what it reads.
 */
import type {
  ComponentType,
  ContainerType,
  CoverPageType,
  Options,
  ReportConfig as CatalogueReportConfig,
  ReportObjectValues,
} from '../../catalogue';

interface Leaf<T extends ComponentType> {
  type: T;
  options?: Options<T>;
}
/** A Section or Row of the body (an interface: the union refers to itself through it). */
interface Container<T extends ContainerType> extends Leaf<T> {
  components?: ReportComponent[];
}
/** A Row of the cover page: it holds cover-page components only. */
interface CoverRow extends Leaf<'Row'> {
  components?: CoverPageComponent[];
}

/** A component of the report body, typed by `type`. */
export type ReportComponent = { [T in ComponentType]: T extends ContainerType ? Container<T> : Leaf<T> }[ComponentType];

/** A component of the cover page: Row, Image, Text or VerticalSpacer. */
export type CoverPageComponent = { [T in CoverPageType]: T extends 'Row' ? CoverRow : Leaf<T> }[CoverPageType];

type ReportOptions = ReportObjectValues<'options'>;
type ReportConfig = CatalogueReportConfig;

/** `cover_page`: its options, with its components typed as cover-page components. */
export type CoverPage = Omit<ReportObjectValues<'cover_page'>, 'components'> & { components?: CoverPageComponent[] };

/**
 * A component as a request may carry it before validation (previews of half-written files,
 * unknown types, tests of what the service refuses): what code that walks any body reads.
 */
export interface UncheckedComponent {
  type: string;
  options?: Record<string, unknown>;
  components?: UncheckedComponent[];
}

export interface ReportBody {
  $schema?: string;
  type: 'Report';
  options?: ReportOptions;
  config?: ReportConfig;
  cover_page?: CoverPage | null;
  components: ReportComponent[];
}
