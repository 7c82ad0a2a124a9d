/**
 * A stand-in for the 'vscode' module, enough to load dist/extension.js in plain Node and
 * call activate(): every API is a recording proxy, except the few values activation reads
 * (no editors open, default settings, empty state). Used by the bundle test (what activation
 * registers and touches) and the activation bench (how long it takes).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Module = require('node:module');

export interface VscodeStub {
  /** `commands.registerCommand(<id>)`, `window.createStatusBarItem`, … in call order. */
  calls: string[];
  registeredCommands: string[];
  module: unknown;
}

/** The top-level names of the API the extension may touch (namespaces, classes, enums). */
const TOP_LEVEL = [
  'window',
  'workspace',
  'commands',
  'tasks',
  'languages',
  'env',
  'extensions',
  'l10n',
  'Uri',
  'EventEmitter',
  'Disposable',
  'Range',
  'Position',
  'Selection',
  'Location',
  'ThemeColor',
  'ThemeIcon',
  'MarkdownString',
  'StatusBarAlignment',
  'CodeActionKind',
  'CodeAction',
  'CodeLens',
  'Diagnostic',
  'DiagnosticSeverity',
  'DiagnosticRelatedInformation',
  'DocumentSymbol',
  'SymbolKind',
  'WorkspaceEdit',
  'TextEdit',
  'SnippetString',
  'ProgressLocation',
  'ConfigurationTarget',
  'ViewColumn',
  'QuickPickItemKind',
  'InputBoxValidationSeverity',
  'FileType',
  'TabInputWebview',
  'TabInputText',
  'CancellationTokenSource',
  'RelativePattern',
  'lm',
];

export function createVscodeStub(): VscodeStub {
  const calls: string[] = [];
  const registeredCommands: string[] = [];
  const overrides: Record<string, unknown> = {
    'window.activeTextEditor': undefined,
    'window.visibleTextEditors': [],
    'window.tabGroups.all': [],
    'workspace.textDocuments': [],
    'workspace.workspaceFolders': undefined,
    'workspace.getConfiguration': () => ({
      get: () => undefined,
      inspect: () => undefined,
      update: async () => undefined,
      has: () => false,
    }),
    'commands.executeCommand': async (...args: unknown[]) => void calls.push(`commands.executeCommand(${args.map(String).join(',')})`),
    'commands.registerCommand': (id: string) => {
      registeredCommands.push(id);
      return deep('disposable');
    },
    version: '1.100.0',
    // VS Code's English: the message with its {0} placeholders filled in (no bundle loaded).
    'l10n.t': (message: string | { message: string; args?: unknown[] }, ...args: unknown[]) => {
      const text = typeof message === 'string' ? message : message.message;
      const values = typeof message === 'string' ? args : (message.args ?? []);
      return text.replace(/\{(\d+)\}/g, (whole, i: string) => (Number(i) < values.length ? String(values[Number(i)]) : whole));
    },
  };
  function deep(name: string): unknown {
    const target = function () {
      /* callable */
    };
    const assigned = new Map<PropertyKey, unknown>();
    return new Proxy(target, {
      set(_t, prop, value) {
        assigned.set(prop, value);
        return true;
      },
      get(_t, prop) {
        if (assigned.has(prop)) return assigned.get(prop);
        if (prop === 'then' || typeof prop === 'symbol') return undefined;
        if (prop === 'prototype') return {};
        const key = `${name}.${String(prop)}`.replace(/^vscode\./, '');
        if (key in overrides) return overrides[key];
        return deep(key);
      },
      apply(_t, _this, args: unknown[]) {
        calls.push(`${name}(${args.filter((a) => typeof a === 'string').join(',')})`);
        return deep(`${name}()`);
      },
      construct(_t, args: unknown[]) {
        calls.push(`new ${name}(${args.filter((a) => typeof a === 'string').join(',')})`);
        return deep(`new ${name}`) as object;
      },
    });
  }
  // A plain object with own keys: esbuild's __toESM copies only own properties of require('vscode').
  const module: Record<string, unknown> = { version: overrides.version };
  for (const name of TOP_LEVEL) module[name] = deep(name);
  return { calls, registeredCommands, module };
}

/** Source modules that import 'vscode': loaded anew under each stub (see forgetExtensionModules). */
const EXTENSION_SOURCES = `${path.sep}src${path.sep}extension${path.sep}`;

