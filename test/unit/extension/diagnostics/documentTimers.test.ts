// The per-document timers of the checks run as the author types: a keystroke puts the check off,
// a newer one puts it off again; documents are timed apart; cancel and dispose stop them.
import { strict as assert } from 'node:assert';
import { mock } from 'node:test';
import type * as vscode from 'vscode';
import { DocumentTimers, RECHECK_MS } from '../../../../src/extension/diagnostics/documentTimers';

const uri = (path: string) => ({ toString: () => `file://${path}` }) as vscode.Uri;

describe('extension: DocumentTimers', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('runs once the typing stops; a newer keystroke puts it off again', () => {
    const timers = new DocumentTimers();
    const runs: string[] = [];
    timers.schedule(uri('/a'), RECHECK_MS, () => runs.push('first'));
    mock.timers.tick(RECHECK_MS - 1);
    timers.schedule(uri('/a'), RECHECK_MS, () => runs.push('second'));
    mock.timers.tick(RECHECK_MS - 1);
    assert.deepEqual(runs, []);
    mock.timers.tick(1);
    assert.deepEqual(runs, ['second']);
    mock.timers.tick(RECHECK_MS * 10);
    assert.deepEqual(runs, ['second']);
  });

  it('times each document apart; cancel and dispose stop what is pending', () => {
    const timers = new DocumentTimers();
    const runs: string[] = [];
    timers.schedule(uri('/a'), 10, () => runs.push('a'));
    timers.schedule(uri('/b'), 10, () => runs.push('b'));
    timers.schedule(uri('/c'), 10, () => runs.push('c'));
    timers.cancel(uri('/b'));
    mock.timers.tick(10);
    assert.deepEqual(runs, ['a', 'c']);
    timers.schedule(uri('/a'), 10, () => runs.push('a again'));
    timers.dispose();
    mock.timers.tick(100);
    assert.deepEqual(runs, ['a', 'c']);
  });
});
