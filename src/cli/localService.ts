/**
 * The local service as the CLI uses it (--offline and serve): the part of dist/engine.js that
 * engineLoader.ts types its lazy require with. It is separate from engine.ts because the engine
 * also carries the whole CLI (`runCli`): typed by the engine itself, the CLI's commands would
 * import their own entry point (an import cycle). Only engine.ts imports it at run time.
 */
export { startLocalService } from '../mock/service';
export type { DraftRender, LocalService, LocalServiceOptions } from '../mock/service';
export { defaultDataDir, FlagError, parseFlags, USAGE } from '../mock/flags';
export { DEFAULT_PLAN } from '../mock/options';
export { createMinimalRenderer } from '../render/minimalRenderer';
export { remoteBindWarning } from '../mock/bindHost';
export { createVisualDiffer } from '../render/diff/visualDiff';
export type { DiffSide, PageImages, VisualDiffer } from '../render/diff/visualDiff';
export { createPageImager } from '../render/pageImages';
export type { PageImager } from '../render/pageImages';
