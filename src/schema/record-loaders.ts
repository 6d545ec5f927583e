import DataLoader from 'dataloader';
import type { PrismaClient } from '../db/database.js';
import type { Prisma } from '../generated/prisma/client.js';

/**
 * Records by id for the rows loaders compute (a player's games, statistics lines, a team's season
 * records): one findMany per
 * kind and selection for all rows of a request. Prisma would batch the rows' findUnique calls into
 * one statement too, but it runs its whole request pipeline once per call; at a season of games that
 * was most of a page's CPU time.
 */
export interface RecordLoaders {
  game: ByIdLoader<Prisma.GameSelect, Prisma.GameInclude, Prisma.GameGetPayload<object>>;
  team: ByIdLoader<Prisma.TeamSelect, Prisma.TeamInclude, Prisma.TeamGetPayload<object>>;
  season: ByIdLoader<Prisma.SeasonSelect, Prisma.SeasonInclude, Prisma.SeasonGetPayload<object>>;
  gameClass: ByIdLoader<Prisma.GameClassSelect, Prisma.GameClassInclude, Prisma.GameClassGetPayload<object>>;
  league: ByIdLoader<Prisma.LeagueSelect, Prisma.LeagueInclude, Prisma.LeagueGetPayload<object>>;
  cupTournament: ByIdLoader<Prisma.CupTournamentSelect, Prisma.CupTournamentInclude, Prisma.CupTournamentGetPayload<object>>;
  leagueGroup: ByIdLoader<Prisma.LeagueGroupSelect, Prisma.LeagueGroupInclude, Prisma.LeagueGroupGetPayload<object>>;
  club: ByIdLoader<Prisma.ClubSelect, Prisma.ClubInclude, Prisma.ClubGetPayload<object>>;
}

/** The selection a Pothos prismaField hands its resolver. */
export interface RecordQuery<Select, Include> {
  select?: Select;
  include?: Include;
}

/** A record of the selection by id, or null when there is none. */
type ByIdLoader<Select, Include, Found> = (query: RecordQuery<Select, Include>, id: number) => Promise<Found | null>;

/**
 * One DataLoader per selection: the rows of one list field ask with the same selection, so they
 * share one; a selection is told apart by its JSON, which is small.
 */
function byId<Select, Include, Found>(find: (ids: number[], query: RecordQuery<Select, Include>) => Promise<unknown[]>): ByIdLoader<Select, Include, Found> {
  const loaders = new Map<string, DataLoader<number, Found | null>>();
  return (query, id) => {
    const key = JSON.stringify(query);
    let loader = loaders.get(key);
    if (!loader) {
      // The id finds each record its row; a narrowed selection might leave it out.
      const withId = query.select ? { ...query, select: { ...query.select, id: true } } : query;
      loader = new DataLoader(async (ids) => {
        const records = new Map((await find([...ids], withId)).map((record) => [(record as { id: number }).id, record as Found]));
        return ids.map((wanted) => records.get(wanted) ?? null);
      });
      loaders.set(key, loader);
    }
    return loader.load(id);
  };
}

export function createRecordLoaders(prisma: PrismaClient): RecordLoaders {
  return {
    game: byId((ids, query) => prisma.game.findMany({ ...query, where: { id: { in: ids } } })),
    team: byId((ids, query) => prisma.team.findMany({ ...query, where: { id: { in: ids } } })),
    season: byId((ids, query) => prisma.season.findMany({ ...query, where: { id: { in: ids } } })),
    gameClass: byId((ids, query) => prisma.gameClass.findMany({ ...query, where: { id: { in: ids } } })),
    league: byId((ids, query) => prisma.league.findMany({ ...query, where: { id: { in: ids } } })),
    cupTournament: byId((ids, query) => prisma.cupTournament.findMany({ ...query, where: { id: { in: ids } } })),
    leagueGroup: byId((ids, query) => prisma.leagueGroup.findMany({ ...query, where: { id: { in: ids } } })),
    club: byId((ids, query) => prisma.club.findMany({ ...query, where: { id: { in: ids } } })),
  };
}
