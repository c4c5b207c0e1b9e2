import { render } from 'preact';
import { createElement } from 'react';
import { WidgetApp } from './widget-app';
import type { WidgetProps } from './use-widget-panel';

/**
 * The standalone frame's entry (scripts/build-widget.mjs compiles it with `react` as Preact's compat
 * layer): the widget app, rendered in the browser from the props its document carries in `#widget-props`.
 * Preact's own `render` keeps compat's `createRoot` and its 2.7 KB gzip out; its types know no React element.
 */
const props = JSON.parse(document.getElementById('widget-props')!.textContent!) as WidgetProps;
render(createElement(WidgetApp, props) as never, document.getElementById('widget')!);
