// What the dashboard's widget form sends (components/widgets/widget-form-values.ts): the new settings of issue 37
// as the API takes them, an empty privacy policy address as none.
import { widgetBody, type WidgetFormValues } from '@/components/widgets/widget-form-values';

const values: WidgetFormValues = {
  name: 'Shop help',
  origins: ' https://shop.example \n\nhttps://www.shop.example',
  accentColor: '#4338ca',
  greeting: '',
  locale: 'en',
  followPageLanguage: true,
  launcherPosition: 'right',
  preChat: 'off',
  awayMessage: '',
  preChatNote: 'Have your order number at hand.',
  privacyPolicyUrl: ' https://shop.example/privacy ',
  theme: 'dark',
  translations: { de: { preChatNote: 'Bitte Bestellnummer bereithalten.' } },
  businessHours: null,
  retentionDays: '',
  visitorsPerHour: '',
  autoAssign: false,
  assignCapacity: '5',
  askRating: true,
};

it('sends the pre-chat notes, the privacy policy address and the theme', () => {
  expect(widgetBody(values)).toMatchObject({
    allowedOrigins: ['https://shop.example', 'https://www.shop.example'],
    preChatNote: 'Have your order number at hand.',
    privacyPolicyUrl: 'https://shop.example/privacy',
    theme: 'dark',
    translations: { de: { preChatNote: 'Bitte Bestellnummer bereithalten.' } },
  });
});

it('sends no privacy policy address (no consent line) when the field is left empty', () => {
  expect(widgetBody({ ...values, privacyPolicyUrl: '  ' }).privacyPolicyUrl).toBeNull();
});

it('sends whether the widget asks for a rating once a conversation is closed', () => {
  expect(widgetBody(values).askRating).toBe(true);
  expect(widgetBody({ ...values, askRating: false }).askRating).toBe(false);
});
