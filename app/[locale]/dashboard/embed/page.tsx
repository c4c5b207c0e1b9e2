import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { locales, type Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/paths';
import { pageMetadata } from '@/lib/seo/metadata';
import { requireUser } from '@/lib/session/require-user';
import { actorOf } from '@/lib/session/server';
import { listWidgets } from '@/lib/widgets/service';
import { chatLabels } from '@/lib/chat/labels';
import { displayNameOf } from '@/lib/chat/identity';
import { env } from '@/lib/env';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { ChatRoom } from '@/components/chat/chat-room';
import { WidgetForm, type WidgetFormLabels } from '@/components/widgets/widget-form';
import { CopySnippet, DeleteWidget } from '@/components/widgets/widget-actions';
import { unavailableAware } from '@/lib/errors/unavailable-render';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/embed'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'embed');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The user's chat widgets: create and edit them, copy the snippet, preview, and answer visitors. */
export default unavailableAware(async function EmbedPage({ params, searchParams }: PageProps<'/[locale]/dashboard/embed'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = await requireUser();
  const [t, names, chat, chatT, { widgets, limit }, requested] = await Promise.all([
    getTranslations('Dashboard.embed'),
    getTranslations('LocaleSwitcher.names'),
    chatLabels(locale),
    getTranslations('Chat'),
    listWidgets(actorOf(user)),
    searchParams,
  ]);
  const path = localizedPath('/dashboard/embed', locale);
  const selected = widgets.find((widget) => widget.id === requested.widget) ?? widgets[0];
  // The address visitors' pages load the widget from: the site's public origin.
  const origin = env.siteUrl;

  const formLabels = (submit: string): WidgetFormLabels => ({
    name: t('form.name'),
    origins: t('form.origins'),
    originsHint: t('form.originsHint'),
    originLine: t.raw('form.originLine') as string,
    accent: t('form.accent'),
    greeting: t('form.greeting'),
    language: t('form.language'),
    submit,
    saved: t('form.saved'),
    error: t('form.error'),
    languages: locales.map((value) => ({ value, label: names(value) })),
  });

  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="space-y-6">
        <Card title={t('widgets.title')} titleId="widgets-title">
          {widgets.length === 0 ? (
            <p className="text-slate-700">{t('widgets.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {widgets.map((widget) => (
                <li key={widget.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="flex items-center gap-3">
                    <span aria-hidden="true" className="h-4 w-4 rounded-full border border-slate-300" style={{ backgroundColor: widget.accentColor }} />
                    <div>
                      <p className="font-medium text-slate-900">{widget.name}</p>
                      <p className="text-sm text-slate-700">{t('widgets.origins', { count: widget.allowedOrigins.length })}</p>
                    </div>
                  </div>
                  {widget.id === selected?.id ? (
                    <span className="text-sm font-semibold text-slate-700">{t('widgets.selected')}</span>
                  ) : (
                    <Link href={`${path}?widget=${encodeURIComponent(widget.id)}`} className="text-sm font-semibold text-brand-700 underline">
                      {t('widgets.manage')}
                      <span className="sr-only">: {widget.name}</span>
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-4 text-sm text-slate-700">{t('widgets.count', { used: widgets.length, limit })}</p>
          {widgets.length >= limit && (
            <p className="mt-2 text-sm text-slate-800">
              {t('widgets.limitReached', { limit })}{' '}
              <Link href={`${localizedPath('/', locale)}#plans`} className="font-semibold text-brand-700 underline">
                {t('widgets.plans')}
              </Link>
            </p>
          )}
        </Card>

        {selected && (
          <>
            <div className="grid gap-6 lg:grid-cols-2">
              <Card title={`${t('form.editTitle')}: ${selected.name}`} titleId="widget-edit-title">
                <WidgetForm key={`${selected.id}-${selected.updatedAt}`} labels={formLabels(t('form.save'))} initial={selected} path={path} titleId="widget-edit-title" />
                <div className="mt-6 border-t border-slate-200 pt-4">
                  <DeleteWidget
                    id={selected.id}
                    path={path}
                    labels={{
                      delete: t('delete.delete'),
                      confirm: t('delete.confirm'),
                      confirmDelete: t('delete.confirmDelete'),
                      cancel: t('delete.cancel'),
                      deleted: t('delete.deleted'),
                      error: t('delete.error'),
                    }}
                  />
                </div>
              </Card>
              <Card title={t('preview.title')} titleId="widget-preview-title">
                <p className="mb-3 text-sm text-slate-700">{t('preview.text')}</p>
                <iframe
                  key={selected.updatedAt}
                  src={`/embed/${encodeURIComponent(selected.id)}?mode=inline`}
                  title={t('preview.frameTitle', { name: selected.name })}
                  className="h-[32rem] w-full max-w-sm rounded-lg border-0"
                />
              </Card>
            </div>
            <Card title={t('snippet.title')} titleId="snippet-title">
              <p className="mb-4 text-slate-700">{t('snippet.text')}</p>
              <div className="space-y-4">
                <CopySnippet
                  id="snippet-script"
                  label={t('snippet.script')}
                  code={`<script src="${origin}/embed.js" data-widget="${selected.id}" data-title="${escapeAttribute(selected.name)}" async></script>`}
                  labels={{ copy: t('snippet.copy'), copied: t('snippet.copied'), failed: t('snippet.failed') }}
                />
                <CopySnippet
                  id="snippet-iframe"
                  label={t('snippet.iframe')}
                  code={`<iframe src="${origin}/embed/${selected.id}?mode=inline" title="${escapeAttribute(selected.name)}" width="380" height="560" style="border:0"></iframe>`}
                  labels={{ copy: t('snippet.copy'), copied: t('snippet.copied'), failed: t('snippet.failed') }}
                />
              </div>
            </Card>
            <section aria-labelledby="conversation-title" className="flex flex-col rounded-lg border border-slate-200 bg-white shadow-sm">
              <ChatRoom
                key={selected.id}
                room={selected.id}
                locale={locale}
                labels={chat}
                viewer={{ kind: 'user', postingAs: chatT('postingAs', { name: displayNameOf(user) }) }}
                logClassName="h-80"
                composerLabel={t('conversation.reply', { name: selected.name })}
                heading={
                  <div>
                    <h2 id="conversation-title" className="font-semibold text-slate-900">
                      {t('conversation.title')}: {selected.name}
                    </h2>
                    <p className="text-sm text-slate-700">{t('conversation.text')}</p>
                  </div>
                }
              />
            </section>
          </>
        )}

        {widgets.length < limit && (
          <Card title={t('form.title')} titleId="widget-form-title">
            <WidgetForm
              labels={formLabels(t('form.submit'))}
              initial={{ name: '', allowedOrigins: [], accentColor: '#4338ca', greeting: '', locale }}
              path={path}
              titleId="widget-form-title"
            />
          </Card>
        )}
      </div>
    </>
  );
});
