import type { BusinessHours, LauncherPosition, PreChatMode } from '@/lib/db/schema/widget-settings';

/** What the widget page hands the widget app: the widget's settings a visitor may see. */
export type WidgetConfig = {
  id: string;
  name: string;
  greeting: string;
  accent: { background: string; text: string };
  launcherPosition: LauncherPosition;
  preChat: PreChatMode;
  awayMessage: string;
  businessHours: BusinessHours | null;
  allowedOrigins: string[];
};
