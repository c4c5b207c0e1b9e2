// GET /api/mailbox/attachments/:id (local mode only, like /mailbox) → the file attached to a mail of the app;
// 404 with a real project, or for an unknown id.
import { type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { mailboxAvailable } from '@/lib/auth/mailbox';
import { localAttachment } from '@/lib/mail';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, { params }: RouteContext<'/api/mailbox/attachments/[id]'>) {
  return handle(request, async () => {
    if (!mailboxAvailable()) throw new ApiError('notFound');
    const file = await localAttachment((await params).id);
    if (!file) throw new ApiError('notFound');
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
