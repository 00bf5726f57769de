import { describe, expect, it } from 'vitest';
import { texts } from './index.ts';
import { messages } from './messages.ts';
import { validation } from './validation.ts';

/** Every text a visitor can read, per language: the page's texts, server messages and field messages. */
const allTexts = (locale: 'nl' | 'en'): string[] => [
  ...Object.values(texts[locale]),
  ...Object.values(messages).map((entry) => entry[locale]),
  ...Object.values(validation).map((entry) => entry[locale]),
];

describe('one word for the basket in each language', () => {
  it("calls it 'selectie' in Dutch, as the basket's title does", () => {
    expect(texts.nl['basket.title']).toBe('Selectie');
    expect(allTexts('nl').filter((text) => /winkelmand|winkelwagen|mandje/i.test(text))).toEqual([]);
  });

  it("calls it 'selection' in English", () => {
    expect(texts.en['basket.title']).toBe('Selection');
    expect(allTexts('en').filter((text) => /\b(basket|cart)\b/i.test(text))).toEqual([]);
  });
});
