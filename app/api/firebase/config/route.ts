// GET /api/firebase/config: the Firebase web config (public values, as Firebase Hosting's
// /__/firebase/init.json), for prerendered pages that load the SDK on demand (sign-out in the header).
import { NextResponse } from 'next/server';
import { clientFirebaseConfig } from '@/lib/firebase/config';

export const dynamic = 'force-dynamic';

export function GET() {
  // The local emulator's address changes with every start: never cached.
  return NextResponse.json(clientFirebaseConfig(), { headers: { 'Cache-Control': 'no-store' } });
}
