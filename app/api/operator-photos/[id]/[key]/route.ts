// GET /api/operator-photos/:id/:key: a member's uploaded photo as the visitors of widget :id see it.
import { ApiError, handle } from '@/lib/api/errors';
import { findOperatorPhoto } from '@/lib/conversations/operator-photo';

export const dynamic = 'force-dynamic';

export function GET(request: Request, { params }: RouteContext<'/api/operator-photos/[id]/[key]'>) {
  return handle(request, async () => {
    const { id, key } = await params;
    const photo = id.length <= 64 && key.length <= 64 ? await findOperatorPhoto(id, key) : null;
    if (!photo) throw new ApiError('notFound');
    return new Response(new Uint8Array(photo.image), {
      headers: {
        'Content-Type': photo.contentType,
        // The address carries the photo's version: a new photo is a new address.
        'Cache-Control': 'public, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
