/**
 * The "Get started with Report Studio" walkthrough (package.json `contributes.walkthroughs`)
 * ticks a step only when its action succeeded: each step's `completionEvents` is
 * `onContext:<key>`, and the key is set here on the outcome (an example or new report opened,
 * the live view drawn, a Preview or Build that succeeded, a key stored) — not on the mere run of
 * a command, which may have failed. VS Code remembers a ticked step across sessions.
 */
import * as vscode from 'vscode';
import type { LivePreview } from '../live/livePreview';
import type { Submissions } from '../submit/submissions';
import { WALKTHROUGH_STEPS, type WalkthroughStep } from './walkthroughKeys';

export function markStepDone(step: WalkthroughStep): void {
  void vscode.commands.executeCommand('setContext', WALKTHROUGH_STEPS[step], true);
}

/** Ticks the steps whose success is an event: the live view drawn, a Preview or Build done. */
export function trackWalkthrough(submissions: Submissions, live: LivePreview): vscode.Disposable {
  return vscode.Disposable.from(
    submissions.onDidFinish((outcome) => {
      if (outcome.status === 'success') markStepDone(outcome.kind === 'build' ? 'build' : 'preview');
    }),
    live.onDidRender(({ outcome }) => {
      if (outcome.status === 'shown') markStepDone('liveView');
    }),
  );
}
