import * as assert from 'node:assert/strict';
import {
  checkApiKey,
  checkCustomBaseUrl,
  normaliseCustomBaseUrl,
  parseServiceSetting,
  resolveServiceMode,
} from '../../../../src/core/service/serviceChoice';

describe('service choice', () => {
  it('auto uses the hosted service once a key is stored, the local one before', () => {
    assert.equal(resolveServiceMode('auto', false), 'local');
    assert.equal(resolveServiceMode('auto', true), 'hosted');
    assert.equal(resolveServiceMode('local', true), 'local');
    assert.equal(resolveServiceMode('hosted', false), 'hosted');
    assert.equal(resolveServiceMode('custom', false), 'custom');
  });

  it('reads an unknown setting value as auto', () => {
    assert.equal(parseServiceSetting('custom'), 'custom');
    assert.equal(parseServiceSetting('cloud'), 'auto');
    assert.equal(parseServiceSetting(undefined), 'auto');
  });

  describe('custom base URL', () => {
    const ok = [
      'https://reports.example.com/api/v1',
      'http://127.0.0.1:8787/api/v1',
      'http://localhost:8787/api/v1/',
      'http://[::1]:9/api/v1',
    ];
    for (const url of ok) it(`accepts ${url}`, () => assert.equal(checkCustomBaseUrl(url), undefined));

    const bad: Array<[string, RegExp]> = [
      ['', /Enter the base URL/],
      ['reports.example.com/api/v1', /Not a URL/],
      ['ftp://example.com/api/v1', /Only http and https/],
      ['https://user:pw@example.com/api/v1', /credentials/],
      ['https://example.com/api/v1?api_key=abc', /query/],
      ['https://example.com/', /must end with \/api\/v1/],
      ['https://example.com/api/v2', /must end with \/api\/v1/],
    ];
    for (const [url, why] of bad) {
      it(`rejects ${JSON.stringify(url)}`, () => {
        const problem = checkCustomBaseUrl(url);
        assert.equal(problem?.severity, 'error');
        assert.match(problem.message, why);
      });
    }

    it('only warns about plain http off this machine', () => {
      const problem = checkCustomBaseUrl('http://reports.lan/api/v1');
      assert.equal(problem?.severity, 'warning');
      assert.match(problem.message, /unencrypted/);
    });

    it('is stored without a trailing slash', () => {
      assert.equal(normaliseCustomBaseUrl('  https://x.example/api/v1/ '), 'https://x.example/api/v1');
    });
  });

  describe('API key input', () => {
    it('accepts a plain token (surrounding spaces are trimmed later)', () => {
      assert.equal(checkApiKey('  hy_live_0123456789abcdef  '), undefined);
    });
    it('rejects empty, short, spaced and huge input', () => {
      assert.match(checkApiKey('')?.message ?? '', /Paste/);
      assert.match(checkApiKey('abc')?.message ?? '', /Too short/);
      assert.match(checkApiKey('abcd efgh ijkl')?.message ?? '', /no spaces/);
      assert.match(checkApiKey('x'.repeat(600))?.message ?? '', /Too long/);
    });
  });
});
