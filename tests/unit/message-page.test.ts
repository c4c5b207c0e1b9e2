/** @jest-environment node */
import { messagePage } from '@/lib/errors/message-page';

describe('message page', () => {
  it('says when to come back on every 503, and only there', () => {
    const unavailable = messagePage('de', {
      status: 503,
      title: 'Vorübergehend nicht verfügbar',
      message: 'Gleich wieder.',
    });
    expect(unavailable.headers.get('retry-after')).toBe('10');
    expect(
      messagePage('de', { status: 503, title: 't', message: 'm', headers: { 'Retry-After': '30' } }).headers.get(
        'retry-after',
      ),
    ).toBe('30');
    expect(messagePage('en', { status: 404, title: 't', message: 'm' }).headers.get('retry-after')).toBeNull();
  });
});
