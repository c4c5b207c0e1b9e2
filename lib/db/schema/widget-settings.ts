// The widgets' settings as values. No imports: the dashboard's form and the widget in the browser use them,
// and the tables' module would bring Drizzle into their bundles.

export const LAUNCHER_POSITIONS = ['left', 'right'] as const;
export type LauncherPosition = (typeof LAUNCHER_POSITIONS)[number];
/** What a visitor gives before the first message: nothing, a name, or a name and an e-mail address. */
export const PRE_CHAT_MODES = ['off', 'name', 'nameEmail'] as const;
export type PreChatMode = (typeof PRE_CHAT_MODES)[number];
/** The operators' availability: `auto` follows whether an operator has the inbox open, else fixed. */
export const PRESENCE_MODES = ['auto', 'available', 'away'] as const;
export type PresenceMode = (typeof PRESENCE_MODES)[number];
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** A weekly schedule in a time zone: the opening hours of each day (`HH:MM`), none on a closed day. */
export type BusinessHours = { timeZone: string; days: Partial<Record<Weekday, { from: string; to: string }>> };
/**
 * The most new visitors per client address and hour a widget's owner may allow (many visitors may share
 * one address: an office, a school, a mobile carrier).
 */
export const VISITORS_PER_HOUR_MAX = 100_000;
/** The most open conversations auto-assignment gives one operator (per widget's setting). */
export const ASSIGN_CAPACITY_MAX = 100;

/** The widget's colours: `auto` follows the visitor's device (prefers-color-scheme), else fixed. */
export const WIDGET_THEMES = ['auto', 'light', 'dark'] as const;
export type WidgetTheme = (typeof WIDGET_THEMES)[number];
/** The texts an owner writes for visitors, per language (the widget's own language's are its columns). */
export const WIDGET_TEXT_KEYS = ['greeting', 'awayMessage', 'preChatNote'] as const;
/** An owner's texts for visitors in one language; unset, the widget's own (its default language's) stands. */
export type WidgetTexts = Partial<Record<(typeof WIDGET_TEXT_KEYS)[number], string>>;
/** The texts in the widget's other languages, by language. */
export type WidgetTranslations = Partial<Record<'en' | 'de', WidgetTexts>>;
