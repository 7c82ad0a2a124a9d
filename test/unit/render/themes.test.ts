import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { COLOUR_THEMES as CATALOGUE_COLOUR_THEMES, TYPOGRAPHY_THEMES as CATALOGUE_TYPOGRAPHY_THEMES } from '../../../src/catalogue';
import { buildTheme, COLOUR_THEMES } from '../../../src/render/theme';
import { allFontFiles, TYPOGRAPHY_THEMES } from '../../../src/render/typography';
import { iconPath } from '../../../src/render/icons';
import { render, report, sharedRenderer } from '../../helpers/render';
import { decodeJpeg } from '../../helpers/jpeg';

const fonts = { regular: 'r', bold: 'b', italic: 'i', boldItalic: 'bi', heading: 'h' };
const VARIABLES = [
  'headline',
  'sub-headline',
  'accent',
  'paragraph',
  'background-default',
  'background-muted',
  'background-subtle',
  'highlight',
  'highlight-text',
  'background',
  'light-background',
  'background-faded',
  'custom-1',
  'custom-2',
  'custom-3',
];
// The theme names of the catalogue (what the schema offers).
const B4_COLOUR_THEMES = CATALOGUE_COLOUR_THEMES.map(([name]) => name);
const B4_TYPOGRAPHY = CATALOGUE_TYPOGRAPHY_THEMES.map(([name]) => name);
const UNICODE = 'Zażółć gęślą jaźń — Ελληνικά γράμματα — Кириллица и ёж — Ærøskøbing €25';

describe('renderer: themes, fonts, icons', () => {
  it('every colour theme of the schema maps every colour variable to a hex colour', () => {
    assert.deepEqual([...COLOUR_THEMES].sort(), [...B4_COLOUR_THEMES].sort());
    for (const name of COLOUR_THEMES) {
      const t = buildTheme(name, {}, fonts);
      for (const v of VARIABLES) assert.match(t.colours[v], /^#[0-9a-f]{6}$/, `${name}.${v}`);
    }
    assert.notEqual(buildTheme('forest', {}, fonts).colours.accent, buildTheme('candy', {}, fonts).colours.accent);
  });

  it('override_colour_theme keys replace variables (hex, variable names, CSS names)', () => {
    const t = buildTheme(
      'default',
      { accent: '#ABC', 'custom-1': 'headline', highlight: 'rebeccapurple', custom_2: 'rgb(1, 2, 3)', nonsense: '#fff' },
      fonts,
    );
    assert.equal(t.colours.accent, '#aabbcc');
    assert.equal(t.colours['custom-1'], buildTheme('default', {}, fonts).colours.headline);
    assert.equal(t.colours.highlight, '#663399');
    assert.equal(t.colours['custom-2'], '#010203');
    assert.equal(t.resolveColour('accent', 'paragraph'), '#aabbcc');
    assert.equal(t.resolveColour('#123456', 'paragraph'), '#123456');
    assert.equal(t.resolveColour('not a colour', 'paragraph'), t.colours.paragraph);
    assert.equal(t.resolveColour(undefined, '#ff0000'), '#ff0000');
  });

  it('every typography theme of the schema has its font files shipped in assets/fonts', () => {
    assert.deepEqual([...TYPOGRAPHY_THEMES].sort(), [...B4_TYPOGRAPHY].sort());
    for (const f of allFontFiles()) assert.ok(existsSync(join('assets/fonts', f)), f);
  });

  for (const theme of B4_TYPOGRAPHY) {
    it(`typography theme "${theme}" renders Latin, Greek and Cyrillic text that reads back exactly`, async () => {
      const r = await render(
        report([{ type: 'Text', options: { text: `# Heading ${theme}\n\n${UNICODE}\n\n**${UNICODE}** *${UNICODE}*` } }], {
          config: { typography_theme: theme },
        }),
      );
      assert.ok(r.text.includes(`Heading ${theme}`), r.text);
      // Three copies: regular, bold, italic — each fully drawable (fallback font where needed).
      assert.equal(r.text.split('Ελληνικά γράμματα').length - 1, 3, r.text);
      assert.equal(r.text.split('Кириллица и ёж').length - 1, 3, r.text);
      assert.ok(r.text.includes('Zażółć gęślą jaźń'), r.text);
    });
  }

  it('the themed and overridden accent colour reaches the page', async () => {
    const r = await sharedRenderer();
    const body = report([{ type: 'Card', options: { title: 'T', value: 1, bg_color: 'accent' } }], {
      config: { colour_theme: 'neon', override_colour_theme: { accent: '#12ab34' } },
    });
    const img = decodeJpeg(await r.renderPreviewJpeg((await r.renderPdf(body)).pdf));
    let green = 0;
    for (let i = 0; i < img.data.length; i += 4) {
      if (Math.abs(img.data[i] - 0x12) < 30 && Math.abs(img.data[i + 1] - 0xab) < 30 && Math.abs(img.data[i + 2] - 0x34) < 30) green++;
    }
    assert.ok(green > 2_000, `accent pixels: ${green}`);
  });

  it('icons are real Tabler outline paths; unknown names have none', () => {
    const coin = iconPath('coin');
    assert.ok(coin && coin.startsWith('M') && coin.includes('a9 9'), coin);
    assert.ok(iconPath('building-store'));
    assert.ok(iconPath('ti-users'), 'a "ti-" prefix is accepted');
    assert.equal(iconPath('no-such-icon'), undefined);
  });
});
