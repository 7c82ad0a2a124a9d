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

/**
 * Set to true by the web entry (src/extension/web/extension.ts). Not `isWeb`: code-server's
 * workbench is a web one while its extension host is Node. The commands of NODE_HOST_COMMANDS
 * are disabled on it (`enablement` in package.json). The `report-studio` task type keeps no `when`
 * (one would make VS Code ask for tasks, loading the full part, as every window opens): the
 * web entry's provider offers none.
 */
export const WEB_HOST_CONTEXT = 'reportStudio.webExtensionHost';

/** Commands that only the Node extension host can run: one opens the result in the OS's own application, one runs git. */
export const NODE_HOST_COMMANDS: readonly CommandId[] = [COMMANDS.openReportExternally, COMMANDS.compareWith];
