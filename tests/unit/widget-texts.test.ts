import { textsFor } from '@/lib/widgets/texts';

const widget = {
  locale: 'en' as const,
  greeting: 'Hi! How can we help?',
  awayMessage: 'We answer by e-mail.',
  preChatNote: 'We keep your name for this chat only.',
  translations: {
    de: {
      greeting: 'Hallo! Wie können wir helfen?',
      awayMessage: '',
      preChatNote: 'Wir speichern Ihren Namen nur hier.',
    },
  },
};

it('gives a visitor the owner’s texts in their language, the widget’s own where none was written', () => {
  expect(textsFor(widget, 'de')).toEqual({
    greeting: 'Hallo! Wie können wir helfen?',
    awayMessage: 'We answer by e-mail.',
    preChatNote: 'Wir speichern Ihren Namen nur hier.',
  });
  const own = {
    greeting: 'Hi! How can we help?',
    awayMessage: 'We answer by e-mail.',
    preChatNote: widget.preChatNote,
  };
  expect(textsFor(widget, 'en')).toEqual(own);
  expect(textsFor({ ...widget, translations: {} }, 'de')).toEqual(own);
});

it('never lets a stale translation of the widget’s own language replace its texts', () => {
  const switched = { ...widget, locale: 'de' as const, greeting: 'Guten Tag!' };
  expect(textsFor(switched, 'de').greeting).toBe('Guten Tag!');
  expect(textsFor(switched, 'en').greeting).toBe('Guten Tag!');
});
