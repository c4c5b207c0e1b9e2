// Billing details (issue 38, invoices point 1): whom a workspace's invoices name, read and saved by its owner
// only; a bad field is a translated 400 naming it, and nothing is written.
import { GET, PUT } from '@/app/api/workspaces/[wid]/billing/details/route';
import { apiRequest, signedIn } from './signed-in';
import { teammate } from './teammates';

const ctx = (wid: string) => ({ params: Promise.resolve({ wid }) });
type Who = { cookie: string } | null;
const DE = { 'accept-language': 'de' };

const read = (who: Who, wid: string) => GET(apiRequest('GET', `/api/workspaces/${wid}/billing/details`, who), ctx(wid));
const save = (who: Who, wid: string, body: unknown, headers: Record<string, string> = {}) =>
  PUT(apiRequest('PUT', `/api/workspaces/${wid}/billing/details`, who, body, headers), ctx(wid));

const ACME = {
  name: 'Acme Österreich GmbH',
  street: 'Mariahilfer Straße 1',
  postalCode: '1060',
  city: 'Wien',
  country: 'at',
  business: true,
  vatId: 'atu 1234 5678',
};

it('are saved and read by the owner, the VAT ID and country normalised', async () => {
  const owner = await signedIn('owner');
  expect(await (await read(owner, owner.workspaceId)).json()).toEqual({ details: null });
  const saved = await save(owner, owner.workspaceId, ACME);
  const expected = { ...ACME, country: 'AT', vatId: 'ATU12345678' };
  expect([saved.status, await saved.json()]).toEqual([200, { details: expected }]);
  expect(saved.headers.get('cache-control')).toBe('private, no-store');
  const consumer = { ...ACME, name: 'Jörg Weiß', business: false, vatId: null, country: 'DE', postalCode: '10115' };
  expect((await save(owner, owner.workspaceId, consumer)).status).toBe(200);
  expect(await (await read(owner, owner.workspaceId)).json()).toEqual({ details: consumer });
});

it('refuse bad fields with a translated 400 per field, and keep what was saved', async () => {
  const owner = await signedIn('owner');
  expect((await save(owner, owner.workspaceId, ACME)).status).toBe(200);
  const refusal = async (body: unknown) => {
    const response = await save(owner, owner.workspaceId, body, DE);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalidBody');
    return error.fields;
  };
  expect(await refusal({ ...ACME, vatId: 'DE123456789' })).toEqual({
    vatId: 'Das ist keine USt-IdNr. des angegebenen Landes. Sie beginnt mit dessen Kürzel, zum Beispiel DE123456789.',
  });
  expect(await refusal({ ...ACME, business: false })).toEqual({
    vatId: 'Eine USt-IdNr. gibt es nur für Unternehmen: Kreuzen Sie „Unternehmen“ an oder lassen Sie das Feld leer.',
  });
  expect(Object.keys(await refusal({ ...ACME, country: 'Österreich', name: 'Łódź Sp. z o.o.', city: '' }))).toEqual([
    'name',
    'city',
    'country',
  ]);
  expect((await refusal({ ...ACME, country: 'EU' })).country).toMatch(/Kürzel aus zwei Buchstaben/);
  expect((await refusal({ street: 'x' })).name).toBe('Dieses Feld ist erforderlich.');
  expect(await (await read(owner, owner.workspaceId)).json()).toEqual({
    details: { ...ACME, country: 'AT', vatId: 'ATU12345678' },
  });
});

it('belong to the owner only: 403 for other members, 404 for anyone else, a foreign origin refused', async () => {
  const owner = await signedIn('owner');
  const wid = owner.workspaceId;
  const admin = await teammate(wid, 'admin', 'admin');
  const stranger = await signedIn('stranger');
  expect((await read(admin, wid)).status).toBe(403);
  expect((await save(admin, wid, ACME)).status).toBe(403);
  expect((await read(stranger, wid)).status).toBe(404);
  expect((await save(stranger, wid, ACME)).status).toBe(404);
  expect((await read(owner, 'not-a-uuid')).status).toBe(404);
  expect((await read(null, wid)).status).toBe(401);
  expect((await save(owner, wid, ACME, { origin: 'https://evil.example' })).status).toBe(403);
  expect(await (await read(owner, wid)).json()).toEqual({ details: null });
});
