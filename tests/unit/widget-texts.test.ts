import { textsFor } from '@/lib/widgets/texts';

const widget = {
  locale: 'en' as const,
  greeting: 'Hi! How can we help?',
  awayMessage: 'We answer by e-mail.',
  translations: { de: { greeting: 'Hallo! Wie können wir helfen?', awayMessage: '' } },
};

it('gives a visitor the owner’s texts in their language, the widget’s own where none was written', () => {
  expect(textsFor(widget, 'de')).toEqual({
    greeting: 'Hallo! Wie können wir helfen?',
    awayMessage: 'We answer by e-mail.',
  });
  expect(textsFor(widget, 'en')).toEqual({ greeting: 'Hi! How can we help?', awayMessage: 'We answer by e-mail.' });
  expect(textsFor({ ...widget, translations: {} }, 'de')).toEqual({
    greeting: 'Hi! How can we help?',
    awayMessage: 'We answer by e-mail.',
  });
});

it('never lets a stale translation of the widget’s own language replace its texts', () => {
  const switched = { ...widget, locale: 'de' as const, greeting: 'Guten Tag!' };
  expect(textsFor(switched, 'de').greeting).toBe('Guten Tag!');
  expect(textsFor(switched, 'en').greeting).toBe('Guten Tag!');
});
