import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { parseLocale, translate, type Locale, type Translated } from './locale.js';

/** What a reshaper may know about the request beyond its parameters: language, where links point, "now". */
export interface RenderContext {
  locale: Locale;
  baseUrl: string;
  now: Date;
}

export function renderContext(request: FastifyRequest, deps: { clock: Clock; publicBaseUrl: string }): RenderContext {
  return { locale: parseLocale((request.query as Record<string, unknown> | undefined)?.locale), baseUrl: deps.publicBaseUrl, now: deps.clock.now() };
}

/** The text in the context's language. */
export function textIn(ctx: Pick<RenderContext, 'locale'>): (text: Translated) => string {
  return (text) => translate(text, ctx.locale);
}
