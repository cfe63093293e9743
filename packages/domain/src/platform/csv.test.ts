import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, isFormulaCell } from './csv.js';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r\nlf')).toBe('"cr\r\nlf"');
  });

  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(text)).toBe(`"'${text.replace(/"/g, '""')}"`);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  it('writes numbers, booleans and blanks as they are', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('csvLine and formula cells', () => {
  it('joins cells with commas, each through csvCell', () => {
    expect(csvLine(['a', 'b, c', 3, null, '=1+1'])).toBe('a,"b, c",3,,"\'=1+1"');
  });
  it('knows the cells a spreadsheet would run', () => {
    for (const text of ['=SUM(A1)', '+1', '-2', '@x', '\tx', '\rx']) expect(isFormulaCell(text)).toBe(true);
    for (const text of ['plain', ' =not first', '1-2']) expect(isFormulaCell(text)).toBe(false);
  });
});
