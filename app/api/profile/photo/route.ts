// POST /api/profile/photo (multipart, field `photo`): replaces the signed-in user's photo with a resized
// copy kept in the database; DELETE /api/profile/photo goes back to the generated avatar.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { env } from '@/lib/env';
import { readFormData } from '@/lib/api/body';
import { callIdentityProvider } from '@/lib/firebase/admin';
import { AVATAR_PATH } from '@/lib/avatar/default';
import { MAX_PHOTO_BYTES, deletePhoto, processPhoto, savePhoto, takePhotoAllowance } from '@/lib/avatar/photo';
import { requireApiSession } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

// Room for the multipart framing around a photo of the largest size.
const BODY_LIMIT = MAX_PHOTO_BYTES + 64 * 1024;

export function POST(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const session = await requireApiSession(request);
    await takePhotoAllowance(session.uid);
    const form = await readFormData(request, BODY_LIMIT);
    const photo = form.get('photo');
    if (!(photo instanceof File)) throw new ApiError('invalidBody', { photo: { code: 'required' } });
    const image = await processPhoto(new Uint8Array(await photo.arrayBuffer()));
    await savePhoto(session.uid, image);
    // The provider keeps the address, so the SDK's user and every session show the new photo; the version
    // in the query makes browsers fetch it anew.
    const photoURL = `${env.siteUrl}${AVATAR_PATH}${encodeURIComponent(session.uid)}?v=${Date.now()}`;
    await callIdentityProvider((auth) => auth.updateUser(session.uid, { photoURL }));
    return NextResponse.json({ photoURL }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  });
}

export function DELETE(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const session = await requireApiSession(request);
    await takePhotoAllowance(session.uid);
    await deletePhoto(session.uid);
    await callIdentityProvider((auth) => auth.updateUser(session.uid, { photoURL: null }));
    return NextResponse.json({ photoURL: null }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
