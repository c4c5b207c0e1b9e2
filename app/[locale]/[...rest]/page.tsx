import { notFound } from 'next/navigation';

// The locale layout sets dynamicParams = false; this segment takes any path, so that every path no
// page claims is answered by the locale's own not-found page (inside its layout, translated).
export const dynamicParams = true;

export default function CatchAllPage() {
  notFound();
}
