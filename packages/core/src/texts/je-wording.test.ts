import { describe, expect, it } from 'vitest';
import { accountDetailsTexts } from './account-details-texts.ts';
import { dnsPageTexts } from './dns-page-texts.ts';
import { forwardingPageTexts } from './forwarding-page-texts.ts';
import { holderPageTexts } from './holder-page-texts.ts';
import { homePageTexts } from './home-page-texts.ts';
import { texts } from './index.ts';
import { messages } from './messages.ts';
import { orderAppTexts } from './order-app-texts.ts';
import { productPageTexts } from './product-page-texts.ts';
import { resellerOrderTexts } from './reseller-order-texts.ts';
import { SPEC_FORMAL_TEXTS } from './spec-verbatim.ts';
import { validation } from './validation.ts';

/** Every Dutch text a visitor can read: the dictionaries of every page and the server's messages. */
const dutch = (): string[] => [
  ...[texts, orderAppTexts, productPageTexts, accountDetailsTexts, dnsPageTexts, forwardingPageTexts, holderPageTexts, homePageTexts, resellerOrderTexts].flatMap((dictionary) => Object.values(dictionary.nl)),
  ...Object.values(messages).map((entry) => entry.nl),
  ...Object.values(validation).map((entry) => entry.nl),
];

describe("the shop says 'je'", () => {
  it("uses 'u' and 'uw' only in the texts the specification quotes verbatim", () => {
    const formal = dutch().filter((text) => /\b(u|uw|U|Uw)\b/.test(text));
    expect([...new Set(formal)].sort()).toEqual([...SPEC_FORMAL_TEXTS].sort());
  });
});
