import { notFound } from 'next/navigation';

// This segment takes any path, so that every path no page claims is answered by the locale's own
// not-found page (inside its layout, translated).

export default function CatchAllPage() {
  notFound();
}
