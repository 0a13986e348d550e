import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('csvCell', () => {
  it('writes plain text and empty cells as they are', () => {
    expect(csvCell('BTC')).toBe('BTC');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it.each(['=1+1', '+1', '-cmd', '@SUM(A1)', '\tx', '=HYPERLINK("http://x")'])(
    'keeps a spreadsheet from running %j as a formula',
    (text) => {
      expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it('quotes a formula that also needs quoting, after the prefix', () => {
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('leaves signed decimal amounts as numbers', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('-0.00000001')).toBe('-0.00000001');
    expect(csvCell('-1+2')).toBe("'-1+2");
  });
});

describe('csvLine', () => {
  it('joins escaped cells with commas and ends with CRLF', () => {
    expect(csvLine(['a', 'b,c', null, '=x'])).toBe(`a,"b,c",,'=x\r\n`);
  });
});
