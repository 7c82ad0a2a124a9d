/**
 * Quota records for tests. OLDER_RECORD has the shape of the older 9-field record (the
 * Ruby client's get_remaining_quota_success fixture: no AI fields, dates without a zone
 * and with microseconds); the values are our own.
 */
export const OLDER_RECORD = {
  remaining_single_page_reports: 95,
  remaining_multi_page_reports: 100,
  max_single_page_reports: 100,
  max_multi_page_reports: 100,
  max_pages_per_report: 5,
  period_start: '2024-11-21T17:08:01.459526',
  period_end: '2024-12-21T17:08:01.459526',
  error: null,
  subscription_active: true,
};

export const CURRENT_RECORD = {
  ...OLDER_RECORD,
  remaining_ai_json_completions: 18,
  max_ai_json_completions: 20,
  period_start: '2024-11-21T00:00:00Z',
  period_end: '2024-12-21T00:00:00Z',
};
