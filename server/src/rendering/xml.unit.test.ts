import { describe, expect, it } from 'vitest';
import { xmlChars, xmlElement, xmlText } from './xml.ts';

describe('the XML text escaper', () => {
  it('escapes the markup characters', () => {
    expect(xmlText(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });

  it('drops every character XML 1.0 forbids and keeps tab, newline, carriage return and paired surrogates', () => {
    const forbidden = [
      ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).filter((c) => !'\t\n\r'.includes(c)),
      '\ud800',
      '\udbff',
      '\udc00',
      '\udfff',
      '\ufffe',
      '\uffff',
    ];
    for (const c of forbidden) expect(xmlChars(`a${c}b`), c.charCodeAt(0).toString(16)).toBe('ab');
    expect(xmlChars('tab\tnl\ncr\r')).toBe('tab\tnl\ncr\r');
    expect(xmlChars('emoji 😀 and \ud83d\ude00')).toBe('emoji 😀 and 😀');
    expect(xmlChars('half \ud83d then \ude00 reversed \ude00\ud83d')).toBe('half  then  reversed ');
    expect(xmlChars('\u007f\u0085\ufffd\ue000')).toBe('\u007f\u0085\ufffd\ue000');
    expect(xmlElement('title', 'x\u0000<y>', { type: 'te\u0001"xt' })).toBe(
      '<title type="te&quot;xt">x&lt;y&gt;</title>',
    );
  });
});
