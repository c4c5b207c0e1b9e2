// The browser's one reader of the JSON API's error body (lib/client/api-error.ts).
import { FetchError } from 'ofetch';
import { readApiError } from '@/lib/client/api-error';

function fetchError(data: unknown) {
  const error = new FetchError('request failed');
  Object.assign(error, { data });
  return error;
}

describe('readApiError', () => {
  it('reads the code, the translated message and the fields of a FetchError', () => {
    const body = {
      error: {
        code: 'invalidBody',
        message: 'Bitte prüfen Sie Ihre Eingaben.',
        fields: { email: 'Dieses Feld ist erforderlich.' },
      },
    };
    expect(readApiError(fetchError(body))).toEqual({
      code: 'invalidBody',
      message: 'Bitte prüfen Sie Ihre Eingaben.',
      fields: { email: 'Dieses Feld ist erforderlich.' },
    });
  });

  it('reads a body already parsed (fetch)', () => {
    expect(readApiError({ error: { code: 'planIsSubscription', message: 'Plans are subscriptions.' } })).toEqual({
      code: 'planIsSubscription',
      message: 'Plans are subscriptions.',
      fields: {},
    });
  });

  it('answers nothing for a failure without an API body: the network, an HTML page, a malformed body', () => {
    const nothing = { code: null, message: null, fields: {} };
    expect(readApiError(new TypeError('Failed to fetch'))).toEqual(nothing);
    expect(readApiError(fetchError('<!doctype html><p>Bad gateway</p>'))).toEqual(nothing);
    expect(readApiError(null)).toEqual(nothing);
    expect(readApiError({ error: { code: 42, message: ['x'], fields: ['y'] } })).toEqual(nothing);
  });
});
