/**
 * Body decoding and the less common 422 shapes: Python json error messages and
 * offsets, absent body, other content types, lax coercions pydantic accepts, bounds
 * after coercion, field order, dicts, URLs, the preview cloud-storage rule; and the
 * limits around validation (400 not UTF-8 / too deep, 413 too large).
 */
import assert from 'node:assert/strict';
import { report, startHarness, type Harness } from './helpers';

const jsonInvalid = (pos: number, error: string): object => ({
  detail: [{ type: 'json_invalid', loc: ['body', pos], msg: 'JSON decode error', input: {}, ctx: { error } }],
});

describe('local service: body decoding and 422 details', function () {
  let h: Harness;
  before(async () => (h = await startHarness({ bodyLimit: 64 * 1024, maxDepth: 20 })));
  after(async () => h.stop());

  const post = (body: string | Uint8Array, contentType?: string): Promise<Response> =>
    h.api('/build-report', { method: 'POST', body: body as BodyInit, headers: contentType ? { 'content-type': contentType } : {} });

  // Expectations from CPython 3.11's json.loads on the same text (message, char offset).
  const cases: Array<[string, number, string]> = [
    ['{"type": "Report", "options": {]}', 31, 'Expecting property name enclosed in double quotes'],
    ['{"a":1,}', 7, 'Expecting property name enclosed in double quotes'],
    ['[1,]', 3, 'Expecting value'],
    ['{"a" 1}', 5, "Expecting ':' delimiter"],
    ['{"a":1 "b":2}', 7, "Expecting ',' delimiter"],
    ['{"a":"x\\qy"}', 7, 'Invalid \\escape'],
    ['{"a":"\\u12G4"}', 7, 'Invalid \\uXXXX escape'],
    ['{"a":"tab\there"}', 9, 'Invalid control character at'],
    ['{"a":"open', 5, 'Unterminated string starting at'],
    ['{"a":1}}', 7, 'Extra data'],
    ['{"é😀": [1, 2,, 3]}', 13, 'Expecting value'], // offsets count code points, as in Python
    ["{'type': 'Report'}", 1, 'Expecting property name enclosed in double quotes'],
    ['  ', 2, 'Expecting value'],
  ];
  for (const [text, pos, error] of cases) {
    it(`json_invalid: ${JSON.stringify(text)} → offset ${pos}, "${error}"`, async () => {
      const res = await post(text, 'application/json');
      assert.equal(res.status, 422);
      assert.deepEqual(await res.json(), jsonInvalid(pos, error));
    });
  }

  it('no body, or a JSON null → missing at ["body"]', async () => {
    for (const body of ['', 'null']) {
      const res = await post(body, 'application/json');
      assert.equal(res.status, 422);
      assert.deepEqual(await res.json(), { detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] });
    }
  });

  it('JSON without a Content-Type is decoded; application/*+json too', async () => {
    // fetch adds text/plain to string bodies; bytes go without a Content-Type.
    const noType = await h.api('/preview-report', { method: 'POST', body: new TextEncoder().encode(JSON.stringify(report())) });
    assert.equal(noType.headers.get('x-single-page-reports-remaining'), '100');
    assert.equal(noType.status, 200);
    const plusJson = await h.api('/preview-report', {
      method: 'POST',
      body: JSON.stringify(report()),
      headers: { 'content-type': 'application/vnd.report+json; charset=utf-8' },
    });
    assert.equal(plusJson.status, 200);
  });

  it('another Content-Type: the raw text is validated → model_attributes_type at ["body"]', async () => {
    const text = JSON.stringify(report());
    const res = await post(text, 'text/plain');
    assert.equal(res.status, 422);
    assert.deepEqual(await res.json(), {
      detail: [
        {
          type: 'model_attributes_type',
          loc: ['body'],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input: text,
        },
      ],
    });
  });

  it('a JSON array body → model_attributes_type; a string component → model_attributes_type at the component', async () => {
    const arr = await post('[]', 'application/json');
    assert.deepEqual(await arr.json(), {
      detail: [
        {
          type: 'model_attributes_type',
          loc: ['body'],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input: [],
        },
      ],
    });
    const res = await h.post('/build-report', report('t', ['Card' as never]));
    assert.deepEqual(await res.json(), {
      detail: [
        {
          type: 'model_attributes_type',
          loc: ['body', 'components', 0],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input: 'Card',
        },
      ],
    });
  });

  it('a non-string tag is shown with str() in union_tag_invalid', async () => {
    const res = await h.post('/build-report', report('t', [{ type: 5 as never, options: {} }]));
    const body = await res.json();
    assert.equal(body.detail[0].type, 'union_tag_invalid');
    assert.equal(body.detail[0].ctx.tag, '5');
    assert.match(body.detail[0].msg, /^Input tag '5' found using 'type' does not match any of the expected tags: 'Section', 'Row', /);
  });

  it('lax coercions pydantic accepts are not errors: "3" for int, "yes"/1 for bool, an int for a float', async () => {
    const body = report(
      'Lax',
      [
        {
          type: 'Section',
          options: { section_title: 'S', columns: '3', highlighted: 'yes', vertical_margin: ' 4 ' },
          components: [{ type: 'Card', options: { title: 'c', value: 5, highlighted: 1 } }],
        },
        { type: 'SparkChart.Ring', options: { value: '0.5', title: 't', subtitle: 's' } },
      ],
      { landscape: 'false' as never, n_pages: '2' as never },
    );
    const res = await h.post('/preview-report', body);
    assert.equal(res.status, 200, await res.clone().text());
  });

  it('bounds are checked after coercion, with the original input', async () => {
    const res = await h.post('/build-report', report('t', [{ type: 'Text', options: { text: 'x', vertical_margin: '40' } }]));
    assert.deepEqual(await res.json(), {
      detail: [
        {
          type: 'less_than_equal',
          loc: ['body', 'components', 0, 'Text', 'options', 'vertical_margin'],
          msg: 'Input should be less than or equal to 32',
          input: '40',
          ctx: { le: 32 },
        },
      ],
    });
  });

  it('entries follow the declared field order (not the order ajv reports them)', async () => {
    const res = await h.post('/build-report', {
      type: 'Report',
      components: [{ type: 'Card', options: { title: 7 } }],
      options: { report_title: 'x', vertical_margin: 33, report_byline: 5 },
    });
    assert.deepEqual(await res.json(), {
      detail: [
        { type: 'string_type', loc: ['body', 'options', 'report_byline'], msg: 'Input should be a valid string', input: 5 },
        {
          type: 'less_than_equal',
          loc: ['body', 'options', 'vertical_margin'],
          msg: 'Input should be less than or equal to 32',
          input: 33,
          ctx: { le: 32 },
        },
        {
          type: 'string_type',
          loc: ['body', 'components', 0, 'Card', 'options', 'title'],
          msg: 'Input should be a valid string',
          input: 7,
        },
        { type: 'missing', loc: ['body', 'components', 0, 'Card', 'options', 'value'], msg: 'Field required', input: { title: 7 } },
      ],
    });
  });

  it('models, exclusive bounds and URLs: model_attributes_type, greater_than, url_parsing; extra font roles ignored', async () => {
    const res = await h.post(
      '/build-report',
      report('t', [{ type: 'Chart.Bar', options: { data: [{ x: 'a', y: 1 }], x_label: 'x', y_label: 'y', aspect_ratio: 0 } }], {
        google_fonts: 'Roboto' as never,
        webhooks: [{ url: 'hooks/done' }],
      }),
    );
    assert.deepEqual(await res.json(), {
      detail: [
        {
          type: 'model_attributes_type',
          loc: ['body', 'config', 'google_fonts'],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input: 'Roboto',
        },
        {
          type: 'url_parsing',
          loc: ['body', 'config', 'webhooks', 0, 'url'],
          msg: 'Input should be a valid URL, relative URL without a base',
          input: 'hooks/done',
          ctx: { error: 'relative URL without a base' },
        },
        {
          type: 'greater_than',
          loc: ['body', 'components', 0, 'Chart.Bar', 'options', 'aspect_ratio'],
          msg: 'Input should be greater than 0',
          input: 0,
          ctx: { gt: 0 },
        },
      ],
    });
    // google_fonts is {headings, paragraph}: like the hosted model, the service ignores other keys.
    const extraRole = await h.post('/preview-report', report('t', undefined, { google_fonts: { heading: 12 as never } }));
    assert.equal(extraRole.status, 200, await extraRole.clone().text());
  });

  it('preview with config.cloud_storage → 422 value_error (the interface: no cloud upload for previews)', async () => {
    const res = await h.post('/preview-report', report('t', undefined, { cloud_storage: { s3: 'bucket/reports' } }));
    assert.equal(res.status, 422);
    assert.deepEqual(await res.json(), {
      detail: [
        {
          type: 'value_error',
          loc: ['body', 'config', 'cloud_storage'],
          msg: 'Value error, cloud storage upload is not supported for previews; remove config.cloud_storage or use build-report',
          input: { s3: 'bucket/reports' },
          ctx: { error: {} },
        },
      ],
    });
  });

  it('bytes that are not UTF-8 → 400, as FastAPI', async () => {
    const res = await post(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'application/json');
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { detail: 'There was an error parsing the body' });
  });

  it('JSON nested deeper than the limit → 400 naming the limit and the offset', async () => {
    const res = await post('{"a":' + '['.repeat(25) + ']'.repeat(25) + '}', 'application/json');
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      detail: 'JSON nested deeper than 20 levels (at character 24); the local service rejects deeper bodies',
    });
  });

  it('a body over the limit → 413 (declared or streamed), with the quota headers', async () => {
    const big = JSON.stringify(report('x'.repeat(70 * 1024)));
    const res = await post(big, 'application/json');
    assert.equal(res.status, 413);
    assert.deepEqual(await res.json(), { detail: 'Request body too large: the limit is 65536 bytes' });
    assert.equal(res.headers.get('x-single-page-reports-remaining'), '100');
    const chunks = new ReadableStream({
      start(c) {
        for (let i = 0; i < 80; i++) c.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        c.close();
      },
    });
    const streamed = await h.api('/build-report', {
      method: 'POST',
      body: chunks,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    assert.equal(streamed.status, 413);
  });
});
