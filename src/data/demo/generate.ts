// The demo league: an invented federation with three seasons (two finished, the current one in
// progress at `now`), deterministic for (seed, scale, now). Scale 1 is a national federation's
// slice of about 60 clubs; counts of clubs, teams, players and games grow linearly with it.
import { seasonLabel } from '../../domain/season.js';
import type { LeagueImport } from '../import/format.js';
import { addMinutes, seasonEnd, seasonIdOfDay, seasonStart, isoDate, zurichDay, zurichInstant } from './calendar.js';
import { createClubsAndTeams } from './clubs.js';
import { playCup } from './cups.js';
import { DemoDocument } from './document.js';
import { formGroups } from './groups.js';
import { addIncidents } from './incidents.js';
import { createNationalTeams } from './national-teams.js';
import type { Fixture, PlayContext } from './play.js';
import { playPlayoffsAndPlayouts } from './playoffs.js';
import { isTopLeagueGroup, playQualification, type SeasonFrame } from './qualification.js';
import { Random } from './random.js';
import { RosterBook, buildSeasonRosters } from './rosters.js';
import { seasonProgress } from './season-calendar.js';
import { CUPS, GAME_CLASSES, LEAGUES, NATIONAL_SELECTIONS } from './structure.js';

export interface DemoLeagueOptions {
  seed: number;
  /** 1 ≈ 60 clubs and 200+ teams; 0.1 is a tiny league for tests that still has every feature. */
  scale: number;
  /** The moment the league is seen at: today's games are finished, live or still to come. */
  now: Date;
}

const SEASONS = 3;
const CLUBS_AT_SCALE_ONE = 60;
const FOLDED_CLUBS_AT_SCALE_ONE = 2;
/** Fewer clubs cannot fill a top league with playoffs. */
const MINIMUM_CLUBS = 8;

function checkOptions(options: DemoLeagueOptions): void {
  if (!Number.isInteger(options.seed)) throw new RangeError(`seed must be an integer, got ${options.seed}`);
  if (!Number.isFinite(options.scale) || options.scale <= 0 || options.scale > 100)
    throw new RangeError(`scale must be a number above 0 and at most 100, got ${options.scale}`);
  if (Number.isNaN(options.now.getTime())) throw new RangeError('now must be a valid date');
}

function addReferenceData(document: DemoDocument, seasonIds: readonly number[], currentSeasonId: number): void {
  document.rows.gameClasses.push(...GAME_CLASSES.map((definition) => ({ ...definition.row })));
  document.rows.leagues.push(...LEAGUES.map((league) => ({ ...league })));
  document.rows.nationalSelections.push(...NATIONAL_SELECTIONS.map((selection) => ({ ...selection })));
  document.rows.seasons.push(
    ...seasonIds.map((id) => ({
      id,
      label: seasonLabel(id),
      isCurrent: id === currentSeasonId,
      startsOn: isoDate(seasonStart(id)),
      endsOn: isoDate(seasonEnd(id)),
    })),
  );
}

export function generateDemoLeague(options: DemoLeagueOptions): LeagueImport {
  checkOptions(options);
  const random = new Random(options.seed);
  const document = new DemoDocument();
  const today = zurichDay(options.now);
  const currentSeasonId = seasonIdOfDay(today);
  const seasonIds = Array.from({ length: SEASONS }, (_, index) => currentSeasonId - SEASONS + 1 + index);
  addReferenceData(document, seasonIds, currentSeasonId);

  const { teams } = createClubsAndTeams(document, random.fork('clubs'), {
    activeClubs: Math.max(MINIMUM_CLUBS, Math.round(CLUBS_AT_SCALE_ONE * options.scale)),
    foldedClubs: Math.max(1, Math.round(FOLDED_CLUBS_AT_SCALE_ONE * options.scale)),
    firstSeasonId: seasonIds[0],
    lastSeasonId: currentSeasonId,
  });
  const rosters = new RosterBook();

  for (const seasonId of seasonIds) {
    const isCurrent = seasonId === currentSeasonId;
    const seasonRandom = random.fork(`season ${seasonId}`);
    const playing = teams.filter((team) => team.lastSeasonId >= seasonId);
    buildSeasonRosters(document, seasonRandom.fork('rosters'), rosters, playing, seasonId, isCurrent);
    const groups = formGroups(document, seasonRandom.fork('groups'), seasonId, playing, options.scale);
    const frame: SeasonFrame = { seasonId, isCurrent, now: options.now, today, progress: seasonProgress(seasonId, today) };
    const context: PlayContext = { document, random: seasonRandom.fork('games'), rosters, seasonId };
    const leagueFixtures: Fixture[] = [];
    for (const group of groups) {
      const fixtures = playQualification(context, frame, group);
      leagueFixtures.push(...fixtures);
      if (!isCurrent && isTopLeagueGroup(group)) playPlayoffsAndPlayouts(context, group, fixtures);
    }
    for (const cup of CUPS) playCup(context, frame, cup, groups, options.scale);
    if (isCurrent) {
      const todayStart = zurichInstant(today, 0);
      addIncidents(document, seasonRandom.fork('incidents'), leagueFixtures, { start: todayStart, end: addMinutes(todayStart, 24 * 60) });
      createNationalTeams(document, seasonRandom.fork('national teams'), rosters, seasonId, groups);
    }
  }
  return document.toImport();
}
