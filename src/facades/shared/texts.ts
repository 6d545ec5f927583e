import type { Translated } from './locale.js';

/** Column and label texts that several tables share, in the four interface languages. */
export const COMMON_TEXTS = {
  date: { de: 'Datum', fr: 'Date', it: 'Data', en: 'Date' },
  time: { de: 'Zeit', fr: 'Heure', it: 'Ora', en: 'Time' },
  venue: { de: 'Ort', fr: 'Lieu', it: 'Luogo', en: 'Venue' },
  home: { de: 'Heim', fr: 'Domicile', it: 'Casa', en: 'Home' },
  away: { de: 'Gast', fr: 'Visiteur', it: 'Ospite', en: 'Away' },
  result: { de: 'Resultat', fr: 'Résultat', it: 'Risultato', en: 'Result' },
  league: { de: 'Liga', fr: 'Ligue', it: 'Lega', en: 'League' },
  season: { de: 'Saison', fr: 'Saison', it: 'Stagione', en: 'Season' },
} satisfies Record<string, Translated>;
