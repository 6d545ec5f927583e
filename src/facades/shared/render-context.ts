import type { FastifyRequest } from 'fastify';
import { type Clock, nowUntil } from '../../clock.js';
import { localDay, nextLocalMidnight, type LocalDay } from '../../domain/league-time.js';
import { parseLocale, translate, type Locale, type Translated } from './locale.js';

/** What a reshaper may know about the request beyond its parameters: language, where links point, "now". */
export interface RenderContext {
  locale: Locale;
  baseUrl: string;
  /** The moment of the request. Reading it keeps the answer no longer than UNDECLARED_TIME_READ_MS (src/clock.ts). */
  readonly now: Date;
  /** The league's calendar day of the request (Europe/Zurich). Reading it keeps the answer until that day ends. */
  readonly today: LocalDay;
}

/**
 * The render context of a request. Its clock is read when a reshaper asks, not before, so an
 * answer that shows nothing of the time is kept until a write changes it; `now` and `today` note
 * on the answer's horizon how long what they said holds.
 */
export function renderContext(request: FastifyRequest, deps: { clock: Clock; publicBaseUrl: string }): RenderContext {
  let now: Date | undefined;
  let today: LocalDay | undefined;
  return {
    locale: parseLocale((request.query as Record<string, unknown> | undefined)?.locale),
    baseUrl: deps.publicBaseUrl,
    get now() {
      now ??= deps.clock.now();
      return now;
    },
    get today() {
      today ??= localDay(nowUntil(deps.clock, nextLocalMidnight));
      return today;
    },
  };
}

/** The text in the context's language. */
export function textIn(ctx: Pick<RenderContext, 'locale'>): (text: Translated) => string {
  return (text) => translate(text, ctx.locale);
}
