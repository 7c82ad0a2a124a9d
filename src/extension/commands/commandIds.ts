/**
 * Every command id the extension contributes, in one typed table: registrations, code lenses,
 * status bar items and `executeCommand` calls name commands through it, and a unit test checks
 * it against `contributes.commands` in package.json (and the menus and keybindings against it).
 */
export const COMMANDS = {
  newReport: 'reportStudio.newReport',
  openExample: 'reportStudio.openExample',
  preview: 'reportStudio.preview',
  openLivePreview: 'reportStudio.openLivePreview',
  revealInPreview: 'reportStudio.revealInPreview',
  build: 'reportStudio.build',
  checkQuota: 'reportStudio.checkQuota',
  setApiKey: 'reportStudio.setApiKey',
  clearApiKey: 'reportStudio.clearApiKey',
  selectService: 'reportStudio.selectService',
  startLocalService: 'reportStudio.startLocalService',
  stopLocalService: 'reportStudio.stopLocalService',
  saveReportAs: 'reportStudio.saveReportAs',
  openReportExternally: 'reportStudio.openReportExternally',
  showLog: 'reportStudio.showLog',
  compareWith: 'reportStudio.compareWith',
  copyAs: 'reportStudio.copyAs',
  openPdf: 'reportStudio.openPdf',
  findInPdf: 'reportStudio.findInPdf',
} as const;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];

/**
 * The task type of `contributes.taskDefinitions` (and the name of the `$report-studio` problem
 * matcher): the bootstrap registers the task provider under it, since a task fetch activates
 * the extension (`onTaskType:report-studio`, implied by the contribution) and needs an answer.
 */
export const TASK_TYPE = 'report-studio';
