// What a buyer pays in local mode (issue 38): a checkout needs the workspace's billing details first, and the
// card is charged exactly what each charge's invoice totals for that buyer (a reverse-charge business the net
// price, a consumer in Germany the listed price), for the first charge, an upgrade and a renewal alike.
import { asc, eq, inArray } from 'drizzle-orm';
import { database } from '@/lib/db';
import { charges, invoices, subscriptionCheckouts, subscriptions } from '@/lib/db/schema';
import { advanceBy, billingOf, changePlan, openCheckout, subscribe } from './billing';
import { AUSTRIAN_BUSINESS, GERMAN_CONSUMER, billTo } from './invoices';
import { signedIn } from './signed-in';

const json = async (response: Response) => ({ status: response.status, body: await response.json() });

/** Each charge of the workspace, oldest first, beside the invoice issued for it. */
async function chargedAndInvoiced(wid: string) {
  const db = await database();
  const rows = await db
    .select({ id: charges.id, kind: charges.kind, amountCents: charges.amountCents, status: charges.status })
    .from(charges)
    .innerJoin(subscriptions, eq(subscriptions.id, charges.subscriptionId))
    .where(eq(subscriptions.workspaceId, wid))
    .orderBy(asc(charges.at), asc(charges.createdAt));
  const issued = await db
    .select()
    .from(invoices)
    .where(
      inArray(
        invoices.sourceId,
        rows.map((row) => String(row.id)),
      ),
    );
  return rows.map((row) => ({ ...row, invoice: issued.find((invoice) => invoice.sourceId === String(row.id)) }));
}

it('refuses a local checkout before the billing details are saved, with a translated 409', async () => {
  const owner = await signedIn('no-details');
  const wid = owner.workspaceId;
  const body = { plan: 'starter', interval: 'month' };
  const refused = await json(await openCheckout(owner, wid, body, { 'accept-language': 'de' }));
  expect(refused.status).toBe(409);
  expect(refused.body.error).toEqual({
    code: 'billingDetailsMissing',
    message:
      'Geben Sie zuerst auf der Abrechnungsseite die Rechnungsdaten des Arbeitsbereichs ein: Die Rechnungen nennen sie, und der Preis hängt von ihnen ab.',
  });
  const db = await database();
  expect(await db.select().from(subscriptionCheckouts).where(eq(subscriptionCheckouts.workspaceId, wid))).toEqual([]);

  await billTo(owner, wid, GERMAN_CONSUMER);
  expect((await openCheckout(owner, wid, body)).status).toBe(201);
});

it('charges a reverse-charge business the net its invoices total: first charge, upgrade and renewal', async () => {
  const owner = await signedIn('reverse-charge');
  const wid = owner.workspaceId;
  const billing = await subscribe(owner, wid, 'starter', { details: AUSTRIAN_BUSINESS });
  // €19.00 listed with 19 % German VAT: €15.97 without it, and so the next charge too.
  expect(billing.invoices).toEqual([expect.objectContaining({ total: 1597 })]);
  expect(billing.nextChargeCents).toBe(1597);

  await advanceBy(10);
  expect((await changePlan(owner, wid, { plan: 'professional', interval: 'month' })).status).toBe(200);
  await advanceBy(25);
  const charged = await chargedAndInvoiced(wid);
  expect(charged.map(({ kind, status }) => [kind, status])).toEqual([
    ['initial', 'paid'],
    ['proration', 'paid'],
    ['renewal', 'paid'],
  ]);
  for (const { amountCents, invoice } of charged) {
    expect(invoice).toMatchObject({ grossCents: amountCents, taxCents: 0, reverseCharge: true, note: 'reverseCharge' });
    expect(invoice!.buyer).toMatchObject({ name: AUSTRIAN_BUSINESS.name, vatId: AUSTRIAN_BUSINESS.vatId });
  }
  expect(charged[0].amountCents).toBe(1597);
  // Professional's €49.00 without German VAT.
  expect(charged[2].amountCents).toBe(4118);
  expect((await (await billingOf(owner, wid)).json()).nextChargeCents).toBe(4118);
});

it('charges a consumer in Germany the listed price, which its invoice totals with 19 % VAT', async () => {
  const owner = await signedIn('german-consumer');
  const wid = owner.workspaceId;
  await subscribe(owner, wid, 'starter', { details: GERMAN_CONSUMER });
  await advanceBy(32);
  const charged = await chargedAndInvoiced(wid);
  expect(charged.map(({ kind, amountCents }) => [kind, amountCents])).toEqual([
    ['initial', 1900],
    ['renewal', 1900],
  ]);
  for (const { amountCents, invoice } of charged)
    expect(invoice).toMatchObject({
      grossCents: amountCents,
      netCents: 1597,
      taxCents: 303,
      rateBasisPoints: 1900,
      reverseCharge: false,
    });
});
