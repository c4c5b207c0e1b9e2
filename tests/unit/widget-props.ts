import en from '@/messages/en.json';
import type { WidgetProps } from '@/components/widget/use-widget-panel';

/** The props a widget page hands the widget app (app/embed/[widgetId]/frame.ts): a new visitor, someone there. */
export function widgetProps(
  widget: Partial<WidgetProps['widget']> = {},
  props: Partial<Omit<WidgetProps, 'widget'>> = {},
): WidgetProps {
  return {
    widget: {
      id: 'w_1',
      name: 'Shop help',
      greeting: '',
      accent: { background: '#4338ca', text: '#ffffff' },
      launcherPosition: 'right',
      preChat: 'off',
      awayMessage: '',
      preChatNote: 'Have your order number at hand.',
      privacyPolicyUrl: 'https://shop.example/privacy',
      theme: 'auto',
      team: [],
      businessHours: null,
      allowedOrigins: [],
      branding: 'http://localhost:3000/',
      askRating: true,
      ...widget,
    },
    mode: 'inline',
    initiallyOpen: true,
    locale: 'en',
    labels: en.Widget,
    initialPresence: { available: true, availableForMs: null, nextOpenAt: null },
    initialConversation: null,
    ...props,
  };
}
