/**
 * The federation's defaults where a request names no league or game class: the top national league
 * and the men's GF (Grossfeld) class.
 */
export const DEFAULT_LEAGUE = 1;
export const DEFAULT_GAME_CLASS = 11;
