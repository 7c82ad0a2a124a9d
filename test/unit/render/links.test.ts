/**
 * One link policy for every link the renderer writes (src/render/links.ts): a report
 * made of hostile link targets in every place a link can be given becomes a PDF whose
 * link annotations are exactly the allowed ones; refused links keep their text.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { safeHref } from '../../../src/render/links';
import { linkTargets } from '../../helpers/pdf';
import { render, report } from '../../helpers/render';

/** Targets a PDF viewer must never be handed: scripts, files and shares, editor commands, inline documents. */
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  '%6Aavascript:alert(1)',
  '&#106;avascript:alert(1)',
  'file:///etc/passwd',
  'FILE://fileserver/share/x.exe',
  '//fileserver/share/x.exe',
  '\\\\fileserver\\share\\x.exe',
  'command:workbench.action.terminal.new',
  'vscode://vscode.git/clone?url=x',
  'vscode:extension/evil.ext',
  'data:text/html,<script>alert(1)</script>',
  'http:\\\\evil.example',
  'http:evil.example',
  'https://',
  'relative/page.html',
];

const ALLOWED = ['https://ok.example/a?b=1', 'http://ok.example', 'mailto:team@ok.example', 'tel:+441234567890'];

describe('renderer: one link policy for every link in the PDF', () => {
  it('safeHref allows absolute http(s), mailto and tel as written, and refuses everything else', () => {
    for (const h of ALLOWED) assert.equal(safeHref(h), h, h);
    assert.equal(safeHref('  https://ok.example  '), 'https://ok.example');
    for (const h of HOSTILE) assert.equal(safeHref(h), undefined, JSON.stringify(h));
    assert.equal(safeHref(undefined), undefined);
    assert.equal(safeHref(42), undefined);
  });

  it('a report of hostile links of every kind: only the allowed targets become /URI annotations', async () => {
    const md = (href: string, i: number): string => `[md${i}](<${href.replace(/[<>\n]/g, '')}>)`;
    const markdown = [
      ...HOSTILE.map(md),
      '<javascript:alert(2)> <file:///etc/shadow> <vscode://x/y> <command:z> <data:text/html,x>',
      '<a href="javascript:alert(3)">html</a> <a href="JaVaScRiPt&colon;alert(4)">html2</a> <a href=" &#x6A;avascript:x">html3</a>',
      '<a href="file://fileserver/share">unc</a>',
      `[allowed](${ALLOWED[0]}) <${ALLOWED[1]}> ${ALLOWED[2]} [call](${ALLOWED[3]})`,
    ].join('\n\n');
    const { pdf, text } = await render(
      report([
        { type: 'Text', options: { text: markdown, markdown_format: true } },
        {
          type: 'Table',
          options: {
            headings: ['A', 'B'],
            rows: [
              ['<a href="file:///etc/passwd">cellfile</a>', '<a href="java&#10;script:alert(5)">cellscript</a>'],
              ['<a href="command:x">cellcmd</a>', '<a href="https://cell.example/">cellok</a>'],
            ],
          },
        },
        {
          type: 'Image',
          options: { image_url: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', link_url: 'javascript:alert(6)' },
        },
        {
          type: 'Image',
          options: { image_url: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', link_url: 'https://image.example' },
        },
        {
          type: 'Beta.DataTable',
          options: {
            headings: ['T', 'B'],
            col_types: ['Text', 'Button'],
            rows: [
              [
                { data: 'dtfile', url_link: 'file:///etc/passwd' },
                { data: 'dtcmd', url_link: 'command:x' },
              ],
              [
                { data: 'dtok', url_link: 'https://dt.example' },
                { data: 'dtbtn', url_link: 'vscode:x' },
              ],
            ],
          },
        },
        {
          type: 'SparkChart.Ring',
          options: { value: 1, title: 't', subtitle: 's', button_link: 'javascript:alert(7)', button_text: 'Spark' },
        },
      ] as never),
    );
    const targets = await linkTargets(pdf);
    assert.deepEqual(
      [...new Set(targets)].sort(),
      [...ALLOWED, 'https://cell.example/', 'https://image.example', 'https://dt.example'].sort(),
      `link targets: ${JSON.stringify(targets)}`,
    );
    // A refused link keeps its text (drawn without a link).
    for (const word of ['md0', 'md8', 'html', 'html2', 'unc', 'cellfile', 'cellscript', 'cellcmd', 'dtfile', 'dtbtn', 'Spark'])
      assert.ok(text.includes(word), `${word} in the PDF text`);
  });

  it("links.ts is the only place that writes a link annotation (pdfkit's link() and annotations)", () => {
    const files = readdirSync('src/render', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const writers = files.filter((f) => /\.(link|annotate|note|goTo|launch)\(/.test(readFileSync(join('src/render', f), 'utf8')));
    assert.deepEqual(writers, ['links.ts']);
  });
});
