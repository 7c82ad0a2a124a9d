/**
 * XML read back as a strict parser reads it (sax in strict mode: a malformed file throws), for
 * the JUnit files the CLI writes: each `<testcase>` with its attributes and the text of its
 * `<failure>`, `<system-out>` and `<system-err>`, CDATA included.
 */

interface SaxParser {
  onopentag: (tag: { name: string; attributes: Record<string, string> }) => void;
  onclosetag: (name: string) => void;
  ontext: (text: string) => void;
  oncdata: (text: string) => void;
  onerror: (error: Error) => void;
  write(xml: string): SaxParser;
  close(): void;
}
// sax ships no types; this is the part of its API the reader uses.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sax = require('sax') as { parser(strict: boolean): SaxParser };

export interface XmlTestCase {
  attributes: Record<string, string>;
  failure?: Record<string, string>;
  systemOut: string;
  systemErr: string;
}

/** The test cases of a JUnit file; throws on anything that is not well-formed XML. */
export function strictJunitCases(xml: string): XmlTestCase[] {
  const parser = sax.parser(true);
  const cases: XmlTestCase[] = [];
  const open: string[] = [];
  let current: XmlTestCase | undefined;
  const addText = (text: string): void => {
    const where = open.at(-1);
    if (current && where === 'system-out') current.systemOut += text;
    if (current && where === 'system-err') current.systemErr += text;
  };
  parser.onerror = (error) => {
    throw new Error(`not well-formed XML: ${error.message}`);
  };
  parser.onopentag = (tag) => {
    open.push(tag.name);
    if (tag.name === 'testcase') cases.push((current = { attributes: tag.attributes, systemOut: '', systemErr: '' }));
    else if (tag.name === 'failure' && current) current.failure = tag.attributes;
  };
  parser.onclosetag = () => void open.pop();
  parser.ontext = addText;
  parser.oncdata = addText;
  parser.write(xml).close();
  return cases;
}
