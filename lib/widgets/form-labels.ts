import 'server-only';
import { getTranslations } from 'next-intl/server';
import { locales, type Locale } from '@/lib/i18n/routing';
import { WEEKDAYS } from './settings';
import type { WidgetFormLabels } from '@/components/widgets/widget-form';
import type { SnippetLabels } from '@/components/widgets/widget-editor';
import type { IdentityLabels } from '@/components/widgets/identity-secret';

/** The texts of the widget editor in `locale`: the form (with `submit` as its button), snippets, identity. */
export async function widgetEditorLabels(locale: Locale) {
  const [t, names] = await Promise.all([getTranslations({ locale, namespace: 'Dashboard.embed' }), getTranslations({ locale, namespace: 'LocaleSwitcher.names' })]);
  // 5 January 2026 was a Monday.
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const days = Object.fromEntries(WEEKDAYS.map((day, index) => [day, weekday.format(Date.UTC(2026, 0, 5 + index))])) as WidgetFormLabels['hours']['days'];
  const copy = { copy: t('snippet.copy'), copied: t('snippet.copied'), failed: t('snippet.failed') };
  const form = (submit: string): WidgetFormLabels => ({
    name: t('form.name'),
    origins: t('form.origins'),
    originsHint: t('form.originsHint'),
    originLine: t.raw('form.originLine') as string,
    accent: t('form.accent'),
    greeting: t('form.greeting'),
    language: t('form.language'),
    followLanguage: t('form.followLanguage'),
    position: t('form.position'),
    positions: { left: t('form.positions.left'), right: t('form.positions.right') },
    preChat: t('form.preChat'),
    preChatOptions: { off: t('form.preChatOptions.off'), name: t('form.preChatOptions.name'), nameEmail: t('form.preChatOptions.nameEmail') },
    awayMessage: t('form.awayMessage'),
    awayHint: t('form.awayHint'),
    retention: t('form.retention'),
    retentionHint: t('form.retentionHint'),
    notifyEmail: t('form.notifyEmail'),
    notifyHint: t('form.notifyHint'),
    hours: { hours: t('form.hours'), hoursEnabled: t('form.hoursEnabled'), timeZone: t('form.timeZone'), dayOpen: t.raw('form.dayOpen') as string, from: t('form.from'), to: t('form.to'), days },
    submit,
    saved: t('form.saved'),
    error: t('form.error'),
    languages: locales.map((value) => ({ value, label: names(value) })),
  });
  const snippet: SnippetLabels = { title: t('snippet.title'), text: t('snippet.text'), script: t('snippet.script'), iframe: t('snippet.iframe'), identity: t('identity.snippet'), copy };
  const identity: IdentityLabels = {
    enabled: t('identity.enabled'),
    disabled: t('identity.disabled'),
    generate: t('identity.generate'),
    rotate: t('identity.rotate'),
    confirmRotate: t('identity.confirmRotate'),
    cancel: t('delete.cancel'),
    secret: t('identity.secret'),
    warning: t('identity.warning'),
    error: t('form.error'),
    copy,
  };
  return { form, snippet, identity };
}