/**
 * Drops the extension's source modules from the require cache, so the next require binds them
 * to the stub installed now, not to the one of a test file that ran earlier in the same process.
 */
function forgetExtensionModules(): void {
  for (const file of Object.keys(require.cache)) if (file.includes(EXTENSION_SOURCES)) delete require.cache[file];
}

/** Makes `require('vscode')` return the stub until the returned function is called. */
export function installVscodeStub(stub: VscodeStub): () => void {
  const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = mod._load;
  forgetExtensionModules();
  mod._load = function (request: string, ...rest: unknown[]) {
    if (request === 'vscode') return stub.module;
    return original.call(this, request, ...rest);
  };
  return () => {
    mod._load = original;
    forgetExtensionModules();
  };
}

/** An ExtensionContext for a bundle at `<extensionPath>/dist/extension.js`. */
export function stubContext(extensionPath: string): {
  context: Record<string, unknown>;
  subscriptions: Array<{ dispose(): unknown }>;
  storage: string;
} {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-stub-'));
  const memento = () => {
    const values = new Map<string, unknown>();
    return {
      get: (k: string, d?: unknown) => (values.has(k) ? values.get(k) : d),
      update: async (k: string, v: unknown) => void values.set(k, v),
      keys: () => [...values.keys()],
    };
  };
  const uri = (p: string) => ({ fsPath: p, path: p, scheme: 'file', toString: () => `file://${p}` });
  const subscriptions: Array<{ dispose(): unknown }> = [];
  const context = {
    subscriptions,
    extensionPath,
    extensionUri: uri(extensionPath),
    globalStorageUri: uri(path.join(storage, 'global')),
    storageUri: uri(path.join(storage, 'workspace')),
    logUri: uri(path.join(storage, 'log')),
    globalState: memento(),
    workspaceState: memento(),
    secrets: {
      get: async () => undefined,
      store: async () => undefined,
      delete: async () => undefined,
      onDidChange: () => ({ dispose() {} }),
    },
    extensionMode: 1,
  };
  return { context, subscriptions, storage };
}

/** A working vscode.EventEmitter for unit tests whose code under test fires and listens to events. */
export class TestEventEmitter<T> {
  private listeners: Array<(e: T) => void> = [];
  readonly event = (listener: (e: T) => void) => {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  };
  fire(e: T): void {
    for (const l of this.listeners) l(e);
  }
  dispose(): void {
    this.listeners = [];
  }
}

/** The part of vscode.Uri the extension's code uses, for unit tests (file: and untitled: URIs). */
export class TestUri {
  constructor(
    readonly path: string,
    readonly scheme = 'file',
  ) {}
  readonly authority = '';
  static file(p: string): TestUri {
    return new TestUri(p);
  }
  static parse(text: string): TestUri {
    const m = /^([a-z][\w+.-]*):(?:\/\/)?(.*)$/i.exec(text);
    if (!m) throw new Error(`not a URI: ${text}`);
    return new TestUri(m[2], m[1]);
  }
  static joinPath(base: TestUri, ...parts: string[]): TestUri {
    return new TestUri(path.posix.join(base.path, ...parts), base.scheme);
  }
  with(change: { scheme?: string; path?: string }): TestUri {
    return new TestUri(change.path ?? this.path, change.scheme ?? this.scheme);
  }
  get fsPath(): string {
    return this.path;
  }
  toString(): string {
    return this.scheme === 'file' ? `file://${this.path}` : `${this.scheme}:${this.path}`;
  }
}

/** vscode.Position, Range, Location and Diagnostic as plain data, for unit tests of diagnostics. */
export class TestPosition {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}
export class TestRange {
  constructor(
    readonly start: TestPosition,
    readonly end: TestPosition,
  ) {}
  isEqual(other: TestRange): boolean {
    return JSON.stringify(this) === JSON.stringify(other);
  }
}
export class TestLocation {
  constructor(
    readonly uri: unknown,
    readonly range: TestRange,
  ) {}
}
export class TestDiagnosticRelatedInformation {
  constructor(
    readonly location: TestLocation,
    readonly message: string,
  ) {}
}
export class TestDiagnostic {
  source?: string;
  code?: string | number;
  relatedInformation?: TestDiagnosticRelatedInformation[];
  constructor(
    readonly range: TestRange,
    readonly message: string,
    readonly severity: number,
  ) {}
}
