import { notFound } from 'next/navigation';
import { frameLocale, frameWidget } from './widget';
import '../../globals.css';

/** The framed widget page's own document: none of the site's header, footer or dashboard code. */
export default async function EmbedLayout({ children, params }: LayoutProps<'/embed/[widgetId]'>) {
  const widget = await frameWidget((await params).widgetId);
  if (!widget) notFound();
  return (
    <html lang={await frameLocale(widget)} dir="ltr">
      <body className="bg-transparent text-slate-900 antialiased">{children}</body>
    </html>
  );
}
