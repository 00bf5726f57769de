import { describe, expect, it } from 'vitest';
import {
  decodeSigningKey,
  notificationSignatureParts,
  parseProviderTime,
  resultsSignatureParts,
  returnSignatureParts,
  signatureMatches,
  signParts,
  verifySignedReturn,
  ZOmnikassaResultsPage,
} from './omnikassa-signature.ts';
import { SDK_RESULTS_PAGE_JAVA, SDK_RESULTS_PAGE_JAVA_WITHOUT_TRANSACTIONS, SDK_RESULTS_PAGE_PHP, SDK_SIGNING_KEY } from './omnikassa-test-vectors.ts';

const key = decodeSigningKey(SDK_SIGNING_KEY);

describe('Omnikassa signatures (test vectors of the official SDKs)', () => {
  it('decodes the base64 signing key as the SDKs do', () => {
    expect(key.toString('utf8')).toBe('secret');
  });

  it('signs the return URL like PaymentCompletedResponse', () => {
    // Java SDK PaymentCompletedResponseTest.
    expect(signParts(returnSignatureParts('ORDER1', 'COMPLETED'), key)).toBe(
      '6f4911ff3a77e0d5a323f91aad58bef2cdb4a8f0efc62d2fd4b82ca68d13ce4df5a4020ce390eff5a211551c6134b3fc02c750de9dc7bf04619f8bcfdd12d7c3',
    );
    // PHP SDK PaymentCompletedResponseTest.
    expect(signParts(returnSignatureParts('1', 'COMPLETED'), key)).toBe(
      'b890b2f3c6f102bb853ed448dd58d2c13cc695541f5eecca713470e68ced6f2c1a5f5ddd529a732ff51a019126ffefa8bd1d0193b596b393339ffcbf6f335241',
    );
    expect(signParts(returnSignatureParts('1', 'IN_PROGRESS'), key)).toBe(
      '1a551027bc3cc041a56b9efa252640c76b2e5815f816dd123fa1b32b4683729e904b5fa711870b956f1d9b16c714168d129068a48f875c2f91185d6c18eccf61',
    );
    expect(signParts(returnSignatureParts('Test1234', 'COMPLETED'), key)).toBe(
      'bf4f5b787d954296b9c2e15028c2311df5e31a3d94c540e361faf1d0951b7858041089d430e17730f1efd3a308881c094355f55e09b993ca53f2063859d1eb4b',
    );
  });

  it('signs a webhook notification like ApiNotification', () => {
    // Java SDK ApiNotificationBuilder / ApiNotificationTest.
    const parts = notificationSignatureParts({ authentication: 'authentication', expiry: '2000-01-01T00:00:00.000-0200', eventName: 'event', poiId: 1 });
    expect(parts.join(',')).toBe('authentication,2000-01-01T00:00:00.000-0200,event,1');
    expect(signParts(parts, key)).toBe(
      '2ef8975ecd1425ba5f3117e797047a1bd15c0a1e4a605656a69fbf49fb767281ec6b4e24a194bcc975285ebe978cfc0b662e530ff34f5090a4abb6626376f4ff',
    );
    // poiId as a string (the manual's example notification) signs the same.
    expect(notificationSignatureParts({ authentication: 'a', expiry: 'e', eventName: 'n', poiId: '1' })).toEqual(['a', 'e', 'n', '1']);
  });

  it('signs results pages like MerchantOrderStatusResponse, with and without transactions', () => {
    for (const page of [SDK_RESULTS_PAGE_JAVA_WITHOUT_TRANSACTIONS, SDK_RESULTS_PAGE_JAVA, SDK_RESULTS_PAGE_PHP]) {
      const parsed = ZOmnikassaResultsPage.parse(page);
      expect(signParts(resultsSignatureParts(parsed), key)).toBe(page.signature);
    }
  });

  it('notices any change to a signed results page', () => {
    const page = ZOmnikassaResultsPage.parse(structuredClone(SDK_RESULTS_PAGE_JAVA));
    page.orderResults[0]!.orderStatus = 'COMPLETED';
    expect(signParts(resultsSignatureParts(page), key)).not.toBe(SDK_RESULTS_PAGE_JAVA.signature);
  });

  it('compares signatures exactly, whatever their length', () => {
    expect(signatureMatches('abc', 'abc')).toBe(true);
    expect(signatureMatches('abd', 'abc')).toBe(false);
    expect(signatureMatches('ab', 'abc')).toBe(false);
    expect(signatureMatches('ABC', 'abc')).toBe(false);
    expect(signatureMatches(undefined, 'abc')).toBe(false);
    expect(signatureMatches(['abc'], 'abc')).toBe(false);
  });

  it('verifies a signed return query', () => {
    const signature = '6f4911ff3a77e0d5a323f91aad58bef2cdb4a8f0efc62d2fd4b82ca68d13ce4df5a4020ce390eff5a211551c6134b3fc02c750de9dc7bf04619f8bcfdd12d7c3';
    expect(verifySignedReturn({ order_id: 'ORDER1', status: 'COMPLETED', signature }, key)).toEqual({ ok: true, merchantOrderId: 'ORDER1', status: 'COMPLETED' });
    expect(verifySignedReturn({ order_id: 'ORDER1', status: 'CANCELLED', signature }, key)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifySignedReturn({ order_id: 'ORDER2', status: 'COMPLETED', signature }, key)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifySignedReturn({ order_id: 'ORDER1', status: 'COMPLETED', signature }, decodeSigningKey('YmFk'))).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifySignedReturn({ order_id: 'ORDER1', status: 'COMPLETED' }, key)).toEqual({ ok: false, reason: 'missing' });
    expect(verifySignedReturn({}, key)).toEqual({ ok: false, reason: 'missing' });
  });

  it('answers status null for a signed status it does not know', () => {
    const signature = signParts(['ORDER1', 'REFUNDED'], key);
    expect(verifySignedReturn({ order_id: 'ORDER1', status: 'REFUNDED', signature }, key)).toEqual({ ok: true, merchantOrderId: 'ORDER1', status: null });
  });

  it('reads the provider timestamps, also with an offset without colon', () => {
    expect(parseProviderTime('2000-01-01T00:00:00.000-0200')).toBe(Date.parse('2000-01-01T02:00:00.000Z'));
    expect(parseProviderTime('2016-11-25T09:53:46.765+01:00')).toBe(Date.parse('2016-11-25T08:53:46.765Z'));
    expect(parseProviderTime('later')).toBeNaN();
  });
});
