/** @jest-environment node */
// A 429 says how long to wait as people say it (seconds, minutes, hours, rounded up) in the caller's
// language; Retry-After stays in seconds.
import { ApiError, errorResponse, waitOf } from '@/lib/api/errors';

async function refusal(seconds: number, language: string, code: 'rateLimited' | 'tooManyVisitors' = 'tooManyVisitors') {
  const request = new Request('http://localhost:3000/api/widgets/w/visitors', {
    headers: { 'accept-language': language },
  });
  const response = await errorResponse(request, new ApiError(code, undefined, seconds));
  return { retryAfter: response.headers.get('retry-after'), message: (await response.json()).error.message };
}

it('chooses seconds under a minute, minutes under an hour, else hours, always rounding up', () => {
  expect(waitOf(1)).toEqual({ unit: 'second', count: 1 });
  expect(waitOf(59)).toEqual({ unit: 'second', count: 59 });
  expect(waitOf(60)).toEqual({ unit: 'minute', count: 1 });
  expect(waitOf(2_436)).toEqual({ unit: 'minute', count: 41 });
  expect(waitOf(3_540)).toEqual({ unit: 'minute', count: 59 });
  expect(waitOf(3_541)).toEqual({ unit: 'hour', count: 1 });
  expect(waitOf(3_600)).toEqual({ unit: 'hour', count: 1 });
  expect(waitOf(5_400)).toEqual({ unit: 'hour', count: 2 });
});

it('says the wait in English and German, with Retry-After in seconds', async () => {
  expect(await refusal(2_436, 'en')).toEqual({
    retryAfter: '2436',
    message: 'Too many new chats from your network. Please try again in 41 minutes.',
  });
  expect(await refusal(2_436, 'de')).toEqual({
    retryAfter: '2436',
    message: 'Zu viele neue Chats aus Ihrem Netzwerk. Bitte versuchen Sie es in 41 Minuten erneut.',
  });
  expect((await refusal(7_200, 'en')).message).toBe(
    'Too many new chats from your network. Please try again in 2 hours.',
  );
  expect((await refusal(7_200, 'de')).message).toBe(
    'Zu viele neue Chats aus Ihrem Netzwerk. Bitte versuchen Sie es in 2 Stunden erneut.',
  );
  expect((await refusal(60, 'de')).message).toBe(
    'Zu viele neue Chats aus Ihrem Netzwerk. Bitte versuchen Sie es in 1 Minute erneut.',
  );
  expect(await refusal(8, 'en', 'rateLimited')).toEqual({
    retryAfter: '8',
    message: 'You are sending messages too quickly. Please wait 8 seconds.',
  });
  expect((await refusal(90, 'de', 'rateLimited')).message).toBe(
    'Sie senden Nachrichten zu schnell. Bitte warten Sie 2 Minuten.',
  );
});
