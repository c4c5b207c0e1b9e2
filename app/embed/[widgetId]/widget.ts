import 'server-only';
import { cache } from 'react';
import { publicWidget } from '@/lib/widgets/service';

/** The widget of this request, read once for the layout, the metadata and the page. */
export const frameWidget = cache(publicWidget);
