'use client';

import type { FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { toast } from '@/lib/client/toast';
import type { Settings } from '@/lib/settings/schema';
import { Card } from '@/components/ui/card';
import { CheckboxField, SelectField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';

type Option = { value: string; label: string };
export type SettingsLabels = {
  languageTitle: string;
  languageLabel: string;
  locales: Option[];
  themeTitle: string;
  themeLabel: string;
  themes: Option[];
  notificationsTitle: string;
  notifications: Array<{ key: 'notifyTicketReplies' | 'notifyOrderUpdates' | 'notifyProductNews'; label: string }>;
  save: string;
  /** "Saved" in each language: the confirmation speaks the language just chosen. */
  saved: Record<string, string>;
  error: string;
};

/** Applies a theme at once; the cookie the server set keeps it for the next page load. */
function applyTheme(theme: string) {
  const dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export function SettingsForm({ initial, labels, settingsPaths }: { initial: Settings; labels: SettingsLabels; settingsPaths: Record<string, string> }) {
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
      notifyProductNews: form.has('notifyProductNews'),
    };
    if (!(await submit('/api/settings', 'PUT', settings))) return;
    applyTheme(settings.theme);
    void toast.success(labels.saved[settings.locale]);
    // The interface switches language with the page of the new locale (the toaster stays mounted).
    if (settings.locale !== initial.locale) router.push(settingsPaths[settings.locale]);
    else router.refresh();
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-6" aria-busy={busy} noValidate>
      <Card title={labels.languageTitle} titleId="language-title">
        <SelectField id="locale" label={labels.languageLabel} defaultValue={initial.locale} options={labels.locales} error={fields.locale} />
      </Card>
      <Card title={labels.themeTitle} titleId="theme-title">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-900">{labels.themeLabel}</legend>
          <div className="flex flex-wrap gap-4">
            {labels.themes.map((theme) => (
              <label key={theme.value} className="flex items-center gap-2 text-sm">
                <input type="radio" name="theme" value={theme.value} defaultChecked={theme.value === initial.theme} className="accent-brand-700" />
                {theme.label}
              </label>
            ))}
          </div>
        </fieldset>
      </Card>
      <Card title={labels.notificationsTitle} titleId="notifications-title">
        <div className="space-y-3">
          {labels.notifications.map(({ key, label }) => (
            <CheckboxField key={key} id={key} label={label} defaultChecked={initial[key]} />
          ))}
        </div>
      </Card>
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {labels.save}
      </Button>
    </form>
  );
}
