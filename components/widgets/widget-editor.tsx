'use client';

import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { WidgetForm, type WidgetFormValues } from './widget-form';
import { WidgetPreview } from './widget-preview';
import type { LockedFeatures } from './plan-needed';
import { CopySnippet } from './widget-actions';
import { fill, type Messages } from '@/lib/i18n/slices';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The snippets of a widget as the form has it now (the title follows the name as it is typed). */
export function snippets(origin: string, id: string, name: string) {
  const title = escapeAttribute(name);
  return {
    script: `<script src="${origin}/embed.js" data-widget="${id}" data-title="${title}" async></script>`,
    identity: `<script src="${origin}/embed.js" data-widget="${id}" data-title="${title}"\n  data-user-id="USER_ID" data-user-email="USER_EMAIL" data-user-name="USER_NAME"\n  data-user-hash="HMAC_SHA256_OF_USER_ID"\n  data-user-details-hash="HMAC_SHA256_OF_ID_EMAIL_NAME_LINES" async></script>`,
    iframe: `<iframe src="${origin}/embed/${id}?mode=inline" title="${title}" width="380" height="560" style="border:0"></iframe>`,
  };
}

/**
 * A widget's settings beside its live preview, and (for a saved widget) its snippets: preview and
 * snippets follow the form before anything is saved.
 */
export function WidgetEditor({
  initial,
  labels,
  widget,
  languages,
  locale,
  origin,
  path,
  titleId,
  title,
  visitorsPerHourDefault,
  workspaceId,
  plans,
}: {
  initial: WidgetFormValues;
  labels: Pick<Messages['Dashboard']['widgets'], 'form' | 'preview' | 'snippet' | 'identity'>;
  /** The visitor widget's texts, for the preview. */
  widget: Messages['Widget'];
  languages: Array<{ value: string; label: string }>;
  locale: string;
  origin: string;
  path: string;
  titleId: string;
  title: string;
  visitorsPerHourDefault: number;
  workspaceId: string;
  plans: { locked: LockedFeatures; billingHref: string };
}) {
  const [values, setValues] = useState(initial);
  const code = values.id ? snippets(origin, values.id, values.name) : null;
  const { preview, snippet } = labels;
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={title} titleId={titleId}>
          <WidgetForm
            labels={labels.form}
            languages={languages}
            locale={locale}
            values={values}
            onChange={setValues}
            path={path}
            titleId={titleId}
            visitorsPerHourDefault={visitorsPerHourDefault}
            workspaceId={workspaceId}
            plans={plans}
          />
        </Card>
        {/* Named after its form: the page may show two previews (a widget's and a new one's). */}
        <Card title={fill(preview.title, { form: title })} titleId={`${titleId}-preview`}>
          <p className="mb-3 text-sm text-slate-700">{preview.text}</p>
          <WidgetPreview
            values={values}
            labels={widget}
            side={{ left: preview.launcherLeft, right: preview.launcherRight }}
            locale={locale}
          />
        </Card>
      </div>
      {code && (
        <Card title={snippet.title} titleId="snippet-title">
          <p className="mb-4 text-slate-700">{snippet.text}</p>
          <div className="space-y-4">
            <CopySnippet id="snippet-script" label={snippet.script} code={code.script} labels={snippet} />
            <CopySnippet id="snippet-identity" label={labels.identity.snippet} code={code.identity} labels={snippet} />
            <CopySnippet id="snippet-iframe" label={snippet.iframe} code={code.iframe} labels={snippet} />
          </div>
        </Card>
      )}
    </>
  );
}
