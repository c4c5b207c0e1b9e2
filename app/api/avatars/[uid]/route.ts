// GET /api/avatars/:uid: the user's uploaded photo, or their generated identicon.
import { handle } from '@/lib/api/errors';
import { identiconSvg } from '@/lib/avatar/default';
import { findPhoto } from '@/lib/avatar/photo';

export const dynamic = 'force-dynamic';

export function GET(request: Request, { params }: RouteContext<'/api/avatars/[uid]'>) {
  return handle(request, async () => {
    const { uid } = await params;
    const photo = uid.length <= 128 ? await findPhoto(uid) : null;
    const headers = {
      'Cache-Control': 'public, max-age=300',
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened directly must not run anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    };
    if (photo)
      return new Response(new Uint8Array(photo.image), { headers: { ...headers, 'Content-Type': photo.contentType } });
    return new Response(identiconSvg(uid), { headers: { ...headers, 'Content-Type': 'image/svg+xml' } });
  });
}
