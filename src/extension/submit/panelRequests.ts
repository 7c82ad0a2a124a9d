/**
 * What a result panel's buttons ask for, run with the same rules as the commands: the
 * rebuild button repeats what the panel shows — a live draft is redrawn (free, local), a
 * JPEG previewed again (free), a PDF built again (a hosted Build asks first) — and the error
 * page's "Use Local Service" switches service, then repeats it.
 */
import * as vscode from 'vscode';
import { useLocalService } from '../problemActions';
import type { Services } from '../services';
import type { RebuildAction } from '../viewer/resultPanel';
import { buildDocument } from '../commands/build';

export async function repeatInPanel(s: Services, report: vscode.Uri, action: RebuildAction): Promise<void> {
  try {
    const document = await vscode.workspace.openTextDocument(report);
    if (action === 'live') await s.live.open(document);
    else if (action === 'build') await buildDocument(s, document, 'panel');
    else await s.submissions.submit(document, 'preview', 'panel');
  } catch (error) {
    s.log.error(`Rebuild of ${report.toString()} failed: ${(error as Error).message}`);
  }
}

export async function useLocalServiceInPanel(s: Services, report: vscode.Uri, action: RebuildAction): Promise<void> {
  await useLocalService();
  await repeatInPanel(s, report, action);
}
