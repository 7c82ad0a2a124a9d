/**
 * Test inputs for the result viewer: real multi-page PDFs made with pdfkit, a real JPEG made
 * with jpeg-js, and VS Code-like theme variables (Light Modern / Dark Modern).
 */
import PDFDocument from 'pdfkit';
import * as jpeg from 'jpeg-js';

/** A4 portrait, `pages` pages, each with a huge page number and a line saying which build it is. */
export function makePdf(pages: number, label: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, autoFirstPage: false, info: { Title: `Viewer test ${label}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let i = 1; i <= pages; i++) {
      doc.addPage();
      doc.rect(40, 40, doc.page.width - 80, 70).fill('#1d4e89');
      doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(26).text(`Quarterly report (${label})`, 60, 62);
      doc
        .fillColor('#111111')
        .font('Helvetica-Bold')
        .fontSize(160)
        .text(String(i), 56, 260, { width: doc.page.width - 112, align: 'center' });
      doc
        .font('Helvetica')
        .fontSize(14)
        .fillColor('#333333')
        .text(`${label} page ${i} of ${pages}`, 56, 520, { width: doc.page.width - 112, align: 'center' });
      doc.rect(56, 600, (doc.page.width - 112) * (i / pages), 24).fill('#e07a1f');
      doc.fillColor('#555555').fontSize(10).text('Revenue grew in every region; see the appendix for the method.', 56, 660);
    }
    doc.end();
  });
}

/** A 900×1273 (A4-ish) preview with a header bar, a dark block and a gradient, encoded as JPEG. */
export function makeJpeg(): Buffer {
  const width = 900;
  const height = 1273;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let [r, g, b] = [255, 255, 255];
      if (y < 110) [r, g, b] = [29, 78, 137];
      else if (y > 300 && y < 700 && x > 120 && x < 780) [r, g, b] = [40 + (x % 60), 40, 60];
      else if (y > 800) [r, g, b] = [255, Math.round(255 - ((y - 800) / 473) * 120), Math.round(255 - (x / width) * 200)];
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  }
  return jpeg.encode({ data, width, height }, 70).data;
}

export type ThemeName = 'light' | 'dark';

/** The variables VS Code injects into a webview's <html style>, for its default themes. */
export const THEMES: Record<ThemeName, { bodyClass: string; vars: Record<string, string> }> = {
  dark: {
    bodyClass: 'vscode-dark',
    vars: {
      '--vscode-font-family': 'system-ui, "Ubuntu", "Droid Sans", sans-serif',
      '--vscode-font-size': '13px',
      '--vscode-editor-font-family': '"Droid Sans Mono", "monospace", monospace',
      '--vscode-editor-background': '#1f1f1f',
      '--vscode-foreground': '#cccccc',
      '--vscode-descriptionForeground': '#9d9d9d',
      '--vscode-icon-foreground': '#cccccc',
      '--vscode-panel-border': '#2b2b2b',
      '--vscode-widget-border': '#313131',
      '--vscode-editorWidget-background': '#202020',
      '--vscode-sideBar-background': '#181818',
      '--vscode-toolbar-hoverBackground': 'rgba(90, 93, 94, 0.31)',
      '--vscode-inputOption-activeBackground': 'rgba(36, 137, 219, 0.51)',
      '--vscode-inputOption-activeBorder': '#2488db',
      '--vscode-focusBorder': '#0078d4',
      '--vscode-input-background': '#313131',
      '--vscode-input-border': '#3c3c3c',
      '--vscode-input-foreground': '#cccccc',
      '--vscode-dropdown-background': '#313131',
      '--vscode-dropdown-border': '#3c3c3c',
      '--vscode-dropdown-foreground': '#cccccc',
      '--vscode-button-background': '#0078d4',
      '--vscode-button-foreground': '#ffffff',
      '--vscode-button-hoverBackground': '#026ec1',
      '--vscode-button-secondaryBackground': '#313131',
      '--vscode-button-secondaryForeground': '#cccccc',
      '--vscode-editorError-foreground': '#f14c4c',
      '--vscode-editorWarning-foreground': '#cca700',
      '--vscode-textLink-foreground': '#4daafc',
      '--vscode-badge-background': '#616161',
      '--vscode-badge-foreground': '#f8f8f8',
      '--vscode-progressBar-background': '#0078d4',
      '--vscode-textCodeBlock-background': '#2b2b2b',
      '--vscode-list-hoverBackground': '#2a2d2e',
      '--vscode-widget-shadow': 'rgba(0, 0, 0, 0.36)',
    },
  },
  light: {
    bodyClass: 'vscode-light',
    vars: {
      '--vscode-font-family': 'system-ui, "Ubuntu", "Droid Sans", sans-serif',
      '--vscode-font-size': '13px',
      '--vscode-editor-font-family': '"Droid Sans Mono", "monospace", monospace',
      '--vscode-editor-background': '#ffffff',
      '--vscode-foreground': '#3b3b3b',
      '--vscode-descriptionForeground': '#616161',
      '--vscode-icon-foreground': '#3b3b3b',
      '--vscode-panel-border': '#e5e5e5',
      '--vscode-widget-border': '#e5e5e5',
      '--vscode-editorWidget-background': '#f8f8f8',
      '--vscode-sideBar-background': '#f8f8f8',
      '--vscode-toolbar-hoverBackground': 'rgba(184, 184, 184, 0.31)',
      '--vscode-inputOption-activeBackground': 'rgba(190, 214, 237, 0.8)',
      '--vscode-inputOption-activeBorder': '#005fb8',
      '--vscode-focusBorder': '#005fb8',
      '--vscode-input-background': '#ffffff',
      '--vscode-input-border': '#cecece',
      '--vscode-input-foreground': '#3b3b3b',
      '--vscode-dropdown-background': '#ffffff',
      '--vscode-dropdown-border': '#cecece',
      '--vscode-dropdown-foreground': '#3b3b3b',
      '--vscode-button-background': '#005fb8',
      '--vscode-button-foreground': '#ffffff',
      '--vscode-button-hoverBackground': '#0258a8',
      '--vscode-button-secondaryBackground': '#e5e5e5',
      '--vscode-button-secondaryForeground': '#3b3b3b',
      '--vscode-editorError-foreground': '#e51400',
      '--vscode-editorWarning-foreground': '#bf8803',
      '--vscode-textLink-foreground': '#005fb8',
      '--vscode-badge-background': '#cccccc',
      '--vscode-badge-foreground': '#3b3b3b',
      '--vscode-progressBar-background': '#005fb8',
      '--vscode-textCodeBlock-background': '#f2f2f2',
      '--vscode-list-hoverBackground': '#f2f2f2',
      '--vscode-widget-shadow': 'rgba(0, 0, 0, 0.16)',
    },
  },
};
