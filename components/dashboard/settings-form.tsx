'use client';

import type { FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { toast } from '@/components/ui/toast';
import type { Settings } from '@/lib/settings/schema';
import { Card } from '@/components/ui/card';
import { CheckboxField, SelectField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import type { Messages } from '@/lib/i18n/slices';
import { NotificationPermission } from './notification-permission';

type Texts = Messages['Dashboard']['settings'];

/** Each e-mail notification's setting and its text in the catalogue. */
const NOTIFICATIONS = {
  notifyTicketReplies: 'ticketReplies',
  notifyOrderUpdates: 'orderUpdates',
} as const;

type Props = {
  initial: Settings;
  labels: Texts;
  /** The languages offered, named in their own words. */
  languages: Array<{ value: string; label: string }>;
  themes: ReadonlyArray<keyof Texts['theme']['options']>;
  emailAlerts: ReadonlyArray<keyof Texts['alerts']['emailOptions']>;
  alertScopes: ReadonlyArray<keyof Texts['alerts']['scopeOptions']>;
  /** "Saved" in each language: the confirmation speaks the language just chosen. */
  saved: Record<string, string>;
  settingsPaths: Record<string, string>;
};

/** Applies a theme at once; the cookie the server set keeps it for the next page load. */
function applyTheme(theme: string) {
  const dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export function SettingsForm(props: Props) {
  const { initial, labels, languages, themes, emailAlerts, alertScopes, saved, settingsPaths } = props;
  const router = useRouter();
  const { submit, busy, error, fields } = useJsonSubmit(labels.error);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const settings = {
      locale: String(form.get('locale')),
      theme: String(form.get('theme')),
      notifyTicketReplies: form.has('notifyTicketReplies'),
      notifyOrderUpdates: form.has('notifyOrderUpdates'),
      alertSound: form.has('alertSound'),
      emailAlerts: String(form.get('emailAlerts')),
      alertScope: String(form.get('alertScope')),
    };
    if (!(await submit('/api/settings', 'PUT', settings))) return;
    applyTheme(settings.theme);
    void toast.success(saved[settings.locale]);
    // The interface switches language with the page of the new locale (the toaster stays mounted).
    if (settings.locale !== initial.locale) router.push(settingsPaths[settings.locale]);
    else router.refresh();
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-6" aria-busy={busy} noValidate>
      <Card title={labels.language.title} titleId="language-title">
        <SelectField
          id="locale"
          label={labels.language.label}
          defaultValue={initial.locale}
          options={languages}
          error={fields.locale}
        />
      </Card>
      <Card title={labels.theme.title} titleId="theme-title">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-900">{labels.theme.label}</legend>
          <div className="flex flex-wrap gap-4">
            {themes.map((theme) => (
              <label key={theme} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="theme"
                  value={theme}
                  defaultChecked={theme === initial.theme}
                  className="accent-brand-700"
                />
                {labels.theme.options[theme]}
              </label>
            ))}
          </div>
        </fieldset>
      </Card>
      <Card title={labels.notifications.title} titleId="notifications-title">
        <div className="space-y-3">
          {Object.entries(NOTIFICATIONS).map(([key, text]) => (
            <CheckboxField
              key={key}
              id={key}
              label={labels.notifications[text]}
              hint={labels.notifications[`${text}Hint`]}
              defaultChecked={initial[key as keyof typeof NOTIFICATIONS]}
            />
          ))}
        </div>
      </Card>
      <Card title={labels.alerts.title} titleId="alerts-title">
        <div className="space-y-5">
          <SelectField
            id="alertScope"
            label={labels.alerts.scope}
            hint={labels.alerts.scopeHint}
            defaultValue={initial.alertScope}
            options={alertScopes.map((value) => ({ value, label: labels.alerts.scopeOptions[value] }))}
            error={fields.alertScope}
          />
          <CheckboxField
            id="alertSound"
            label={labels.alerts.sound}
            hint={labels.alerts.soundHint}
            defaultChecked={initial.alertSound}
          />
          <NotificationPermission labels={labels.alerts} />
          <SelectField
            id="emailAlerts"
            label={labels.alerts.email}
            hint={labels.alerts.emailHint}
            defaultValue={initial.emailAlerts}
            options={emailAlerts.map((value) => ({ value, label: labels.alerts.emailOptions[value] }))}
            error={fields.emailAlerts}
          />
        </div>
      </Card>
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {labels.save}
      </Button>
    </form>
  );
}
