import type { routing } from '@/lib/i18n/routing';
import type messages from './messages/en.json';

// next-intl checks every message key and the locale against the English catalogue (de.json has the same
// keys: tests/unit/messages.test.ts), so a misspelt key fails `npm run check`.
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}
