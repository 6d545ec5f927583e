import type { Locale } from '../../src/facades/shared/locale.js';
import { localDay } from '../../src/domain/league-time.js';
import type { RenderContext } from '../../src/facades/shared/render-context.js';

/** The render context reshaper fixture tests use: a fixed base URL and the demo league's "now". */
export function renderContextFor(locale: Locale = 'de', now = new Date('2026-11-22T15:30:00Z')): RenderContext {
  return { locale, baseUrl: 'http://test.local', now, today: localDay(now) };
}
