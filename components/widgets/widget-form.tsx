'use client';

import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { toast } from '@/components/ui/toast';
import { VISITORS_PER_HOUR_MAX, type PreChatMode } from '@/lib/db/schema/widget-settings';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { fill, type Messages } from '@/lib/i18n/slices';
import { AppearanceFields } from './appearance-fields';
import { AssignmentFields } from './assignment-fields';
import { fieldError, originsError } from './field-errors';
import { HoursField } from './hours-field';
import { PlanNeeded, type LockedFeatures } from './plan-needed';
import { TranslationFields } from './translation-fields';
import { originsOf, widgetBody, type WidgetFormValues } from './widget-form-values';

export type { WidgetFormValues } from './widget-form-values';

/**
 * Creates a widget (no `values.id`) or edits one; the values live in the editor, which shows them in
 * the preview and the snippet while they change. Saved, the widget is shown in the list.
 */
export function WidgetForm({
  labels,
  languages,
  locale,
  values,
  onChange,
  path,
  titleId,
  visitorsPerHourDefault,
  workspaceId,
  plans,
}: {
  labels: Messages['Dashboard']['widgets']['form'];
  languages: Array<{ value: string; label: string }>;
  locale: string;
  values: WidgetFormValues;
  onChange: (values: WidgetFormValues) => void;
  path: string;
  titleId: string;
  /** The service's ceiling of new visitors per address and hour (CHAT_VISITORS_PER_HOUR). */
  visitorsPerHourDefault: number;
  /** Where a new widget goes: the workspace the page shows, even if another tab switched meanwhile. */
  workspaceId: string;
  /** The features the workspace's plan lacks (with the plan that has them) and the billing page's path. */
  plans: { locked: LockedFeatures; billingHref: string };
}) {
  const router = useRouter();
  const { submit, busy, error, fields } = useJsonSubmit(labels.error);
  const [sentOrigins, setSentOrigins] = useState<string[]>([]);
  const prefix = values.id ? 'edit-' : 'new-';
  const set = <K extends keyof WidgetFormValues>(key: K, value: WidgetFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const planNote = (feature: keyof LockedFeatures, id: string) =>
    plans.locked[feature] && (
      <PlanNeeded
        id={id}
        text={fill(labels.planNeeded, { plan: plans.locked[feature] })}
        link={labels.planLink}
        href={plans.billingHref}
      />
    );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSentOrigins(originsOf(values));
    const body = widgetBody(values);
    const result = values.id
      ? await submit<{ widget: { id: string } }>(`/api/widgets/${values.id}`, 'PATCH', body)
      : await submit<{ widget: { id: string } }>(
          `/api/widgets?workspace=${encodeURIComponent(workspaceId)}`,
          'POST',
          body,
        );
    if (!result) return;
    void toast.success(labels.saved);
    router.push(`${path}?widget=${encodeURIComponent(result.widget.id)}`);
    router.refresh();
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
      aria-labelledby={titleId}
      aria-busy={busy}
      noValidate
    >
      <TextField
        id={`${prefix}name`}
        label={labels.name}
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        maxLength={60}
        required
        error={fields.name}
      />
      <TextAreaField
        id={`${prefix}origins`}
        label={labels.origins}
        hint={labels.originsHint}
        value={values.origins}
        onChange={(e) => set('origins', e.target.value)}
        rows={3}
        spellCheck={false}
        autoCapitalize="off"
        error={originsError(fields, labels.originError, sentOrigins)}
      />
      <AppearanceFields
        prefix={prefix}
        accentColor={values.accentColor}
        launcherPosition={values.launcherPosition}
        theme={values.theme}
        onChange={(change) => onChange({ ...values, ...change })}
        labels={labels}
        fields={fields}
      />
      <TextField
        id={`${prefix}greeting`}
        label={labels.greeting}
        value={values.greeting}
        onChange={(e) => set('greeting', e.target.value)}
        maxLength={200}
        error={fields.greeting}
      />
      <SelectField
        id={`${prefix}locale`}
        label={labels.language}
        value={values.locale}
        onChange={(e) => set('locale', e.target.value)}
        options={languages}
        error={fields.locale}
      />
      <div className="space-y-1">
        {/* Following the visitor is the default; the box keeps one language for everybody. */}
        <label className="flex items-start gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            checked={!values.followPageLanguage}
            onChange={(e) => set('followPageLanguage', !e.target.checked)}
            aria-describedby={`${prefix}fixed-language-hint`}
            className="mt-0.5 h-4 w-4"
          />
          {labels.fixedLanguage}
        </label>
        <p id={`${prefix}fixed-language-hint`} className="text-sm text-slate-600">
          {labels.fixedLanguageHint}
        </p>
      </div>
      <SelectField
        id={`${prefix}pre-chat`}
        label={labels.preChat}
        value={values.preChat}
        onChange={(e) => set('preChat', e.target.value as PreChatMode)}
        options={(['off', 'name', 'nameEmail'] as const).map((value) => ({
          value,
          label: labels.preChatOptions[value],
        }))}
        error={fields.preChat}
      />
      <TextAreaField
        id={`${prefix}pre-chat-note`}
        label={labels.preChatNote}
        hint={labels.preChatNoteHint}
        value={values.preChatNote}
        onChange={(e) => set('preChatNote', e.target.value)}
        rows={2}
        maxLength={300}
        error={fields.preChatNote}
      />
      <TextField
        id={`${prefix}privacy-policy`}
        type="url"
        inputMode="url"
        label={labels.privacyPolicy}
        hint={labels.privacyPolicyHint}
        value={values.privacyPolicyUrl}
        onChange={(e) => set('privacyPolicyUrl', e.target.value)}
        spellCheck={false}
        autoCapitalize="off"
        error={fields.privacyPolicyUrl}
      />
      <TextAreaField
        id={`${prefix}away`}
        label={labels.awayMessage}
        hint={labels.awayHint}
        value={values.awayMessage}
        onChange={(e) => set('awayMessage', e.target.value)}
        rows={2}
        maxLength={300}
        error={fields.awayMessage}
      />
      <TranslationFields
        prefix={prefix}
        widgetLocale={values.locale}
        languages={languages}
        value={values.translations}
        onChange={(translations) => set('translations', translations)}
        labels={labels}
        fields={fields}
      />
      <HoursField
        id={`${prefix}hours`}
        value={values.businessHours}
        onChange={(hours) => set('businessHours', hours)}
        labels={labels}
        locale={locale}
        error={fieldError(fields, 'businessHours')}
        locked={planNote('businessHours', `${prefix}hours-plan`)}
      />
      <TextField
        id={`${prefix}retention`}
        type="number"
        min={1}
        max={3650}
        inputMode="numeric"
        label={labels.retention}
        hint={labels.retentionHint}
        value={values.retentionDays}
        onChange={(e) => set('retentionDays', e.target.value)}
        error={fields.retentionDays}
      />
      <TextField
        id={`${prefix}visitors-per-hour`}
        type="number"
        min={1}
        max={VISITORS_PER_HOUR_MAX}
        inputMode="numeric"
        label={labels.visitorsPerHour}
        hint={fill(labels.visitorsPerHourHint, { default: visitorsPerHourDefault.toLocaleString(locale) })}
        value={values.visitorsPerHour}
        onChange={(e) => set('visitorsPerHour', e.target.value)}
        error={fields.visitorsPerHour}
      />
      <AssignmentFields
        prefix={prefix}
        autoAssign={values.autoAssign}
        capacity={values.assignCapacity}
        onAutoAssign={(on) => set('autoAssign', on)}
        onCapacity={(value) => set('assignCapacity', value)}
        labels={labels}
        error={fields.assignCapacity}
        locked={planNote('autoAssign', `${prefix}auto-assign-plan`)}
      />
      <label className="flex items-start gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          checked={values.askRating}
          onChange={(e) => set('askRating', e.target.checked)}
          className="mt-0.5 h-4 w-4"
        />
        {labels.askRating}
      </label>
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {values.id ? labels.save : labels.submit}
      </Button>
    </form>
  );
}
