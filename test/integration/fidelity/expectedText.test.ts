// The corpus checks themselves: what counts as "the string is in the PDF" and as "markup
// printed raw" must fail on the losses they exist to catch.
import { strict as assert } from 'node:assert';
import {
  expectedLinks,
  expectedStrings,
  found,
  htmlToText,
  markdownToText,
  normalise,
  pdfLinkTargets,
  rawMarkup,
  type ExpectedString,
} from './expectedText';

const phrase = (text: string, extra: Partial<ExpectedString> = {}): ExpectedString => ({ text, path: 'p', words: false, ...extra });

describe('fidelity corpus checks: reading strings back', () => {
  it('finds a phrase, a URL broken across lines, runs split by extraction, and words interleaved by wrapping', () => {
    assert.ok(found('Supplier review Quarterly', phrase('Supplier review')));
    assert.ok(found(normalise('https://millstone-flour.e\nxample 48'), phrase('https://millstone-flour.example')));
    assert.ok(found('the shallow end ; ask', phrase('the shallow end; ask')));
    assert.ok(
      found(
        'The new solar system show Seat 83 % replaced the winter',
        phrase('The new solar system show replaced the winter', { words: true }),
      ),
    );
  });

  it('does not find a truncated, missing or far-scattered string', () => {
    assert.ok(!found('97% Delivered Accepted by m…', phrase('Accepted by mail servers')));
    assert.ok(!found('Invoice KB-3318', phrase('Payment due')));
    assert.ok(!found(`Accepted ${'x '.repeat(400)} by mail servers`, phrase('Accepted by mail servers', { words: true })));
  });

  it('ignores case only where capitals are a style (card titles)', () => {
    assert.ok(found('NIGHT-SKY TOURS 412', phrase('Night-sky tours', { anyCase: true })));
    assert.ok(!found('NIGHT-SKY TOURS 412', phrase('Night-sky tours')));
  });
});

describe('fidelity corpus checks: markup', () => {
  it('strips cell HTML to its text, entities decoded, <br> as a break', () => {
    assert.equal(htmlToText('<b>Invoice No.</b>'), 'Invoice No.');
    assert.equal(htmlToText('<a href="https://x.example">Join the <b>list</b></a>'), 'Join the list');
    assert.equal(htmlToText('Parent and baby<br>splash time'), 'Parent and baby\nsplash time');
    assert.equal(htmlToText('Tallow &amp; Wick'), 'Tallow & Wick');
  });

  it('reads Markdown as its words, `#Title` without a space as a heading (as the hosted service does)', () => {
    assert.equal(
      normalise(markdownToText('#Payment terms\nPlease **pay** within [thirty days](https://x.example).')),
      'Payment terms Please pay within thirty days.',
    );
    assert.equal(normalise(markdownToText('- a pencil\n- water')), 'a pencil water');
  });

  it('flags tags, emphasis markers, heading hashes and entities printed raw, but not literal text that carries them', () => {
    assert.equal(rawMarkup('Invoice No. KB-3318', []).length, 0);
    assert.match(rawMarkup('<b>Invoice No.</b> KB-3318', []).join(), /<b>/);
    assert.match(rawMarkup('Join <a href="x">list</a>', []).join(), /<a>/);
    assert.match(rawMarkup('a **warmer** bedroom', []).join(), /\*\*/);
    assert.match(rawMarkup('#Payment terms Please pay', []).join(), /heading/);
    assert.match(rawMarkup('Tallow &amp; Wick', []).join(), /entity/);
    assert.equal(rawMarkup('keeps its *asterisks* and **stars** as typed', ['keeps its *asterisks* and **stars** as typed']).length, 0);
  });
});

describe('fidelity corpus checks: the strings a report carries', () => {
  it('takes header, cells (numbers as given, HTML stripped, nulls skipped, cell objects), legends and stage names; none of a hidden header', () => {
    const strings = expectedStrings({
      type: 'Report',
      options: { report_title: 'Shown', footer_text: 'Footer' },
      components: [
        { type: 'Table', options: { headings: ['Qty', { content: 'Price and tax', col_span: 2 }], rows: [[2004, '<b>Net</b>', null]] } },
        { type: 'DoughnutRing', options: { data: [{ start: 0, end: 1, label: 'Raised' }] } },
        {
          type: 'Chart.Line',
          options: {
            data: [
              { x: 1, y: 1, label: 'EU' },
              { x: 1, y: 2, label: 'US' },
            ],
            x_label: 'Week',
            y_label: 'Requests',
          },
        },
        { type: 'ProgressBar', options: { progress: 50, stages: [{ name: 'Draft' }] } },
        { type: 'Beta.DataTable', options: { col_types: ['Text', 'SparkLine'], rows: [[{ data: 'fra-01' }, { data: [1, 2] }]] } },
      ],
    }).map((s) => s.text);
    assert.deepEqual(strings, [
      'Shown',
      'Footer',
      'Qty',
      'Price and tax',
      '2004',
      'Net',
      'Raised',
      'Week',
      'Requests',
      'EU',
      'US',
      'Draft',
      'fra-01',
    ]);
    const hidden = expectedStrings({
      type: 'Report',
      options: { report_title: 'Hidden' },
      config: { enable_header: false },
      components: [],
    });
    assert.deepEqual(hidden, []);
  });

  it('takes every link: cell <a href>, Markdown links, <a href> in Text without Markdown, Image link_url, DataTable url_link, spark buttons with a text', () => {
    const links = expectedLinks({
      type: 'Report',
      components: [
        { type: 'Table', options: { rows: [['<a href="https://a.example">a</a>', { content: '<a href="https://b.example">b</a>' }]] } },
        { type: 'Text', options: { text: 'See [the guide](https://c.example).' } },
        { type: 'Text', options: { text: '[not a link](https://x.example) <a href="https://g.example">g</a>', markdown_format: false } },
        {
          type: 'Row',
          components: [{ type: 'Image', options: { image_url: 'https://img.example/p.png', link_url: 'https://d.example' } }],
        },
        { type: 'Beta.DataTable', options: { col_types: ['Button'], rows: [[{ data: 'Open', url_link: 'https://e.example' }]] } },
        { type: 'SparkChart.Ring', options: { value: 1, title: 't', subtitle: 's', button_link: 'https://f.example', button_text: 'Go' } },
        { type: 'SparkChart.Line', options: { data: [1], title: 't', subtitle: 's', button_link: 'https://no-text.example' } },
      ],
    });
    assert.deepEqual(
      links.map((l) => l.url),
      [
        'https://a.example',
        'https://b.example',
        'https://c.example',
        'https://g.example',
        'https://d.example',
        'https://e.example',
        'https://f.example',
      ],
    );
    assert.equal(links[4].path, 'components[3].components[0].options.link_url');
  });

  it('reads URI link targets out of a PDF', () => {
    const pdf = Buffer.from('<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://a.example/x\\(1\\)) >> >>', 'latin1');
    assert.deepEqual([...pdfLinkTargets(pdf)], ['https://a.example/x(1)']);
  });
});
