// Where showDraft puts a new report or example copy, against a small model of the workbench's
// groups and tabs (the vscode stub): the cases the e2e placement test met under load, where
// VS Code had already shown the just-made untitled copy in the active group, and the copy had
// the URI of a draft closed earlier.
import { strict as assert } from 'node:assert';
import { createVscodeStub, installVscodeStub, TestUri } from '../../helpers/vscodeStub';

type DraftEditorModule = typeof import('../../../src/extension/draftEditor');

const BESIDE = -2;

class TabInputText {
  constructor(readonly uri: TestUri) {}
}

/** Editor groups as lists of URIs (column = index + 1); empty groups close, as VS Code's do by default. */
class Workbench {
  groups: TestUri[][] = [[]];
  active = 0;
  documents: TestUri[] = [];

  document(uri: TestUri): { uri: TestUri } {
    if (!this.documents.some((d) => d.toString() === uri.toString())) this.documents.push(uri);
    return { uri };
  }

  /** What the workbench does on its own: the document in a tab of the active group. */
  openInActiveGroup(uri: TestUri): void {
    this.document(uri);
    this.groups[this.active].push(uri);
  }

  closeDocument(uri: TestUri): void {
    this.documents = this.documents.filter((d) => d.toString() !== uri.toString());
    this.groups = this.groups.map((g) => g.filter((u) => u.toString() !== uri.toString()));
    this.dropEmptyGroups();
  }

  layout(): string[][] {
    return this.groups.map((g) => g.map((u) => u.path));
  }

  private dropEmptyGroups(): void {
    const activeGroup = this.groups[this.active];
    this.groups = this.groups.filter((g, i) => g.length > 0 || (i === 0 && this.groups.length === 1));
    this.active = Math.max(0, this.groups.indexOf(activeGroup));
  }

  private views: { key: string; groups: Array<{ viewColumn: number; tabs: Array<{ input: TabInputText; column: number }> }> } | undefined;

  /** The TabGroup objects, the same ones until the layout changes (as VS Code's: `group === activeTabGroup` holds). */
  private tabGroups() {
    const key = JSON.stringify([this.layout(), this.active]);
    if (this.views?.key !== key) {
      const groups = this.groups.map((g, i) => ({
        viewColumn: i + 1,
        tabs: g.map((uri) => ({ input: new TabInputText(uri), column: i + 1 })),
      }));
      this.views = { key, groups };
    }
    return this.views.groups;
  }

  readonly window = {
    tabGroups: {
      get all() {
        return workbench.tabGroups();
      },
      get activeTabGroup() {
        return workbench.tabGroups()[workbench.active];
      },
      close: async (tabs: Array<{ input: TabInputText; column: number }>) => {
        for (const tab of tabs) {
          const group = this.groups[tab.column - 1];
          group.splice(group.indexOf(tab.input.uri), 1);
        }
        this.dropEmptyGroups();
        return true;
      },
    },
    /** The last tab of each group is the one on screen. */
    get visibleTextEditors() {
      return workbench.groups.flatMap((g, i) => (g.length ? [{ viewColumn: i + 1, document: { uri: g[g.length - 1] } }] : []));
    },
    get activeTextEditor() {
      const g = workbench.groups[workbench.active];
      return g.length ? { viewColumn: workbench.active + 1, document: { uri: g[g.length - 1] } } : undefined;
    },
    showTextDocument: async (doc: { uri: TestUri }, options: { viewColumn: number }) => {
      const column = options.viewColumn === BESIDE ? this.active + 2 : options.viewColumn;
      while (this.groups.length < column) this.groups.push([]);
      const group = this.groups[column - 1];
      const at = group.findIndex((u) => u.toString() === doc.uri.toString());
      if (at >= 0) group.splice(at, 1);
      group.push(doc.uri);
      this.active = column - 1;
      return { viewColumn: column, document: doc };
    },
  };
}

let workbench: Workbench;

describe('draftEditor: where a new report or example copy opens', () => {
  let uninstall: () => void;
  let showDraft: DraftEditorModule['showDraft'];

  beforeEach(() => {
    workbench = new Workbench();
    const stub = createVscodeStub();
    const v = stub.module as Record<string, unknown>;
    v.TabInputText = TabInputText;
    v.ViewColumn = { Active: -1, Beside: BESIDE, One: 1, Two: 2, Three: 3 };
    v.window = workbench.window;
    v.workspace = {
      get textDocuments() {
        return workbench.documents.map((uri) => ({ uri }));
      },
    };
    // Anew for each test: the module remembers the drafts it showed.
    uninstall = installVscodeStub(stub);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place
    ({ showDraft } = require('../../../src/extension/draftEditor') as DraftEditorModule);
  });
  afterEach(() => uninstall());

  const invoice = TestUri.file('/ext/examples/invoice.report.json');
  const analytics = new TestUri('/ws/analytics.report.json', 'untitled');
  const kpi = new TestUri('/ws/kpi-dashboard.report.json', 'untitled');

  it('a copy named like a closed draft, already in a tab of the active group, goes to the group showing a draft', async () => {
    workbench.openInActiveGroup(invoice);
    // An earlier copy of analytics, shown and closed: its URI is given to the next copy.
    await showDraft(workbench.document(analytics) as never);
    workbench.closeDocument(analytics);
    await showDraft(workbench.document(kpi) as never);
    assert.deepEqual(workbench.layout(), [[invoice.path], [kpi.path]], 'the first copy beside the report');

    workbench.active = 0; // the user goes back to the report
    workbench.openInActiveGroup(analytics); // and VS Code shows the new copy there before Open Example does
    const editor = await showDraft(workbench.document(analytics) as never);
    assert.equal(editor.viewColumn, 2, "in the draft's group, not in the one VS Code put it in");
    assert.deepEqual(workbench.layout(), [[invoice.path], [kpi.path, analytics.path]], 'one tab of the copy, none left over the report');
  });

  it('a copy VS Code already showed in the only, otherwise empty group stays there: no second tab beside', async () => {
    workbench.openInActiveGroup(kpi);
    const editor = await showDraft(workbench.document(kpi) as never);
    assert.equal(editor.viewColumn, 1);
    assert.deepEqual(workbench.layout(), [[kpi.path]]);
  });

  it('the next copy goes to the group of the first, from whichever group', async () => {
    workbench.openInActiveGroup(invoice);
    await showDraft(workbench.document(kpi) as never);
    workbench.active = 0;
    const editor = await showDraft(workbench.document(analytics) as never);
    assert.equal(editor.viewColumn, 2);
    assert.deepEqual(workbench.layout(), [[invoice.path], [kpi.path, analytics.path]]);
  });
});
