/**
 * Strings a report makes the service echo are capped (issue 19 finding 11): a 3 MB Google-font
 * family and a 1 MB option key became notes that were copied whole into the task record, every
 * get-task-status answer and the service log. Over real HTTP with the real renderer (its
 * font-fallback notes): the status body, each log line and the record on disk stay small, and the
 * note still says what was wrong, where, and how long the original was.
 */
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskStatusResponse } from '../../../src/core/api/types';
import { MAX_LOG_LINE_CHARS, MAX_NOTE_MESSAGE_CHARS } from '../../../src/core/api/echoLimits';
import { startHarness, submit, type Harness } from './helpers';

/** Far below the megabytes echoed before the fix, far above what two capped notes need. */
const SMALL = 16 * 1024;

describe('local service: strings echoed from a report are capped', function () {
  this.timeout(120_000);
  let h: Harness;

  before(async () => {
    h = await startHarness({ renderer: undefined });
  });
  after(() => h.stop());

  it('a 3 MB font family and a 1 MB option key: bounded notes in the status body, the log and the record', async () => {
    const family = 'Huge Family '.repeat(250_000);
    const key = 'k'.repeat(1_000_000);
    const body = {
      type: 'Report',
      options: { report_title: 'Fonts' },
      config: { typography_theme: 'google-fonts', google_fonts: { headings: { family }, [key]: 'Inter' } },
      components: [{ type: 'Text', options: { text: 'Hello' } }],
    };
    const { res, taskId } = await submit(h, body, 'preview');
    assert.equal(res.status, 200, await res.clone().text());
    await h.waitFor(taskId);
    const answer = await h.api(`/get-task-status?task_id=${taskId}`);
    const text = await answer.text();
    assert.ok(text.length < SMALL, `the status body is ${text.length} characters`);
    const status = JSON.parse(text) as TaskStatusResponse;
    assert.equal(status.status, 'SUCCESS');
    const notes = status.notes ?? [];
    assert.equal(notes.length, 2, JSON.stringify(notes).slice(0, 500));
    for (const n of notes) assert.ok(n.message.length <= MAX_NOTE_MESSAGE_CHARS);
    const fallback = notes.find((n) => n.path[2] === 'headings');
    assert.match(fallback?.message ?? '', /^Google font "Huge Family Huge Family .*… \(\d+ characters in all\)$/);
    assert.ok(
      notes.some((n) => /^k+… \(1000000 characters in all\)$/.test(String(n.path[2]))),
      'the key, capped',
    );

    const lines = h.logs.filter((l) => l.includes(taskId));
    assert.ok(lines.some((l) => l.includes('note (font-fallback)')));
    for (const l of lines) assert.ok(l.length <= MAX_LOG_LINE_CHARS && l.length < SMALL, `a log line of ${l.length} characters`);
    const record = statSync(join(h.dataDir, 'tasks', `${taskId}.json`)).size;
    assert.ok(record < SMALL, `the task record is ${record} bytes`);
  });
});
