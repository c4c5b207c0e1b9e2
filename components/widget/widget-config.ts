import type { TeamFace } from '@/lib/conversations/constants';
import type { BusinessHours, LauncherPosition, PreChatMode, WidgetTheme } from '@/lib/db/schema/widget-settings';

/** What the widget page hands the widget app: the widget's settings a visitor may see. */
export type WidgetConfig = {
  id: string;
  name: string;
  greeting: string;
  accent: { background: string; text: string };
  launcherPosition: LauncherPosition;
  preChat: PreChatMode;
  awayMessage: string;
  /** Above the pre-chat form, in the visitor's language ('' none). */
  preChatNote: string;
  /** Set: a consent line linking the owner's privacy policy, until the visitor's first message. */
  privacyPolicyUrl: string | null;
  theme: WidgetTheme;
  /** Who answers here, as the header shows them (lib/conversations/team.ts); none: no faces. */
  team: TeamFace[];
  businessHours: BusinessHours | null;
  allowedOrigins: string[];
  /** Whether the widget asks for a rating once a conversation is closed. */
  askRating: boolean;
  /** Set: the "Chat by Plauder" line links there (Plauder's site in the visitor's language); null: no line. */
  branding: string | null;
};
