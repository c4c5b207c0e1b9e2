// Every /api/* address no handler serves: the JSON API's 404 in the caller's language, for any method
// (a mutation from a foreign Origin is still refused first), instead of the HTML page Next would send.
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';

export const dynamic = 'force-dynamic';

function notFound(request: Request) {
  return handle(request, async () => {
    throw new ApiError('notFound');
  });
}

function mutation(request: Request) {
  return handle(request, async () => {
    assertSameOrigin(request);
    throw new ApiError('notFound');
  });
}

export { notFound as GET, mutation as POST, mutation as PUT, mutation as PATCH, mutation as DELETE };
