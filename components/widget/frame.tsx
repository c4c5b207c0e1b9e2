import { render } from 'preact';
import { jsx, jsxs } from 'preact/jsx-runtime';
import { createElement, useState } from 'react';
import { WidgetApp } from './widget-app';
import type { WidgetProps } from './use-widget-panel';

/**
 * The standalone frame's entry (scripts/build-widget.mjs compiles it with `react` as Preact's compat
 * layer): the widget app, rendered in the browser from the props its document carries in `#widget-props`.
 * Preact's own `render` keeps compat's `createRoot` and its 2.7 KB gzip out; its types know no React element.
 */
const props = JSON.parse(document.getElementById('widget-props')!.textContent!) as WidgetProps;
// The frame's Preact, lent to the parts it loads later (scripts/build-widget.mjs: HOST, LENT).
Object.assign(globalThis, { __plauderWidget: { jsx, jsxs, useState } });
render(createElement(WidgetApp, props) as never, document.getElementById('widget')!);
