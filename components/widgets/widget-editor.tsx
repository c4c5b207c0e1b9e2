'use client';

import { useState } from 'react';
import type { WidgetLabels } from '@/components/widget/labels';
import { Card } from '@/components/ui/card';
import { WidgetForm, type WidgetFormLabels, type WidgetFormValues } from './widget-form';
import { WidgetPreview } from './widget-preview';
import { CopySnippet } from './widget-actions';

export type SnippetLabels = { title: string; text: string; script: string; iframe: string; identity: string; copy: { copy: string; copied: string; failed: string } };

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The snippets of a widget as the form has it now (the title follows the name as it is typed). */
export function snippets(origin: string, id: string, name: string) {
  const title = escapeAttribute(name);
  return {
    script: `<script src="${origin}/embed.js" data-widget="${id}" data-title="${title}" async></script>`,
    identity: `<script src="${origin}/embed.js" data-widget="${id}" data-title="${title}"\n  data-user-id="USER_ID" data-user-email="USER_EMAIL" data-user-name="USER_NAME"\n  data-user-hash="HMAC_SHA256_OF_USER_ID" async></script>`,
    iframe: `<iframe src="${origin}/embed/${id}?mode=inline" title="${title}" width="380" height="560" style="border:0"></iframe>`,
  };
}

/**
 * A widget's settings beside its live preview, and (for a saved widget) its snippets: preview and
 * snippets follow the form before anything is saved.
 */
export function WidgetEditor({
  initial,
  form,
  preview,
  snippet,
  origin,
  path,
  titleId,
  title,
}: {
  initial: WidgetFormValues;
  form: WidgetFormLabels;
  preview: { title: string; text: string; widget: WidgetLabels; side: { left: string; right: string }; locale: string };
  snippet: SnippetLabels | null;
  origin: string;
  path: string;
  titleId: string;
  title: string;
}) {
  const [values, setValues] = useState(initial);
  const code = values.id ? snippets(origin, values.id, values.name) : null;
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={title} titleId={titleId}>
          <WidgetForm labels={form} values={values} onChange={setValues} path={path} titleId={titleId} />
        </Card>
        <Card title={preview.title} titleId={`${titleId}-preview`}>
          <p className="mb-3 text-sm text-slate-700">{preview.text}</p>
          <WidgetPreview values={values} labels={preview.widget} side={preview.side} locale={preview.locale} />
        </Card>
      </div>
      {code && snippet && (
        <Card title={snippet.title} titleId="snippet-title">
          <p className="mb-4 text-slate-700">{snippet.text}</p>
          <div className="space-y-4">
            <CopySnippet id="snippet-script" label={snippet.script} code={code.script} labels={snippet.copy} />
            <CopySnippet id="snippet-identity" label={snippet.identity} code={code.identity} labels={snippet.copy} />
            <CopySnippet id="snippet-iframe" label={snippet.iframe} code={code.iframe} labels={snippet.copy} />
          </div>
        </Card>
      )}
    </>
  );
}
