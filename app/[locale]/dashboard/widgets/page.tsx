import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { locales, type Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/paths';
import { pageMetadata } from '@/lib/seo/metadata';
import { requireUser } from '@/lib/auth/require-user';
import { signedInUserOf } from '@/lib/session/server';
import { entitlementOf } from '@/lib/billing/entitlements';
import { hasFeature, planWithFeature } from '@/lib/billing/plans';
import { listWidgets, type WidgetView } from '@/lib/widgets/service';
import { currentWorkspace } from '@/lib/workspaces/service';
import { can } from '@/lib/workspaces/permissions';
import { loadMessages } from '@/lib/i18n/messages';
import { fill } from '@/lib/i18n/slices';
import { env } from '@/lib/env';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { WidgetEditor } from '@/components/widgets/widget-editor';
import { newWidgetValues, type WidgetFormValues } from '@/components/widgets/widget-form-values';
import { DeleteWidget } from '@/components/widgets/widget-actions';
import { IdentitySecret } from '@/components/widgets/identity-secret';
import { PlanNeeded, type LockedFeatures } from '@/components/widgets/plan-needed';
import { WidgetList } from '@/components/widgets/widget-list';
import { withErrorPage } from '@/components/errors/page-boundary';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/widgets'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'widgets');
}

function formValues(widget: WidgetView): WidgetFormValues {
  return {
    id: widget.id,
    name: widget.name,
    origins: widget.allowedOrigins.join('\n'),
    accentColor: widget.accentColor,
    greeting: widget.greeting,
    locale: widget.locale,
    followPageLanguage: widget.followPageLanguage,
    launcherPosition: widget.launcherPosition,
    preChat: widget.preChat,
    awayMessage: widget.awayMessage,
    preChatNote: widget.preChatNote,
    privacyPolicyUrl: widget.privacyPolicyUrl ?? '',
    theme: widget.theme,
    translations: widget.translations,
    businessHours: widget.businessHours,
    retentionDays: widget.retentionDays === null ? '' : String(widget.retentionDays),
    visitorsPerHour: widget.visitorsPerHour === null ? '' : String(widget.visitorsPerHour),
    autoAssign: widget.autoAssign,
    assignCapacity: String(widget.assignCapacity),
    askRating: widget.askRating,
  };
}

/**
 * The current workspace's chat widgets: create and edit them with a live preview (owners and admins), copy the
 * snippets, verify identities.
 */
export default withErrorPage(async function EmbedPage({
  params,
  searchParams,
}: PageProps<'/[locale]/dashboard/widgets'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = await requireUser();
  const workspace = await currentWorkspace(user);
  // Agents see the widgets; owners and admins change them (the API refuses agents too).
  const canEdit = can(workspace.role, 'widgets.manage');
  const [t, { Dashboard, Widget, LocaleSwitcher }, { widgets, limit, used }, requested, entitlement] =
    await Promise.all([
      getTranslations('Dashboard.widgets'),
      loadMessages(locale),
      listWidgets(signedInUserOf(user), workspace.id),
      searchParams,
      entitlementOf(workspace.id),
    ]);
  // What the plan lacks, with the smallest plan that has it: those settings say so and cannot be switched on.
  const locked: LockedFeatures = {};
  for (const feature of ['businessHours', 'autoAssign', 'identityVerification'] as const)
    if (!entitlement || !hasFeature(entitlement.plan, feature))
      locked[feature] = Dashboard.billing.planNames[planWithFeature(feature)];
  const billingHref = localizedPath('/dashboard/billing', locale);
  const path = localizedPath('/dashboard/widgets', locale);
  const selected = widgets.find((widget) => widget.id === requested.widget) ?? widgets[0];
  // One slice for the page's client components (the payload carries it once).
  const { form, preview, snippet, identity, delete: deletion } = Dashboard.widgets;
  const labels = { form, preview, snippet, identity, delete: deletion };
  const editorProps = {
    labels,
    widget: Widget,
    languages: locales.map((value) => ({ value, label: LocaleSwitcher.names[value] })),
    locale,
    origin: env.siteUrl,
    path,
    visitorsPerHourDefault: env.chat.visitorsPerHour,
    workspaceId: workspace.id,
    plans: { locked, billingHref },
  };

  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="space-y-6">
        <WidgetList
          widgets={widgets}
          selected={selected?.id}
          path={path}
          used={used}
          limit={limit}
          locale={locale}
          manage={canEdit}
        />

        {!canEdit && <p className="text-slate-700">{t('readOnly')}</p>}

        {canEdit && selected && (
          <>
            <WidgetEditor
              key={`${selected.id}-${selected.updatedAt}`}
              initial={formValues(selected)}
              {...editorProps}
              titleId="widget-edit-title"
              title={`${t('form.editTitle')}: ${selected.name}`}
            />
            <div className="grid gap-6 lg:grid-cols-2">
              <Card title={t('identity.title')} titleId="identity-title">
                <p className="mb-3 text-sm text-slate-700">{t('identity.text')}</p>
                <IdentitySecret
                  widgetId={selected.id}
                  enabled={selected.identityVerification}
                  labels={labels}
                  locked={
                    locked.identityVerification && (
                      <PlanNeeded
                        id="identity-plan"
                        text={fill(form.planNeeded, { plan: locked.identityVerification })}
                        link={form.planLink}
                        href={billingHref}
                      />
                    )
                  }
                />
              </Card>
              <Card title={t('inbox.title')} titleId="inbox-link-title">
                <p className="mb-3 text-slate-700">{t('inbox.text')}</p>
                <Link
                  href={localizedPath('/dashboard/inbox', locale)}
                  className="font-semibold text-brand-700 underline"
                >
                  {t('inbox.link')}
                </Link>
                <div className="mt-6 border-t border-slate-200 pt-4">
                  <DeleteWidget id={selected.id} path={path} labels={deletion} />
                </div>
              </Card>
            </div>
          </>
        )}

        {canEdit && used < limit && (
          <WidgetEditor
            initial={newWidgetValues(locale)}
            {...editorProps}
            titleId="widget-form-title"
            title={t('form.title')}
          />
        )}
      </div>
    </>
  );
});
