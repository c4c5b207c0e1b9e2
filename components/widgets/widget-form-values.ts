import type {
  BusinessHours,
  LauncherPosition,
  PreChatMode,
  WidgetTheme,
  WidgetTranslations,
} from '@/lib/db/schema/widget-settings';

/** The form's values as the browser edits them (the origins, the retention and the ceiling as typed). */
export type WidgetFormValues = {
  id?: string;
  name: string;
  origins: string;
  accentColor: string;
  greeting: string;
  locale: string;
  followPageLanguage: boolean;
  launcherPosition: LauncherPosition;
  preChat: PreChatMode;
  awayMessage: string;
  preChatNote: string;
  /** As typed; empty: no consent line. */
  privacyPolicyUrl: string;
  theme: WidgetTheme;
  translations: WidgetTranslations;
  businessHours: BusinessHours | null;
  retentionDays: string;
  visitorsPerHour: string;
  autoAssign: boolean;
  assignCapacity: string;
  askRating: boolean;
};

/** A new widget's form, in the owner's language. */
export const newWidgetValues = (locale: string): WidgetFormValues => ({
  name: '',
  origins: '',
  accentColor: '#4338ca',
  greeting: '',
  locale,
  followPageLanguage: true,
  launcherPosition: 'right',
  preChat: 'off',
  awayMessage: '',
  preChatNote: '',
  privacyPolicyUrl: '',
  theme: 'auto',
  translations: {},
  businessHours: null,
  retentionDays: '',
  visitorsPerHour: '',
  autoAssign: false,
  assignCapacity: '5',
  askRating: true,
});

/** The origins as sent: the non-empty lines, trimmed (the form quotes them in its errors). */
export const originsOf = (values: WidgetFormValues) =>
  values.origins
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** What POST /api/widgets and PATCH /api/widgets/:id get from the form. */
export function widgetBody(values: WidgetFormValues) {
  return {
    name: values.name,
    allowedOrigins: originsOf(values),
    accentColor: values.accentColor,
    greeting: values.greeting,
    locale: values.locale,
    followPageLanguage: values.followPageLanguage,
    launcherPosition: values.launcherPosition,
    preChat: values.preChat,
    awayMessage: values.awayMessage,
    preChatNote: values.preChatNote,
    privacyPolicyUrl: values.privacyPolicyUrl.trim() || null,
    theme: values.theme,
    translations: values.translations,
    businessHours: values.businessHours,
    retentionDays: values.retentionDays.trim() ? Number(values.retentionDays) : null,
    visitorsPerHour: values.visitorsPerHour.trim() ? Number(values.visitorsPerHour) : null,
    autoAssign: values.autoAssign,
    askRating: values.askRating,
    // An empty or malformed capacity is sent as it is, so the server names the field (0 is out of range).
    ...(values.autoAssign && { assignCapacity: Number(values.assignCapacity || 0) }),
  };
}
