import * as assert from 'node:assert/strict';
import type { QuotaRecord } from '../../../../src/core/api/types';
import {
  buildCostKind,
  buildCostSentence,
  quotaDetailRows,
  quotaLevel,
  quotaTooltipMarkdown,
  remainingLensText,
  snapshotFromRecord,
  snapshotWithHeaders,
  statusBarText,
  quotaWords,
} from '../../../../src/core/quota/quotaSummary';
import { formatUtc, relativeTime, relativeWithUtc } from '../../../../src/core/quota/relativeTime';

const NOW = new Date('2026-11-22T10:00:00Z');

function record(over: Partial<QuotaRecord> = {}): QuotaRecord {
  return {
    remaining_single_page_reports: 42,
    remaining_multi_page_reports: 9,
    remaining_ai_json_completions: 18,
    max_single_page_reports: 100,
    max_multi_page_reports: 20,
    max_pages_per_report: 10,
    max_ai_json_completions: 20,
    period_start: '2026-11-04T00:00:00Z',
    period_end: '2026-12-04T00:00:00Z',
    error: null,
    subscription_active: true,
    ...over,
  };
}

describe('quota summary', () => {
  describe('relative dates', () => {
    it('words days, hours, minutes and the past', () => {
      assert.equal(relativeTime(new Date('2026-12-04T00:00:00Z'), NOW), 'in 12 days');
      assert.equal(relativeTime(new Date('2026-11-23T10:00:00Z'), NOW), 'tomorrow');
      assert.equal(relativeTime(new Date('2026-11-22T15:00:00Z'), NOW), 'in 5 hours');
      assert.equal(relativeTime(new Date('2026-11-22T10:03:00Z'), NOW), 'in 3 minutes');
      assert.equal(relativeTime(new Date('2026-11-22T10:00:20Z'), NOW), 'now');
      assert.equal(relativeTime(new Date('2026-11-20T10:00:00Z'), NOW), '2 days ago');
    });

    it('adds the UTC date, and leaves a non-date alone', () => {
      assert.equal(relativeWithUtc('2026-12-04T00:00:00Z', NOW), 'in 12 days (2026-12-04 00:00 UTC)');
      assert.equal(formatUtc('2026-12-04T07:30:59.999Z'), '2026-12-04 07:30 UTC');
      assert.equal(relativeWithUtc('soon', NOW), 'soon');
    });
  });

  describe('level', () => {
    it('is ok with plenty left', () => {
      assert.equal(quotaLevel(snapshotFromRecord(record(), NOW)), 'ok');
    });

    it('warns under 10 % of the plan, not at exactly 10 %', () => {
      assert.equal(quotaLevel(snapshotFromRecord(record({ remaining_single_page_reports: 10 }), NOW)), 'ok');
      assert.equal(quotaLevel(snapshotFromRecord(record({ remaining_single_page_reports: 9 }), NOW)), 'warning');
      assert.equal(quotaLevel(snapshotFromRecord(record({ remaining_multi_page_reports: 1 }), NOW)), 'warning');
    });

    it('is an error at 0 and when the subscription is inactive', () => {
      assert.equal(quotaLevel(snapshotFromRecord(record({ remaining_single_page_reports: 0 }), NOW)), 'error');
      assert.equal(quotaLevel(snapshotFromRecord(record({ remaining_multi_page_reports: 0 }), NOW)), 'error');
      assert.equal(quotaLevel(snapshotFromRecord(record({ subscription_active: false }), NOW)), 'error');
    });

    it('ignores a counter the plan does not include (max 0)', () => {
      const r = record({ remaining_multi_page_reports: 0, max_multi_page_reports: 0 });
      assert.equal(quotaLevel(snapshotFromRecord(r, NOW)), 'ok');
    });

    it('warns when the service reports an error', () => {
      assert.equal(quotaLevel(snapshotFromRecord(record({ error: 'billing issue' }), NOW)), 'warning');
    });

    it('knows 0 from headers alone, but not percentages', () => {
      const onlyHeaders = snapshotWithHeaders(undefined, { singlePageRemaining: 3, multiPageRemaining: 1 }, NOW);
      assert.equal(quotaLevel(onlyHeaders), 'ok');
      assert.equal(quotaLevel(snapshotWithHeaders(undefined, { singlePageRemaining: 0, multiPageRemaining: 5 }, NOW)), 'error');
    });
  });

  describe('after a build', () => {
    it('replaces the counters from the headers and keeps the rest of the record', () => {
      const before = snapshotFromRecord(record(), NOW);
      const after = snapshotWithHeaders(before, { singlePageRemaining: 41, multiPageRemaining: 9 }, NOW);
      assert.equal(after.singleRemaining, 41);
      assert.equal(after.record?.remaining_single_page_reports, 41);
      assert.equal(after.record?.max_single_page_reports, 100);
      assert.equal(after.source, 'build');
      assert.equal(before.record?.remaining_single_page_reports, 42, 'the previous snapshot is not mutated');
    });

    it('keeps a counter the headers leave out', () => {
      const after = snapshotWithHeaders(snapshotFromRecord(record(), NOW), { singlePageRemaining: 40, multiPageRemaining: null }, NOW);
      assert.equal(after.multiRemaining, 9);
    });
  });

  describe('texts', () => {
    it('status bar: the counts in words, marked local', () => {
      const s = snapshotFromRecord(record(), NOW);
      assert.equal(statusBarText(s, false), '$(graph) 42 single · 9 multi');
      assert.equal(statusBarText(s, true), '$(graph) 42 single · 9 multi (local)');
      assert.equal(statusBarText(undefined, false), '$(graph) Quota');
    });

    it('quota words: the one wording of the status bar and the CLI, unknown counts as ?', () => {
      assert.equal(quotaWords(99, 19, true), '99 single · 19 multi (local)');
      assert.equal(quotaWords(null, 3, false), '? single · 3 multi');
    });

    it('tooltip: every field of the record and the period end as a relative date', () => {
      const md = quotaTooltipMarkdown({
        snapshot: snapshotFromRecord(record(), NOW),
        serviceLabel: 'Hosted service (api.hybiscus.dev)',
        local: false,
        now: NOW,
      });
      for (const want of [
        '| Single-page reports | 42 | 100 |',
        '| Multi-page reports | 9 | 20 |',
        '| AI JSON completions | 18 | 20 |',
        'Max pages per report: **10**',
        'Period: 2026-11-04 00:00 UTC → 2026-12-04 00:00 UTC',
        'Period ends **in 12 days (2026-12-04 00:00 UTC)**',
        'Subscription: active',
        'Service error: none',
        '(command:reportStudio.checkQuota)',
      ]) {
        assert.ok(md.includes(want), `tooltip lacks ${JSON.stringify(want)}:\n${md}`);
      }
      assert.ok(!md.includes('local service'), 'no local-service line for the hosted service');
    });

    it('tooltip: says the local service is in use, and escapes text from the service', () => {
      const md = quotaTooltipMarkdown({
        snapshot: snapshotFromRecord(record({ error: '[click](https://evil.example)' }), NOW),
        serviceLabel: 'Local service (127.0.0.1:4000)',
        local: true,
        now: NOW,
      });
      assert.match(md, /\*\*local service\*\* is in use/);
      assert.ok(md.includes('Service error: \\[click\\](https://evil.example)'), md);
    });

    it('tooltip before any answer, and after a failed refresh', () => {
      assert.match(quotaTooltipMarkdown({ serviceLabel: 'x', local: false, now: NOW }), /Not fetched yet/);
      assert.match(
        quotaTooltipMarkdown({ serviceLabel: 'x', local: false, now: NOW, lastError: 'ECONNREFUSED' }),
        /Could not fetch the quota: ECONNREFUSED/,
      );
    });
  });

  describe('build cost', () => {
    it('is single-page unless config.enable_multi_page is true, or n_pages above 1 without it (comments allowed)', () => {
      assert.equal(buildCostKind('{"type":"Report"}'), 'single');
      assert.equal(buildCostKind('{"config": {"enable_multi_page": false}}'), 'single');
      assert.equal(buildCostKind('{ // c\n "config": {"enable_multi_page": true,},}'), 'multi');
      assert.equal(buildCostKind('{ not json'), 'single');
      // The older SDK's page switch: n_pages above 1 without enable_multi_page may take more pages.
      assert.equal(buildCostKind('{"config": {"n_pages": 3}}'), 'multi');
      assert.equal(buildCostKind('{"config": {"n_pages": 3, "enable_multi_page": false}}'), 'single');
      assert.equal(buildCostKind('{"config": {"n_pages": 1}}'), 'single');
    });

    it('says how much it uses', () => {
      const s = snapshotFromRecord(record(), NOW);
      assert.equal(buildCostSentence('single', s), '1 single-page report of 42 left');
      assert.equal(buildCostSentence('multi', s), '1 multi-page report of 9 left');
      assert.equal(buildCostSentence('single', undefined), '1 single-page report (remaining quota unknown)');
      assert.equal(remainingLensText('single', s), '42 single-page left');
      assert.equal(remainingLensText('multi', undefined), undefined);
    });
  });

  describe('details (Check Quota)', () => {
    it('lists every field, dates in words', () => {
      const rows = quotaDetailRows(snapshotFromRecord(record({ error: 'card expires soon' }), NOW), NOW);
      assert.deepEqual(rows, [
        { label: 'Single-page reports', value: '42 of 100 left' },
        { label: 'Multi-page reports', value: '9 of 20 left' },
        { label: 'AI JSON completions', value: '18 of 20 left' },
        { label: 'Max pages per report', value: '10' },
        { label: 'Period', value: '2026-11-04 00:00 UTC → 2026-12-04 00:00 UTC' },
        { label: 'Period ends', value: 'in 12 days (2026-12-04 00:00 UTC)' },
        { label: 'Subscription', value: 'active' },
        { label: 'Service error', value: 'card expires soon' },
      ]);
    });

    it('shows what the headers alone tell before any record', () => {
      const rows = quotaDetailRows(snapshotWithHeaders(undefined, { singlePageRemaining: 5, multiPageRemaining: null }, NOW), NOW);
      assert.deepEqual(rows, [
        { label: 'Single-page reports', value: '5 left' },
        { label: 'Multi-page reports', value: '? left' },
      ]);
    });
  });
});
