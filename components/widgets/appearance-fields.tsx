import { WIDGET_THEMES, type LauncherPosition, type WidgetTheme } from '@/lib/db/schema/widget-settings';
import { SelectField } from '@/components/ui/field';
import type { Messages } from '@/lib/i18n/slices';

/** How the widget looks on the customer's site: its accent colour, the launcher's side and its colour theme. */
export function AppearanceFields({
  prefix,
  accentColor,
  launcherPosition,
  theme,
  onChange,
  labels,
  fields,
}: {
  prefix: string;
  accentColor: string;
  launcherPosition: LauncherPosition;
  theme: WidgetTheme;
  onChange: (change: { accentColor?: string; launcherPosition?: LauncherPosition; theme?: WidgetTheme }) => void;
  labels: Messages['Dashboard']['widgets']['form'];
  fields: Record<string, string>;
}) {
  return (
    <>
      <div className="space-y-1">
        <label htmlFor={`${prefix}accent`} className="block text-sm font-medium text-slate-900">
          {labels.accent}
        </label>
        <div className="flex items-center gap-3">
          <input
            id={`${prefix}accent`}
            type="color"
            value={accentColor}
            onChange={(e) => onChange({ accentColor: e.target.value })}
            aria-invalid={fields.accentColor ? true : undefined}
            className="h-10 w-16 cursor-pointer rounded-md border border-slate-400 bg-white p-1"
          />
          <code className="text-sm text-slate-800">{accentColor}</code>
        </div>
        {fields.accentColor && <p className="text-sm text-red-700">{fields.accentColor}</p>}
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-900">{labels.position}</legend>
        <div className="flex gap-4">
          {(['left', 'right'] as const).map((position) => (
            <label key={position} className="flex items-center gap-2 text-sm text-slate-900">
              <input
                type="radio"
                name={`${prefix}position`}
                value={position}
                checked={launcherPosition === position}
                onChange={() => onChange({ launcherPosition: position })}
                className="h-4 w-4"
              />
              {labels.positions[position]}
            </label>
          ))}
        </div>
      </fieldset>
      <SelectField
        id={`${prefix}theme`}
        label={labels.theme}
        hint={labels.themeHint}
        value={theme}
        onChange={(e) => onChange({ theme: e.target.value as WidgetTheme })}
        options={WIDGET_THEMES.map((value) => ({ value, label: labels.themes[value] }))}
        error={fields.theme}
      />
    </>
  );
}
