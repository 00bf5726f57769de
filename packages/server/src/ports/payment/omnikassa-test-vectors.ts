/**
 * Test data taken from the official Rabo Smart Pay / Omnikassa SDKs' unit tests, so our signing
 * is checked against theirs and not against itself. All are signed with the key `secret`.
 *
 * - github.com/rabobank-nederland/omnikassa-java-sdk (1.17.x),
 *   sdk/src/test/java/.../model/response/ApiNotificationBuilder.java,
 *   MerchantOrderStatusResponseBuilder.java (current, with transactions, and its first version
 *   at commit f1af32d9, without), PaymentCompletedResponseTest.java;
 * - github.com/rabobank-nederland/omnikassa-php-sdk (1.18.2),
 *   test/model/response/MerchantOrderStatusResponseBuilder.php, PaymentCompletedResponseTest.php.
 *
 * Only used by tests.
 */

/** `secret`, base64-encoded as the dashboard shows a signing key. */
export const SDK_SIGNING_KEY = Buffer.from('secret').toString('base64');

/** Java SDK ApiNotificationBuilder; its expiry lies in the past. */
export const SDK_NOTIFICATION = {
  poiId: 1,
  authentication: 'authentication',
  expiry: '2000-01-01T00:00:00.000-0200',
  eventName: 'event',
  signature: '2ef8975ecd1425ba5f3117e797047a1bd15c0a1e4a605656a69fbf49fb767281ec6b4e24a194bcc975285ebe978cfc0b662e530ff34f5090a4abb6626376f4ff',
};

/** Java SDK MerchantOrderStatusResponseBuilder before transactions were signed (amounts as strings, as there). */
export const SDK_RESULTS_PAGE_JAVA_WITHOUT_TRANSACTIONS = {
  orderResults: [
    {
      poiId: '1',
      totalAmount: { amount: '599', currency: 'EUR' },
      errorCode: '',
      paidAmount: { amount: '0', currency: 'EUR' },
      merchantOrderId: 'MYSHOP0001',
      orderStatusDateTime: '2016-07-28T12:51:15.574+02:00',
      orderStatus: 'CANCELLED',
      omnikassaOrderId: 'aec58605-edcf-4886-b12d-594a8a8eea60',
    },
    {
      poiId: '1',
      totalAmount: { amount: '599', currency: 'EUR' },
      errorCode: '',
      paidAmount: { amount: '599', currency: 'EUR' },
      merchantOrderId: 'MYSHOP0002',
      orderStatusDateTime: '2016-07-28T13:58:50.205+02:00',
      orderStatus: 'COMPLETED',
      omnikassaOrderId: 'e516e630-9713-4cfa-ae88-c5fbc4b06744',
    },
  ],
  signature: 'eadd65e96b347c006e8e4e95cec30b9ab988226a7bb1cbdc9da9a521f245dd553cdb665f9cd5677fe782af3c0efee3a30025084b999a0bca795ce45eec23a2e7',
  moreOrderResultsAvailable: false,
};

const javaTransaction = {
  id: '1',
  paymentBrand: 'IDEAL',
  type: 'PAYMENT',
  status: 'SUCCESS',
  amount: { amount: '599', currency: 'EUR' },
  confirmedAmount: { amount: '599', currency: 'EUR' },
  startTime: '2016-07-28T12:51:15.574+02:00',
  lastUpdateTime: '2016-07-28T12:51:15.574+02:00',
};

/** Java SDK MerchantOrderStatusResponseBuilder (current): the same results with a transaction each. */
export const SDK_RESULTS_PAGE_JAVA = {
  orderResults: SDK_RESULTS_PAGE_JAVA_WITHOUT_TRANSACTIONS.orderResults.map((r) => ({ ...r, transactions: [javaTransaction] })),
  signature: 'e383df9de576878e64c8f66ddf6bb5d09a6cc931b7b9fbc2b4da897c3988648b43eb9c32086baca35bf58f0894b68f4cc179cb0a089ade0f7f67fb14b983a911',
  moreOrderResultsAvailable: false,
};

/** PHP SDK MerchantOrderStatusResponseBuilder: more results available, numbers as numbers. */
export const SDK_RESULTS_PAGE_PHP = {
  moreOrderResultsAvailable: true,
  orderResults: [
    {
      poiId: 1000,
      merchantOrderId: '10',
      omnikassaOrderId: '1',
      orderStatus: 'CANCELLED',
      orderStatusDateTime: '1970-01-01T00:00:00.000+02:00',
      errorCode: '666',
      paidAmount: { currency: 'EUR', amount: 100 },
      totalAmount: { currency: 'EUR', amount: 100 },
      transactions: [
        {
          id: '791fdcda-65e4-4f81-8b45-988404da3a8d',
          paymentBrand: 'IDEAL',
          type: 'PAYMENT',
          status: 'SUCCESS',
          amount: { currency: 'EUR', amount: 100 },
          confirmedAmount: { currency: 'EUR', amount: 100 },
          startTime: '2026-02-17T11:15:29.244+01:00',
          lastUpdateTime: '2026-02-17T11:15:32.698+01:00',
        },
      ],
    },
  ],
  signature: 'd2404e34db4f2cb65852a5e6b65cf53b72d262f660790f22bafa1c2c9c76ea237c0705352e0bb34bb09f9f83b3536fb3650e2bad36457ad34d2dad04094355ef',
};
