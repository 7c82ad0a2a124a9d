/** The render pool with test workers whose render of a HANGING_TITLE report never ends (hangingRenderWorker.ts). */
import { join } from 'node:path';
import type { WorkerScript } from '../../src/service/workerScript';
import type { ReportBody } from '../../src/core/report/types';

/** The title of a report whose layout never ends in hangingRenderWorker.ts. */
export const HANGING_TITLE = 'Never finishes laying out';

export const hangingRenderWorkerScript = (): WorkerScript => ({
  file: join(__dirname, 'hangingRenderWorker.ts'),
  execArgv: ['--require', 'tsx/cjs'],
});

/** A small valid report: the one whose render never ends with `title` HANGING_TITLE. */
export const reportTitled = (title: string, text = 'Body text'): ReportBody => ({
  type: 'Report',
  options: { report_title: title },
  components: [{ type: 'Text', options: { text } }],
});
