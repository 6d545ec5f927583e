/** Interface language: German by default; `de-CH` and `de_CH` alike (WIRE.md §5). */
export type Locale = 'de' | 'fr' | 'it' | 'en';

export function parseLocale(raw: unknown): Locale {
  if (typeof raw !== 'string') return 'de';
  const language = raw.toLowerCase().split(/[-_]/)[0];
  return language === 'fr' || language === 'it' || language === 'en' ? language : 'de';
}

/** The context echo keeps the form deployed clients send (`de_CH`). */
export function localeContext(locale: Locale): string {
  return locale === 'en' ? 'en' : `${locale}_CH`;
}

/** One text in the four languages; German is the fallback. */
export type Translated = { de: string } & Partial<Record<Exclude<Locale, 'de'>, string>>;

export function translate(text: Translated, locale: Locale): string {
  return text[locale] ?? text.de;
}
