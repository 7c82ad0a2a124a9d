/**
 * The local service as the CLI uses it (--offline and serve): the part of dist/engine.js that
 * engineLoader.ts types its lazy require with. It is separate from engine.ts because the engine
 * also carries the whole CLI (`runCli`): typed by the engine itself, the CLI's commands would
 * import their own entry point (an import cycle). Only engine.ts imports it at run time.
 */
import type { VisualDiffer } from '../render/diff/visualDiff';
import type { PageImager } from '../render/pageImages';

export { startLocalService } from '../service/service';
export type { DraftRender, LocalService, LocalServiceOptions } from '../service/service';
export { defaultDataDir, FlagError, parseFlags, USAGE } from '../service/flags';
export { DEFAULT_PLAN } from '../service/options';
export { createMinimalRenderer } from '../render/minimalRenderer';
export { remoteBindWarning } from '../service/bindHost';
export type { DiffSide, PageImages, VisualDiffer } from '../render/diff/visualDiff';
export type { PageImager } from '../render/pageImages';

/*
 * The differ and the page imager draw reports with the whole renderer (pdfkit, fontkit, fonts,
 * PDFium): required when first asked for, so loading the engine for --offline or serve, whose
 * drawing is done by the render workers, does not evaluate it on the main thread. esbuild keeps
 * a require()d module and what only it imports unevaluated until the call.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- lazy on purpose, see above */
export const createVisualDiffer = (): Promise<VisualDiffer> =>
  (require('../render/diff/visualDiff') as typeof import('../render/diff/visualDiff')).createVisualDiffer();
export const createPageImager = (): Promise<PageImager> =>
  (require('../render/pageImages') as typeof import('../render/pageImages')).createPageImager();
/* eslint-enable @typescript-eslint/no-require-imports */
