import { randomUUID } from 'node:crypto';
import { buildTestApp, createActiveAccount, createRecordingMailer, databaseKinds, products, queryCounter } from '@kavel/server/testing';
for (const kind of databaseKinds) {
  const counter = queryCounter();
  const database = await kind.open({ onQuery: counter.onQuery });
  const mailer = createRecordingMailer();
  const app = await buildTestApp(database, { mailer, config: { rateLimitPerMinute: 10_000_000 } });
  const client = await createActiveAccount(app, mailer, `tel@example.nl`);
  const api = '/api/bestelprocedure';
  const added = await client.post(`${api}/addItem`, { productId: products.nl.productId, productCode: products.nl.productCode, title: `kavel-${randomUUID().slice(0, 8)}.nl` });
  const domain = (added.json() as { items: Array<{ unique: string }> }).items[0]!;
  await client.post(`${api}/addItem`, { productId: products.basic.productId, productCode: products.basic.productCode, parentId: domain.unique });
  const st = await counter.during(async () => {
    const r = await client.post('/bestelprocedure/purchase', { paymentMethod: 'MANUAL_PAYMENT', requestId: randomUUID(), termsAccepted: true, customWhois: '[]' });
    if (r.statusCode !== 200) throw new Error(r.body);
  });
  console.log(kind.name, st.length);
  if (process.env.SHOW) for (const s of st) console.log('  ', s.slice(0, 160));
  await app.close();
  await database.close();
}
