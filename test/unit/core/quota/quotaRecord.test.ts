/**
 * The quota record in both forms the service has sent: the 11-field record, and the older
 * 9-field one (no AI fields; dates without a zone and with microseconds, meaning UTC; the
 * shape of the Ruby client's get_remaining_quota_success fixture).
 */
import * as assert from 'node:assert/strict';
import type { QuotaRecord } from '../../../../src/core/api/types';
import { asQuotaRecord } from '../../../../src/core/client/responses';
import { ReportServiceError } from '../../../../src/core/client/errors';
import { quotaDetailRows, quotaTooltipMarkdown, snapshotFromRecord, statusBarText } from '../../../../src/core/quota/quotaSummary';
import { formatUtc, parseServiceTime, relativeWithUtc } from '../../../../src/core/quota/relativeTime';
import { quotaTableRows } from '../../../../src/cli/commands/status';
import { CURRENT_RECORD, OLDER_RECORD } from './records';

const NOW = new Date('2024-12-01T12:00:00Z');
const ENDPOINT = '/get-remaining-quota';

describe('quota record: both forms', () => {
  describe('service times', () => {
    // A zone away from UTC: read as local time, a zone-less date would shift by 5:30.
    const savedTz = process.env.TZ;
    before(() => void (process.env.TZ = 'Asia/Kolkata'));
    after(() => void (savedTz === undefined ? delete process.env.TZ : (process.env.TZ = savedTz)));

    it('reads a time without a zone as UTC, microseconds cut to milliseconds', () => {
      assert.equal(parseServiceTime('2024-11-21T17:08:01.459526')?.toISOString(), '2024-11-21T17:08:01.459Z');
      assert.equal(parseServiceTime('2024-11-21T17:08:01')?.toISOString(), '2024-11-21T17:08:01.000Z');
      assert.equal(parseServiceTime('2024-11-21 17:08:01.4')?.toISOString(), '2024-11-21T17:08:01.400Z');
    });

    it('keeps an explicit zone', () => {
      assert.equal(parseServiceTime('2024-11-21T17:08:01Z')?.toISOString(), '2024-11-21T17:08:01.000Z');
      assert.equal(parseServiceTime('2024-11-21T17:08:01.459526+02:00')?.toISOString(), '2024-11-21T15:08:01.459Z');
      assert.equal(parseServiceTime('2024-11-21T17:08:01-0130')?.toISOString(), '2024-11-21T18:38:01.000Z');
      assert.equal(parseServiceTime('2024-11-21')?.toISOString(), '2024-11-21T00:00:00.000Z');
    });

    it('is undefined for text that is not a date (the display then shows the text)', () => {
      for (const bad of ['soon', '', '2024-13-45T99:00:00', 'Thu, 21 Nov 2024']) assert.equal(parseServiceTime(bad), undefined, bad);
      assert.equal(formatUtc('soon'), 'soon');
    });

    it('formats and words the zone-less form the same whatever the local time zone', () => {
      assert.equal(formatUtc('2024-11-21T17:08:01.459526'), '2024-11-21 17:08 UTC');
      assert.equal(relativeWithUtc('2024-12-21T17:08:01.459526', NOW), 'in 20 days (2024-12-21 17:08 UTC)');
    });
  });

  describe('asQuotaRecord', () => {
    it('accepts the 11-field record unchanged', () => {
      assert.deepEqual(asQuotaRecord(structuredClone(CURRENT_RECORD), ENDPOINT), CURRENT_RECORD);
    });

    it('accepts the older 9-field record: no AI fields in the result', () => {
      const r = asQuotaRecord(structuredClone(OLDER_RECORD), ENDPOINT);
      assert.deepEqual(r, OLDER_RECORD);
      assert.ok(!('remaining_ai_json_completions' in r) && !('max_ai_json_completions' in r));
    });

    it('treats null AI fields as absent; still rejects a wrong type or a missing core field', () => {
      const r = asQuotaRecord({ ...OLDER_RECORD, remaining_ai_json_completions: null, max_ai_json_completions: null }, ENDPOINT);
      assert.ok(!('remaining_ai_json_completions' in r));
      const bad = (value: unknown, pattern: RegExp): void =>
        assert.throws(
          () => asQuotaRecord(value, ENDPOINT),
          (e: unknown) => e instanceof ReportServiceError && e.kind === 'bad_response' && pattern.test(e.message),
        );
      bad({ ...OLDER_RECORD, max_ai_json_completions: '20' }, /"max_ai_json_completions" is not an integer/);
      const { max_pages_per_report: _gone, ...noMaxPages } = OLDER_RECORD;
      bad(noMaxPages, /"max_pages_per_report" is not an integer/);
      bad({ ...OLDER_RECORD, period_end: 20241221 }, /"period_end" is not a date-time string/);
      bad({ ...OLDER_RECORD, error: { why: 1 } }, /"error" is not a string or null/);
    });
  });

  describe('displays', () => {
    const older = (): QuotaRecord => asQuotaRecord(structuredClone(OLDER_RECORD), ENDPOINT);

    it('status bar text is the same for both forms', () => {
      assert.equal(statusBarText(snapshotFromRecord(older(), NOW), false), '$(graph) 95 single · 100 multi');
    });

    it('tooltip of the older record: no AI line, UTC dates, no "undefined"', () => {
      const md = quotaTooltipMarkdown({
        snapshot: snapshotFromRecord(older(), NOW),
        serviceLabel: 'Hosted service (api.example.com)',
        local: false,
        now: NOW,
      });
      assert.ok(!md.includes('AI JSON'), md);
      assert.ok(!/undefined|NaN|Invalid Date/.test(md), md);
      for (const want of [
        '| Single-page reports | 95 | 100 |',
        '| Multi-page reports | 100 | 100 |',
        'Max pages per report: **5**',
        'Period: 2024-11-21 17:08 UTC → 2024-12-21 17:08 UTC',
        'Period ends **in 20 days (2024-12-21 17:08 UTC)**',
      ]) {
        assert.ok(md.includes(want), `tooltip lacks ${JSON.stringify(want)}:\n${md}`);
      }
    });

    it('tooltip of the 11-field record keeps its AI line', () => {
      const md = quotaTooltipMarkdown({
        snapshot: snapshotFromRecord(asQuotaRecord(structuredClone(CURRENT_RECORD), ENDPOINT), NOW),
        serviceLabel: 'x',
        local: false,
        now: NOW,
      });
      assert.ok(md.includes('| AI JSON completions | 18 | 20 |'), md);
    });

    it('detail rows (Check Quota) of the older record', () => {
      assert.deepEqual(quotaDetailRows(snapshotFromRecord(older(), NOW), NOW), [
        { label: 'Single-page reports', value: '95 of 100 left' },
        { label: 'Multi-page reports', value: '100 of 100 left' },
        { label: 'Max pages per report', value: '5' },
        { label: 'Period', value: '2024-11-21 17:08 UTC → 2024-12-21 17:08 UTC' },
        { label: 'Period ends', value: 'in 20 days (2024-12-21 17:08 UTC)' },
        { label: 'Subscription', value: 'active' },
        { label: 'Service error', value: 'none' },
      ]);
    });

    it('CLI table rows of both forms', () => {
      assert.deepEqual(quotaTableRows(older()), [
        ['Single-page reports', '95 of 100 left'],
        ['Multi-page reports', '100 of 100 left'],
        ['Pages per report', 'at most 5'],
        ['Period', '2024-11-21 17:08 UTC → 2024-12-21 17:08 UTC'],
        ['Subscription', 'active'],
      ]);
      assert.deepEqual(quotaTableRows(asQuotaRecord(structuredClone(CURRENT_RECORD), ENDPOINT))[3], [
        'AI JSON completions',
        '18 of 20 left',
      ]);
    });
  });
});
