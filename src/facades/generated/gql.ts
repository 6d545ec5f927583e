/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation BoRecordGoal($input: RecordGoalInput!) { recordGoal(input: $input) { replayed event { ...BoEvent } } }\n": typeof types.BoRecordGoalDocument,
    "\n  mutation BoRecordPenalty($input: RecordPenaltyInput!) { recordPenalty(input: $input) { replayed event { ...BoEvent } } }\n": typeof types.BoRecordPenaltyDocument,
    "\n  mutation BoRecordPenaltyEnd($input: RecordPenaltyEndInput!) { recordPenaltyEnd(input: $input) { replayed event { ...BoEvent } } }\n": typeof types.BoRecordPenaltyEndDocument,
    "\n  mutation BoRecordTimeout($input: RecordTimeoutInput!) { recordTimeout(input: $input) { replayed event { ...BoEvent } } }\n": typeof types.BoRecordTimeoutDocument,
    "\n  mutation BoRecordTeamEvent($input: RecordTeamEventInput!) { recordTeamEvent(input: $input) { replayed event { ...BoEvent } } }\n": typeof types.BoRecordTeamEventDocument,
    "\n  mutation BoRecordPlayerEvent($input: RecordPlayerEventInput!) { recordPlayerEvent(input: $input) { replayed event { ...BoEvent } } }\n": typeof types.BoRecordPlayerEventDocument,
    "\n  mutation BoRecordMisc($input: RecordMiscInput!) { recordMisc(input: $input) { replayed event { ...BoEvent } } }\n": typeof types.BoRecordMiscDocument,
    "\n  mutation BoRecordInspection($input: RecordInspectionInput!) { recordInspection(input: $input) { replayed event { ...BoEvent } } }\n": typeof types.BoRecordInspectionDocument,
    "\n  mutation BoDeleteEvent($input: DeleteEventInput!) { deleteEvent(input: $input) { replayed eventId } }\n": typeof types.BoDeleteEventDocument,
    "\n  mutation BoWriteLineup($input: WriteGameSheetInput!) {\n    writeGameSheet(input: $input) { replayed lines { ...BoPosition } game { id topScorerPlayerIds } }\n  }\n": typeof types.BoWriteLineupDocument,
    "\n  query BoPeople($ids: [Int!], $changedSince: Date, $changedUntil: Date) {\n    people(ids: $ids, changedSince: $changedSince, changedUntil: $changedUntil) {\n      id\n      firstName\n      lastName\n      player { ...BoPlayer }\n    }\n  }\n": typeof types.BoPeopleDocument,
    "\n  mutation BoValidatePassword($personId: Int!, $password: String!) { validatePersonPassword(personId: $personId, password: $password) { valid } }\n": typeof types.BoValidatePasswordDocument,
    "\n  fragment BoPlayer on Player {\n    id\n    licenseNumber\n    firstName\n    lastName\n    heightCm\n    weightKg\n    position\n    portraitUrl\n    currentLicense { club { id name } }\n    currentMembership { number position captain }\n  }\n": typeof types.BoPlayerFragmentDoc,
    "\n  query BoPlayers($prefix: String!) { playersByLicenseNumber(prefix: $prefix) { ...BoPlayer } }\n": typeof types.BoPlayersDocument,
    "\n  fragment BoEvent on GameEvent {\n    id type second period side penaltyKind penaltyRole penaltyShot code inspectionDone worldTime\n    team { id } player { id } assist { id }\n  }\n": typeof types.BoEventFragmentDoc,
    "\n  fragment BoPosition on LineupEntry {\n    id number position captain\n    player { id firstName lastName }\n    license { id }\n    team { id }\n  }\n": typeof types.BoPositionFragmentDoc,
    "\n  fragment BoGame on Game {\n    id startsAt status version homeScore awayScore homePeriodScores awayPeriodScores decidedBy forfeitedBy spectators\n    firstReferee secondReferee\n    venue { name city }\n    homeTeam { id name }\n    awayTeam { id name }\n    clock { phase period }\n    statusMessages\n    result { state provisionalSince confirmedAt protestWindowClosesAt }\n    report { phases totalSecondsPlayed playerInspectionOrdered startedAt finishedAt overtimePlayed penaltyShootoutPlayed }\n    topScorerPlayerIds\n    lineup { ...BoPosition }\n    events { ...BoEvent }\n  }\n": typeof types.BoGameFragmentDoc,
    "\n  query BoReportableGames { reportableGames { ...BoGame } }\n": typeof types.BoReportableGamesDocument,
    "\n  query BoGameReport($id: Int!) { reportableGame(id: $id) { ...BoGame } }\n": typeof types.BoGameReportDocument,
    "\n  mutation BoOpenSession { openReportSession { authToken expiresAt eventId } }\n": typeof types.BoOpenSessionDocument,
    "\n  query BoSession { reportSession { expiresAt eventId gameIds } }\n": typeof types.BoSessionDocument,
    "\n  mutation BoCloseSession { closeReportSession }\n": typeof types.BoCloseSessionDocument,
    "mutation BoStart($input: StartGameInput!) { startGame(input: $input) { replayed game { ...BoGame } } }": typeof types.BoStartDocument,
    "mutation BoStartThird($input: StartPeriodInput!) { startPeriod(input: $input) { replayed game { ...BoGame } } }": typeof types.BoStartThirdDocument,
    "mutation BoEndThird($input: EndPeriodInput!) { endPeriod(input: $input) { replayed game { ...BoGame } } }": typeof types.BoEndThirdDocument,
    "mutation BoGameOver($input: FinishGameInput!) { finishGame(input: $input) { replayed game { ...BoGame } } }": typeof types.BoGameOverDocument,
    "mutation BoReportResult($input: ReportResultInput!) { reportResult(input: $input) { replayed game { ...BoGame } } }": typeof types.BoReportResultDocument,
    "mutation BoForfait($input: ForfeitGameInput!) { forfeitGame(input: $input) { replayed game { ...BoGame } } }": typeof types.BoForfaitDocument,
    "mutation BoAbort($input: AbortGameInput!) { abortGame(input: $input) { replayed game { ...BoGame } } }": typeof types.BoAbortDocument,
    "mutation BoUndo($input: UndoStatusInput!) { undoStatus(input: $input) { replayed game { ...BoGame } } }": typeof types.BoUndoDocument,
    "\n  mutation BoCorrectTransition($input: CorrectTransitionInput!) { correctTransition(input: $input) { replayed game { ...BoGame } } }\n": typeof types.BoCorrectTransitionDocument,
    "\n  query BoWriteContext($id: Int!) {\n    reportableGame(id: $id) {\n      id\n      homeTeam { id }\n      awayTeam { id }\n      lineup { player { id } license { id } team { id } }\n    }\n  }\n": typeof types.BoWriteContextDocument,
    "\n  query LegacyClubs { clubs(active: true, first: 5000) { edges { node { id name } } } }\n": typeof types.LegacyClubsDocument,
    "\n  query LegacyClubSearch($q: String!, $limit: Int!) { clubs(active: true, nameContains: $q, first: $limit) { edges { node { id name } } } }\n": typeof types.LegacyClubSearchDocument,
    "\n  query LegacyClub($id: Int!) { club(id: $id) { id name website street zip city } }\n": typeof types.LegacyClubDocument,
    "\n  query LegacyClubTeams($id: Int!, $season: Int!) {\n    club(id: $id) {\n      id\n      teams(season: $season) { id name gameClass { name } groups(season: $season) { name phase league { id name } gameClass { id name } } }\n    }\n  }\n": typeof types.LegacyClubTeamsDocument,
    "\n  query CalendarGames(\n    $filter: GameFilter!, $season: Int!\n    $teamId: Int!, $withTeam: Boolean!, $clubId: Int!, $withClub: Boolean!\n    $league: Int!, $gameClass: Int!, $withLeague: Boolean!\n  ) {\n    season(id: $season) { label }\n    team(id: $teamId) @include(if: $withTeam) { name }\n    club(id: $clubId) @include(if: $withClub) { name }\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) @include(if: $withLeague) {\n      edges { node { name league { name } gameClass { name } } }\n    }\n    games(filter: $filter, first: 5000) {\n      edges { node {\n        id startsAt status homeScore awayScore homePeriodScores awayPeriodScores decidedBy\n        homeTeam { name } awayTeam { name } homePlaceholder awayPlaceholder\n        venue { name street zip city latitude longitude }\n        group { name league { name } gameClass { name } }\n        round { name }\n        cupRound { name tournament { name } }\n      } }\n    }\n  }\n": typeof types.CalendarGamesDocument,
    "\n  query SeasonClubs($season: Int!) { clubs(season: $season, first: 5000) { edges { node { id name } } } }\n": typeof types.SeasonClubsDocument,
    "\n  query ClubStatistics($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    club(id: $id) { id name seasonRecords(season: $season) { ...SeasonRecordTexts } }\n  }\n": typeof types.ClubStatisticsDocument,
    "\n  fragment CupRoundGames on CupRound { id number name games { startsAt status } }\n": typeof types.CupRoundGamesFragmentDoc,
    "\n  query Cups($season: Int!) {\n    season(id: $season) {\n      id label\n      cups { id name gameClass { id name } rounds { ...CupRoundGames } }\n    }\n  }\n": typeof types.CupsDocument,
    "\n  query CupDetails($id: Int!) {\n    cupTournament(id: $id) {\n      id name\n      season { id label }\n      gameClass { id name }\n      rounds { ...CupRoundGames }\n    }\n  }\n": typeof types.CupDetailsDocument,
    "\n  query GameDetail($id: Int!) { game(id: $id) { ...GameRow spectators firstReferee secondReferee } }\n": typeof types.GameDetailDocument,
    "\n  fragment GameEventTexts on GameEvent {\n    id second type side period homeScore awayScore penaltyKind penaltyReason penaltyShot penaltyRole code inspectionDone\n    team { name }\n    player { firstName lastName }\n    assist { firstName lastName }\n  }\n": typeof types.GameEventTextsFragmentDoc,
    "\n  query GameEvents($id: Int!) {\n    game(id: $id) {\n      homeTeam { name }\n      awayTeam { name }\n      homePlaceholder awayPlaceholder\n      events { ...GameEventTexts }\n    }\n  }\n": typeof types.GameEventsDocument,
    "\n  query GameHistory($id: Int!) {\n    game(id: $id) {\n      homeTeam { name }\n      awayTeam { name }\n      homePlaceholder awayPlaceholder\n      history(first: 5000) {\n        totalCount\n        nodes {\n          kind write at version role reason eventId\n          event { before { type second } after { type second } }\n          score { before { home away } after { home away } }\n          status { before after }\n          resultState { before after }\n          transition { to second }\n          spectators\n        }\n      }\n    }\n  }\n": typeof types.GameHistoryDocument,
    "\n  query GameLineup($id: Int!, $side: TeamSide!) {\n    game(id: $id) {\n      homeTeam { name }\n      awayTeam { name }\n      homePlaceholder awayPlaceholder\n      lineup(side: $side) { number position captain player { id firstName lastName } }\n    }\n  }\n": typeof types.GameLineupDocument,
    "\n  query GameSummary($id: Int!) {\n    game(id: $id) {\n      ...GameRow spectators firstReferee secondReferee\n      events { ...GameEventTexts }\n    }\n  }\n": typeof types.GameSummaryDocument,
    "\n  query CupRound($tournament: Int!) {\n    cupTournament(id: $tournament) {\n      name\n      season { label }\n      rounds { id number name games { bracketPosition ...GameRow } }\n    }\n  }\n": typeof types.CupRoundDocument,
    "\n  query CurrentGames($filter: GameFilter!, $before: GameFilter!, $after: GameFilter!) {\n    games(filter: $filter, first: 5000) { edges { node { ...DayGame } } }\n    earlier: games(filter: $before, last: 1) { edges { node { startsAt } } }\n    later: games(filter: $after, first: 1) { edges { node { startsAt } } }\n  }\n": typeof types.CurrentGamesDocument,
    "\n  query CurrentGameVersions($filter: GameFilter!, $before: GameFilter!, $after: GameFilter!) {\n    games(filter: $filter, first: 5000) { edges { node { id version } } }\n    earlier: games(filter: $before, last: 1) { edges { node { startsAt } } }\n    later: games(filter: $after, first: 1) { edges { node { startsAt } } }\n  }\n": typeof types.CurrentGameVersionsDocument,
    "\n  query DayGamesById($filter: GameFilter!) {\n    games(filter: $filter, first: 5000) { edges { node { version ...DayGame } } }\n  }\n": typeof types.DayGamesByIdDocument,
    "\n  query NearestGame($before: GameFilter!, $after: GameFilter!, $wantBefore: Boolean!) {\n    earlier: games(filter: $before, last: 1) @include(if: $wantBefore) { edges { node { startsAt } } }\n    later: games(filter: $after, first: 1) @skip(if: $wantBefore) { edges { node { startsAt } } }\n  }\n": typeof types.NearestGameDocument,
    "\n  query DirectTeams($id: Int!) { game(id: $id) { homeTeam { id } awayTeam { id } } }\n": typeof types.DirectTeamsDocument,
    "\n  query DirectGames($filter: GameFilter!, $amount: Int!) {\n    games(filter: $filter, last: $amount) { edges { node { ...GameRow } } }\n  }\n": typeof types.DirectGamesDocument,
    "\n  query FavoriteGames($sid: String!, $from: DateTime!) {\n    favoriteSession(sid: $sid) { favorites { title nextGame(from: $from) { ...GameRow } } }\n  }\n": typeof types.FavoriteGamesDocument,
    "\n  query ListSelection($teamId: Int!, $withTeam: Boolean!, $playerId: Int!, $withPlayer: Boolean!) {\n    currentSeason { id label }\n    team(id: $teamId) @include(if: $withTeam) { groups { ...SelectableGroup } }\n    player(id: $playerId) @include(if: $withPlayer) { memberships { season { id } team { groups { ...SelectableGroup } } } }\n  }\n  fragment SelectableGroup on LeagueGroup { name phase season { id } league { id } gameClass { id } }\n": typeof types.ListSelectionDocument,
    "\n  query ListGroups($season: Int!, $league: Int!, $gameClass: Int!, $withSeason: Boolean!) {\n    season(id: $season) @include(if: $withSeason) { label }\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) {\n      edges { node { id name seriesBestOf league { name } gameClass { name } rounds { id number name startsAt } } }\n    }\n  }\n": typeof types.ListGroupsDocument,
    "\n  query ListRoundGames($roundId: Int!) { games(filter: { roundId: $roundId }, first: 5000) { edges { node { ...GameRow } } } }\n": typeof types.ListRoundGamesDocument,
    "\n  query Schedule($filter: GameFilter!, $clubId: Int!, $isClub: Boolean!, $teamId: Int!, $season: Int!, $first: Int!) {\n    season(id: $season) { label }\n    club(id: $clubId) @include(if: $isClub) { name }\n    team(id: $teamId) @skip(if: $isClub) {\n      name\n      groups(season: $season) { name phase league { id name } gameClass { id name } }\n    }\n    games(filter: $filter, first: $first) { edges { node { ...GameRow } } }\n  }\n": typeof types.ScheduleDocument,
    "\n  query SeasonGroups($season: Int!, $league: Int, $gameClass: Int) {\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 5000) {\n      edges { node { name league { id name level } gameClass { id name } } }\n    }\n  }\n": typeof types.SeasonGroupsDocument,
    "\n  query NationalPlayers($selection: Int!) {\n    nationalSelections { id name }\n    nationalPlayers(selectionId: $selection, active: true, first: 5000) {\n      edges { node { id number position player { id firstName lastName } } }\n    }\n  }\n": typeof types.NationalPlayersDocument,
    "\n  query NationalPlayerDetail($id: Int!) {\n    nationalPlayer(id: $id) { number position selection { name } player { ...ProfilePlayer } }\n  }\n": typeof types.NationalPlayerDetailDocument,
    "\n  fragment StatisticsNationalPlayer on NationalPlayer {\n    id player { firstName lastName }\n    records { selection { name } games goals assists points penalties2 penalties5 penalties10 matchPenalties }\n  }\n": typeof types.StatisticsNationalPlayerFragmentDoc,
    "\n  query NationalPlayerStatistics($id: Int!) { nationalPlayer(id: $id) { ...StatisticsNationalPlayer } }\n": typeof types.NationalPlayerStatisticsDocument,
    "\n  query NationalRecords($selection: Int!, $order: NationalRecordOrder!, $direction: SortDirection!) {\n    nationalSelections { id name }\n    nationalPlayerRecords(selectionId: $selection, orderBy: $order, direction: $direction, minGames: 1) {\n      games goals assists points penalties2 penalties5 penalties10 matchPenalties\n      nationalPlayer { id player { id firstName lastName } }\n    }\n  }\n": typeof types.NationalRecordsDocument,
    "\n  fragment OverviewPlayer on Player {\n    id firstName lastName\n    memberships(season: $season) { team { id name } }\n    games(season: $season) {\n      played goals assists points penaltyMinutes teamId\n      game {\n        id startsAt status homeScore awayScore decidedBy\n        venue { name city } homeTeam { id name } awayTeam { id name } homePlaceholder awayPlaceholder\n      }\n    }\n  }\n": typeof types.OverviewPlayerFragmentDoc,
    "\n  query PlayerOverview($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    player(id: $id) { ...OverviewPlayer }\n  }\n": typeof types.PlayerOverviewDocument,
    "\n  query PlayerDetail($id: Int!) { player(id: $id) { ...ProfilePlayer } }\n": typeof types.PlayerDetailDocument,
    "\n  fragment StatisticsPlayer on Player {\n    id firstName lastName\n    statistics {\n      season { id label } league { name } gameClass { name } cupTournament { name } team { id name }\n      games goals assists points penalties2 penalties5 penalties10 matchPenalties\n    }\n  }\n": typeof types.StatisticsPlayerFragmentDoc,
    "\n  query PlayerStatistics($id: Int!) { player(id: $id) { ...StatisticsPlayer } }\n": typeof types.PlayerStatisticsDocument,
    "\n  query Rankings($season: Int!, $league: Int!, $gameClass: Int!, $seasonWide: Boolean!, $asOf: Date, $roundNumber: Int, $asCorrected: Boolean) {\n    season(id: $season) {\n      label\n      groups @include(if: $seasonWide) { name league { id name level } gameClass { id name } }\n    }\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) {\n      edges { node {\n        name phase playoffLine league { id name level } gameClass { id name }\n        standings(asOf: $asOf, roundNumber: $roundNumber, asCorrected: $asCorrected) { rank games wins overtimeWins overtimeLosses losses forfeits goalsFor goalsAgainst points team { id name logoUrl } }\n      } }\n    }\n  }\n": typeof types.RankingsDocument,
    "\n  query RankingsTeam($id: Int!, $season: Int!) {\n    team(id: $id) { groups(season: $season) { name phase league { id } gameClass { id } } }\n  }\n": typeof types.RankingsTeamDocument,
    "\n  query Search($text: String!, $first: Int, $prefer: SearchKind, $season: Int) {\n    search(text: $text, first: $first, prefer: $prefer, season: $season) { kind id name match detail season leagueId gameClassId groupName }\n  }\n": typeof types.SearchDocument,
    "query Seasons { seasons { id label isCurrent } }": typeof types.SeasonsDocument,
    "\n  mutation AddFavorites($sid: String, $favorites: [FavoriteInput!]!) { addFavorite(sid: $sid, favorites: $favorites) { id } }\n": typeof types.AddFavoritesDocument,
    "\n  mutation RemoveFavorites($sid: String, $favorites: [FavoriteInput!]!) { removeFavorite(sid: $sid, favorites: $favorites) { id } }\n": typeof types.RemoveFavoritesDocument,
    "\n  query Matchcenter($sid: String!) { favoriteSession(sid: $sid) { favorites { type: kind json title } } }\n": typeof types.MatchcenterDocument,
    "\n  fragment SeasonRecordTexts on TeamSeasonRecord {\n    season { id label }\n    team { id name }\n    groups { name phase league { name } gameClass { name } }\n    qualificationRank\n    qualificationGroup { name league { name } gameClass { name } }\n    finalPhase { phase round { name final won } }\n    cup { tournament { name } round { name final won } }\n  }\n": typeof types.SeasonRecordTextsFragmentDoc,
    "\n  fragment GameRow on Game {\n    id startsAt status homeScore awayScore homePeriodScores awayPeriodScores decidedBy hasVideoStream\n    clock { phase period }\n    result { state confirmedAt protestWindowClosesAt }\n    homeTeam { id name logoUrl }\n    awayTeam { id name logoUrl }\n    homePlaceholder awayPlaceholder\n    venue { name city latitude longitude }\n    group { id name season { id label } league { id name } gameClass { id name } }\n    round { number name }\n    cupRound { id name tournament { id name season { label } } }\n  }\n": typeof types.GameRowFragmentDoc,
    "\n  fragment DayGame on Game {\n    id startsAt status homeScore awayScore decidedBy\n    clock { phase period }\n    homeTeam { name }\n    awayTeam { name }\n    homePlaceholder awayPlaceholder\n    group { league { id name } gameClass { id name } }\n    cupRound { tournament { id name } }\n  }\n": typeof types.DayGameFragmentDoc,
    "\n  fragment ProfilePlayer on Player {\n    id firstName lastName yearOfBirth heightCm weightKg position portraitUrl\n    licenses { licenseType season { id } club { name } team { groups { season { id } phase league { name } } } }\n    memberships { number position season { id } team { club { name } } }\n  }\n": typeof types.ProfilePlayerFragmentDoc,
    "\n  query TeamPlayers($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    team(id: $id) {\n      id name\n      members(season: $season) {\n        number position\n        player { id firstName lastName yearOfBirth position }\n        statistics { goals assists points penaltyMinutes }\n      }\n    }\n  }\n": typeof types.TeamPlayersDocument,
    "\n  query TeamStatistics($id: Int!) { team(id: $id) { id name seasonRecords { ...SeasonRecordTexts } } }\n": typeof types.TeamStatisticsDocument,
    "\n  query TeamVisitors($season: Int!, $leagues: [Int!]!, $gameClass: Int!) {\n    season(id: $season) { label }\n    leagues { id name }\n    gameClasses { id name }\n    teamVisitors(season: $season, leagues: $leagues, gameClass: $gameClass) { rank averageVisitors percentOfTop team { id name } }\n  }\n": typeof types.TeamVisitorsDocument,
    "\n  query LeagueTeams($season: Int!, $league: Int!, $gameClass: Int!) {\n    teams(season: $season, league: $league, gameClass: $gameClass, first: 5000) { edges { node { id name logoUrl website portraitUrl } } }\n  }\n": typeof types.LeagueTeamsDocument,
    "\n  query ClubTeams($clubId: Int!, $season: Int!) { club(id: $clubId) { teams(season: $season) { id name } } }\n": typeof types.ClubTeamsDocument,
    "\n  query TeamDetail($id: Int!) {\n    team(id: $id) {\n      id name logoUrl website portraitUrl\n      club { name street zip city }\n      groups { name phase season { id } league { name } gameClass { name } }\n    }\n  }\n": typeof types.TeamDetailDocument,
    "\n  query TopScorerHighlight($season: Int!, $clubId: Int, $clubKey: Int!, $withClub: Boolean!, $league: Int!, $menClass: Int!, $womenClass: Int!) {\n    season(id: $season) { label }\n    club(id: $clubKey) @include(if: $withClub) { name }\n    topLeagueTeams: teams(season: $season, league: $league, clubId: $clubKey, first: 5000) @include(if: $withClub) { edges { node { gameClass { id } } } }\n    men: topScorers(season: $season, league: $league, gameClass: $menClass, clubId: $clubId, first: 1) { ...Highlighted }\n    women: topScorers(season: $season, league: $league, gameClass: $womenClass, clubId: $clubId, first: 1) { ...Highlighted }\n  }\n  fragment Highlighted on TopScorer { points player { id firstName lastName portraitUrl } team { club { name } } }\n": typeof types.TopScorerHighlightDocument,
    "\n  query TopScorers($season: Int!, $league: Int!, $gameClass: Int!, $phases: [GroupPhase!], $clubId: Int, $first: Int!, $all: Boolean!) {\n    season(id: $season) { label competitions { league { id name level isNational } gameClass { id name isYouth } } }\n    topScorers(season: $season, league: $league, gameClass: $gameClass, phases: $phases, clubId: $clubId, first: $first, all: $all) {\n      rank goals assists points player { id firstName lastName } team { id name }\n    }\n  }\n": typeof types.TopScorersDocument,
    "\n  query UiPlayer($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    player(id: $id) { ...ProfilePlayer ...StatisticsPlayer nationalPlayer { ...StatisticsNationalPlayer } }\n    overview: player(id: $id) { ...OverviewPlayer }\n  }\n": typeof types.UiPlayerDocument,
    "query CurrentSeason { currentSeason { id } }": typeof types.CurrentSeasonDocument,
    "\n  mutation V3AddExtraGoal($input: FinishGameInput!) { finishGame(input: $input) { replayed game { ...V3Game } } }\n": typeof types.V3AddExtraGoalDocument,
    "\n  fragment V3Team on Team { id name shortName logoUrl portraitUrl }\n": typeof types.V3TeamFragmentDoc,
    "\n  fragment V3Game on Game {\n    id startsAt status homeScore awayScore hasVideoStream\n    result { state confirmedAt protestWindowClosesAt }\n    homeTeam { ...V3Team }\n    awayTeam { ...V3Team }\n    group { season { id } }\n    cupRound { tournament { season { id } } }\n  }\n": typeof types.V3GameFragmentDoc,
    "\n  query V3Games($filter: GameFilter!, $first: Int!) {\n    games(filter: $filter, first: $first) { edges { node { ...V3Game } } pageInfo { hasNextPage } }\n  }\n": typeof types.V3GamesDocument,
    "\n  query V3Game($id: Int!) { game(id: $id) { ...V3Game } }\n": typeof types.V3GameDocument,
    "\n  fragment V3Candidate on LineupCandidate {\n    licenseId playerId firstName lastName licenseType licenseDisabled number position captain eligible licensing reason\n    player { yearOfBirth heightCm weightKg position portraitUrl }\n  }\n": typeof types.V3CandidateFragmentDoc,
    "\n  query LineupCandidates($gameId: Int!, $teamId: Int!, $licenseIds: [Int!]) {\n    lineupCandidates(gameId: $gameId, teamId: $teamId, licenseIds: $licenseIds) { ...V3Candidate }\n  }\n": typeof types.LineupCandidatesDocument,
    "\n  query LineupValidation($gameId: Int!, $teamId: Int!, $licenseIds: [Int!]!) {\n    lineupValidation(gameId: $gameId, teamId: $teamId, licenseIds: $licenseIds) {\n      valid quotaExceeded\n      messages { rule licenseId message }\n      members { ...V3Candidate }\n    }\n  }\n": typeof types.LineupValidationDocument,
    "\n  query V3GameTeams($id: Int!) { game(id: $id) { id homeTeam { ...V3Team } awayTeam { ...V3Team } } }\n": typeof types.V3GameTeamsDocument,
    "\n  query V3TeamLastGame($teamId: Int!, $statuses: [GameStatus!]!, $before: DateTime!) {\n    team(id: $teamId) { id }\n    games(filter: { teamId: $teamId, status: $statuses, to: $before }, last: 1) { edges { node { ...V3Game } } }\n  }\n": typeof types.V3TeamLastGameDocument,
};
const documents: Documents = {
    "\n  mutation BoRecordGoal($input: RecordGoalInput!) { recordGoal(input: $input) { replayed event { ...BoEvent } } }\n": types.BoRecordGoalDocument,
    "\n  mutation BoRecordPenalty($input: RecordPenaltyInput!) { recordPenalty(input: $input) { replayed event { ...BoEvent } } }\n": types.BoRecordPenaltyDocument,
    "\n  mutation BoRecordPenaltyEnd($input: RecordPenaltyEndInput!) { recordPenaltyEnd(input: $input) { replayed event { ...BoEvent } } }\n": types.BoRecordPenaltyEndDocument,
    "\n  mutation BoRecordTimeout($input: RecordTimeoutInput!) { recordTimeout(input: $input) { replayed event { ...BoEvent } } }\n": types.BoRecordTimeoutDocument,
    "\n  mutation BoRecordTeamEvent($input: RecordTeamEventInput!) { recordTeamEvent(input: $input) { replayed event { ...BoEvent } } }\n": types.BoRecordTeamEventDocument,
    "\n  mutation BoRecordPlayerEvent($input: RecordPlayerEventInput!) { recordPlayerEvent(input: $input) { replayed event { ...BoEvent } } }\n": types.BoRecordPlayerEventDocument,
    "\n  mutation BoRecordMisc($input: RecordMiscInput!) { recordMisc(input: $input) { replayed event { ...BoEvent } } }\n": types.BoRecordMiscDocument,
    "\n  mutation BoRecordInspection($input: RecordInspectionInput!) { recordInspection(input: $input) { replayed event { ...BoEvent } } }\n": types.BoRecordInspectionDocument,
    "\n  mutation BoDeleteEvent($input: DeleteEventInput!) { deleteEvent(input: $input) { replayed eventId } }\n": types.BoDeleteEventDocument,
    "\n  mutation BoWriteLineup($input: WriteGameSheetInput!) {\n    writeGameSheet(input: $input) { replayed lines { ...BoPosition } game { id topScorerPlayerIds } }\n  }\n": types.BoWriteLineupDocument,
    "\n  query BoPeople($ids: [Int!], $changedSince: Date, $changedUntil: Date) {\n    people(ids: $ids, changedSince: $changedSince, changedUntil: $changedUntil) {\n      id\n      firstName\n      lastName\n      player { ...BoPlayer }\n    }\n  }\n": types.BoPeopleDocument,
    "\n  mutation BoValidatePassword($personId: Int!, $password: String!) { validatePersonPassword(personId: $personId, password: $password) { valid } }\n": types.BoValidatePasswordDocument,
    "\n  fragment BoPlayer on Player {\n    id\n    licenseNumber\n    firstName\n    lastName\n    heightCm\n    weightKg\n    position\n    portraitUrl\n    currentLicense { club { id name } }\n    currentMembership { number position captain }\n  }\n": types.BoPlayerFragmentDoc,
    "\n  query BoPlayers($prefix: String!) { playersByLicenseNumber(prefix: $prefix) { ...BoPlayer } }\n": types.BoPlayersDocument,
    "\n  fragment BoEvent on GameEvent {\n    id type second period side penaltyKind penaltyRole penaltyShot code inspectionDone worldTime\n    team { id } player { id } assist { id }\n  }\n": types.BoEventFragmentDoc,
    "\n  fragment BoPosition on LineupEntry {\n    id number position captain\n    player { id firstName lastName }\n    license { id }\n    team { id }\n  }\n": types.BoPositionFragmentDoc,
    "\n  fragment BoGame on Game {\n    id startsAt status version homeScore awayScore homePeriodScores awayPeriodScores decidedBy forfeitedBy spectators\n    firstReferee secondReferee\n    venue { name city }\n    homeTeam { id name }\n    awayTeam { id name }\n    clock { phase period }\n    statusMessages\n    result { state provisionalSince confirmedAt protestWindowClosesAt }\n    report { phases totalSecondsPlayed playerInspectionOrdered startedAt finishedAt overtimePlayed penaltyShootoutPlayed }\n    topScorerPlayerIds\n    lineup { ...BoPosition }\n    events { ...BoEvent }\n  }\n": types.BoGameFragmentDoc,
    "\n  query BoReportableGames { reportableGames { ...BoGame } }\n": types.BoReportableGamesDocument,
    "\n  query BoGameReport($id: Int!) { reportableGame(id: $id) { ...BoGame } }\n": types.BoGameReportDocument,
    "\n  mutation BoOpenSession { openReportSession { authToken expiresAt eventId } }\n": types.BoOpenSessionDocument,
    "\n  query BoSession { reportSession { expiresAt eventId gameIds } }\n": types.BoSessionDocument,
    "\n  mutation BoCloseSession { closeReportSession }\n": types.BoCloseSessionDocument,
    "mutation BoStart($input: StartGameInput!) { startGame(input: $input) { replayed game { ...BoGame } } }": types.BoStartDocument,
    "mutation BoStartThird($input: StartPeriodInput!) { startPeriod(input: $input) { replayed game { ...BoGame } } }": types.BoStartThirdDocument,
    "mutation BoEndThird($input: EndPeriodInput!) { endPeriod(input: $input) { replayed game { ...BoGame } } }": types.BoEndThirdDocument,
    "mutation BoGameOver($input: FinishGameInput!) { finishGame(input: $input) { replayed game { ...BoGame } } }": types.BoGameOverDocument,
    "mutation BoReportResult($input: ReportResultInput!) { reportResult(input: $input) { replayed game { ...BoGame } } }": types.BoReportResultDocument,
    "mutation BoForfait($input: ForfeitGameInput!) { forfeitGame(input: $input) { replayed game { ...BoGame } } }": types.BoForfaitDocument,
    "mutation BoAbort($input: AbortGameInput!) { abortGame(input: $input) { replayed game { ...BoGame } } }": types.BoAbortDocument,
    "mutation BoUndo($input: UndoStatusInput!) { undoStatus(input: $input) { replayed game { ...BoGame } } }": types.BoUndoDocument,
    "\n  mutation BoCorrectTransition($input: CorrectTransitionInput!) { correctTransition(input: $input) { replayed game { ...BoGame } } }\n": types.BoCorrectTransitionDocument,
    "\n  query BoWriteContext($id: Int!) {\n    reportableGame(id: $id) {\n      id\n      homeTeam { id }\n      awayTeam { id }\n      lineup { player { id } license { id } team { id } }\n    }\n  }\n": types.BoWriteContextDocument,
    "\n  query LegacyClubs { clubs(active: true, first: 5000) { edges { node { id name } } } }\n": types.LegacyClubsDocument,
    "\n  query LegacyClubSearch($q: String!, $limit: Int!) { clubs(active: true, nameContains: $q, first: $limit) { edges { node { id name } } } }\n": types.LegacyClubSearchDocument,
    "\n  query LegacyClub($id: Int!) { club(id: $id) { id name website street zip city } }\n": types.LegacyClubDocument,
    "\n  query LegacyClubTeams($id: Int!, $season: Int!) {\n    club(id: $id) {\n      id\n      teams(season: $season) { id name gameClass { name } groups(season: $season) { name phase league { id name } gameClass { id name } } }\n    }\n  }\n": types.LegacyClubTeamsDocument,
    "\n  query CalendarGames(\n    $filter: GameFilter!, $season: Int!\n    $teamId: Int!, $withTeam: Boolean!, $clubId: Int!, $withClub: Boolean!\n    $league: Int!, $gameClass: Int!, $withLeague: Boolean!\n  ) {\n    season(id: $season) { label }\n    team(id: $teamId) @include(if: $withTeam) { name }\n    club(id: $clubId) @include(if: $withClub) { name }\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) @include(if: $withLeague) {\n      edges { node { name league { name } gameClass { name } } }\n    }\n    games(filter: $filter, first: 5000) {\n      edges { node {\n        id startsAt status homeScore awayScore homePeriodScores awayPeriodScores decidedBy\n        homeTeam { name } awayTeam { name } homePlaceholder awayPlaceholder\n        venue { name street zip city latitude longitude }\n        group { name league { name } gameClass { name } }\n        round { name }\n        cupRound { name tournament { name } }\n      } }\n    }\n  }\n": types.CalendarGamesDocument,
    "\n  query SeasonClubs($season: Int!) { clubs(season: $season, first: 5000) { edges { node { id name } } } }\n": types.SeasonClubsDocument,
    "\n  query ClubStatistics($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    club(id: $id) { id name seasonRecords(season: $season) { ...SeasonRecordTexts } }\n  }\n": types.ClubStatisticsDocument,
    "\n  fragment CupRoundGames on CupRound { id number name games { startsAt status } }\n": types.CupRoundGamesFragmentDoc,
    "\n  query Cups($season: Int!) {\n    season(id: $season) {\n      id label\n      cups { id name gameClass { id name } rounds { ...CupRoundGames } }\n    }\n  }\n": types.CupsDocument,
    "\n  query CupDetails($id: Int!) {\n    cupTournament(id: $id) {\n      id name\n      season { id label }\n      gameClass { id name }\n      rounds { ...CupRoundGames }\n    }\n  }\n": types.CupDetailsDocument,
    "\n  query GameDetail($id: Int!) { game(id: $id) { ...GameRow spectators firstReferee secondReferee } }\n": types.GameDetailDocument,
    "\n  fragment GameEventTexts on GameEvent {\n    id second type side period homeScore awayScore penaltyKind penaltyReason penaltyShot penaltyRole code inspectionDone\n    team { name }\n    player { firstName lastName }\n    assist { firstName lastName }\n  }\n": types.GameEventTextsFragmentDoc,
    "\n  query GameEvents($id: Int!) {\n    game(id: $id) {\n      homeTeam { name }\n      awayTeam { name }\n      homePlaceholder awayPlaceholder\n      events { ...GameEventTexts }\n    }\n  }\n": types.GameEventsDocument,
    "\n  query GameHistory($id: Int!) {\n    game(id: $id) {\n      homeTeam { name }\n      awayTeam { name }\n      homePlaceholder awayPlaceholder\n      history(first: 5000) {\n        totalCount\n        nodes {\n          kind write at version role reason eventId\n          event { before { type second } after { type second } }\n          score { before { home away } after { home away } }\n          status { before after }\n          resultState { before after }\n          transition { to second }\n          spectators\n        }\n      }\n    }\n  }\n": types.GameHistoryDocument,
    "\n  query GameLineup($id: Int!, $side: TeamSide!) {\n    game(id: $id) {\n      homeTeam { name }\n      awayTeam { name }\n      homePlaceholder awayPlaceholder\n      lineup(side: $side) { number position captain player { id firstName lastName } }\n    }\n  }\n": types.GameLineupDocument,
    "\n  query GameSummary($id: Int!) {\n    game(id: $id) {\n      ...GameRow spectators firstReferee secondReferee\n      events { ...GameEventTexts }\n    }\n  }\n": types.GameSummaryDocument,
    "\n  query CupRound($tournament: Int!) {\n    cupTournament(id: $tournament) {\n      name\n      season { label }\n      rounds { id number name games { bracketPosition ...GameRow } }\n    }\n  }\n": types.CupRoundDocument,
    "\n  query CurrentGames($filter: GameFilter!, $before: GameFilter!, $after: GameFilter!) {\n    games(filter: $filter, first: 5000) { edges { node { ...DayGame } } }\n    earlier: games(filter: $before, last: 1) { edges { node { startsAt } } }\n    later: games(filter: $after, first: 1) { edges { node { startsAt } } }\n  }\n": types.CurrentGamesDocument,
    "\n  query CurrentGameVersions($filter: GameFilter!, $before: GameFilter!, $after: GameFilter!) {\n    games(filter: $filter, first: 5000) { edges { node { id version } } }\n    earlier: games(filter: $before, last: 1) { edges { node { startsAt } } }\n    later: games(filter: $after, first: 1) { edges { node { startsAt } } }\n  }\n": types.CurrentGameVersionsDocument,
    "\n  query DayGamesById($filter: GameFilter!) {\n    games(filter: $filter, first: 5000) { edges { node { version ...DayGame } } }\n  }\n": types.DayGamesByIdDocument,
    "\n  query NearestGame($before: GameFilter!, $after: GameFilter!, $wantBefore: Boolean!) {\n    earlier: games(filter: $before, last: 1) @include(if: $wantBefore) { edges { node { startsAt } } }\n    later: games(filter: $after, first: 1) @skip(if: $wantBefore) { edges { node { startsAt } } }\n  }\n": types.NearestGameDocument,
    "\n  query DirectTeams($id: Int!) { game(id: $id) { homeTeam { id } awayTeam { id } } }\n": types.DirectTeamsDocument,
    "\n  query DirectGames($filter: GameFilter!, $amount: Int!) {\n    games(filter: $filter, last: $amount) { edges { node { ...GameRow } } }\n  }\n": types.DirectGamesDocument,
    "\n  query FavoriteGames($sid: String!, $from: DateTime!) {\n    favoriteSession(sid: $sid) { favorites { title nextGame(from: $from) { ...GameRow } } }\n  }\n": types.FavoriteGamesDocument,
    "\n  query ListSelection($teamId: Int!, $withTeam: Boolean!, $playerId: Int!, $withPlayer: Boolean!) {\n    currentSeason { id label }\n    team(id: $teamId) @include(if: $withTeam) { groups { ...SelectableGroup } }\n    player(id: $playerId) @include(if: $withPlayer) { memberships { season { id } team { groups { ...SelectableGroup } } } }\n  }\n  fragment SelectableGroup on LeagueGroup { name phase season { id } league { id } gameClass { id } }\n": types.ListSelectionDocument,
    "\n  query ListGroups($season: Int!, $league: Int!, $gameClass: Int!, $withSeason: Boolean!) {\n    season(id: $season) @include(if: $withSeason) { label }\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) {\n      edges { node { id name seriesBestOf league { name } gameClass { name } rounds { id number name startsAt } } }\n    }\n  }\n": types.ListGroupsDocument,
    "\n  query ListRoundGames($roundId: Int!) { games(filter: { roundId: $roundId }, first: 5000) { edges { node { ...GameRow } } } }\n": types.ListRoundGamesDocument,
    "\n  query Schedule($filter: GameFilter!, $clubId: Int!, $isClub: Boolean!, $teamId: Int!, $season: Int!, $first: Int!) {\n    season(id: $season) { label }\n    club(id: $clubId) @include(if: $isClub) { name }\n    team(id: $teamId) @skip(if: $isClub) {\n      name\n      groups(season: $season) { name phase league { id name } gameClass { id name } }\n    }\n    games(filter: $filter, first: $first) { edges { node { ...GameRow } } }\n  }\n": types.ScheduleDocument,
    "\n  query SeasonGroups($season: Int!, $league: Int, $gameClass: Int) {\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 5000) {\n      edges { node { name league { id name level } gameClass { id name } } }\n    }\n  }\n": types.SeasonGroupsDocument,
    "\n  query NationalPlayers($selection: Int!) {\n    nationalSelections { id name }\n    nationalPlayers(selectionId: $selection, active: true, first: 5000) {\n      edges { node { id number position player { id firstName lastName } } }\n    }\n  }\n": types.NationalPlayersDocument,
    "\n  query NationalPlayerDetail($id: Int!) {\n    nationalPlayer(id: $id) { number position selection { name } player { ...ProfilePlayer } }\n  }\n": types.NationalPlayerDetailDocument,
    "\n  fragment StatisticsNationalPlayer on NationalPlayer {\n    id player { firstName lastName }\n    records { selection { name } games goals assists points penalties2 penalties5 penalties10 matchPenalties }\n  }\n": types.StatisticsNationalPlayerFragmentDoc,
    "\n  query NationalPlayerStatistics($id: Int!) { nationalPlayer(id: $id) { ...StatisticsNationalPlayer } }\n": types.NationalPlayerStatisticsDocument,
    "\n  query NationalRecords($selection: Int!, $order: NationalRecordOrder!, $direction: SortDirection!) {\n    nationalSelections { id name }\n    nationalPlayerRecords(selectionId: $selection, orderBy: $order, direction: $direction, minGames: 1) {\n      games goals assists points penalties2 penalties5 penalties10 matchPenalties\n      nationalPlayer { id player { id firstName lastName } }\n    }\n  }\n": types.NationalRecordsDocument,
    "\n  fragment OverviewPlayer on Player {\n    id firstName lastName\n    memberships(season: $season) { team { id name } }\n    games(season: $season) {\n      played goals assists points penaltyMinutes teamId\n      game {\n        id startsAt status homeScore awayScore decidedBy\n        venue { name city } homeTeam { id name } awayTeam { id name } homePlaceholder awayPlaceholder\n      }\n    }\n  }\n": types.OverviewPlayerFragmentDoc,
    "\n  query PlayerOverview($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    player(id: $id) { ...OverviewPlayer }\n  }\n": types.PlayerOverviewDocument,
    "\n  query PlayerDetail($id: Int!) { player(id: $id) { ...ProfilePlayer } }\n": types.PlayerDetailDocument,
    "\n  fragment StatisticsPlayer on Player {\n    id firstName lastName\n    statistics {\n      season { id label } league { name } gameClass { name } cupTournament { name } team { id name }\n      games goals assists points penalties2 penalties5 penalties10 matchPenalties\n    }\n  }\n": types.StatisticsPlayerFragmentDoc,
    "\n  query PlayerStatistics($id: Int!) { player(id: $id) { ...StatisticsPlayer } }\n": types.PlayerStatisticsDocument,
    "\n  query Rankings($season: Int!, $league: Int!, $gameClass: Int!, $seasonWide: Boolean!, $asOf: Date, $roundNumber: Int, $asCorrected: Boolean) {\n    season(id: $season) {\n      label\n      groups @include(if: $seasonWide) { name league { id name level } gameClass { id name } }\n    }\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) {\n      edges { node {\n        name phase playoffLine league { id name level } gameClass { id name }\n        standings(asOf: $asOf, roundNumber: $roundNumber, asCorrected: $asCorrected) { rank games wins overtimeWins overtimeLosses losses forfeits goalsFor goalsAgainst points team { id name logoUrl } }\n      } }\n    }\n  }\n": types.RankingsDocument,
    "\n  query RankingsTeam($id: Int!, $season: Int!) {\n    team(id: $id) { groups(season: $season) { name phase league { id } gameClass { id } } }\n  }\n": types.RankingsTeamDocument,
    "\n  query Search($text: String!, $first: Int, $prefer: SearchKind, $season: Int) {\n    search(text: $text, first: $first, prefer: $prefer, season: $season) { kind id name match detail season leagueId gameClassId groupName }\n  }\n": types.SearchDocument,
    "query Seasons { seasons { id label isCurrent } }": types.SeasonsDocument,
    "\n  mutation AddFavorites($sid: String, $favorites: [FavoriteInput!]!) { addFavorite(sid: $sid, favorites: $favorites) { id } }\n": types.AddFavoritesDocument,
    "\n  mutation RemoveFavorites($sid: String, $favorites: [FavoriteInput!]!) { removeFavorite(sid: $sid, favorites: $favorites) { id } }\n": types.RemoveFavoritesDocument,
    "\n  query Matchcenter($sid: String!) { favoriteSession(sid: $sid) { favorites { type: kind json title } } }\n": types.MatchcenterDocument,
    "\n  fragment SeasonRecordTexts on TeamSeasonRecord {\n    season { id label }\n    team { id name }\n    groups { name phase league { name } gameClass { name } }\n    qualificationRank\n    qualificationGroup { name league { name } gameClass { name } }\n    finalPhase { phase round { name final won } }\n    cup { tournament { name } round { name final won } }\n  }\n": types.SeasonRecordTextsFragmentDoc,
    "\n  fragment GameRow on Game {\n    id startsAt status homeScore awayScore homePeriodScores awayPeriodScores decidedBy hasVideoStream\n    clock { phase period }\n    result { state confirmedAt protestWindowClosesAt }\n    homeTeam { id name logoUrl }\n    awayTeam { id name logoUrl }\n    homePlaceholder awayPlaceholder\n    venue { name city latitude longitude }\n    group { id name season { id label } league { id name } gameClass { id name } }\n    round { number name }\n    cupRound { id name tournament { id name season { label } } }\n  }\n": types.GameRowFragmentDoc,
    "\n  fragment DayGame on Game {\n    id startsAt status homeScore awayScore decidedBy\n    clock { phase period }\n    homeTeam { name }\n    awayTeam { name }\n    homePlaceholder awayPlaceholder\n    group { league { id name } gameClass { id name } }\n    cupRound { tournament { id name } }\n  }\n": types.DayGameFragmentDoc,
    "\n  fragment ProfilePlayer on Player {\n    id firstName lastName yearOfBirth heightCm weightKg position portraitUrl\n    licenses { licenseType season { id } club { name } team { groups { season { id } phase league { name } } } }\n    memberships { number position season { id } team { club { name } } }\n  }\n": types.ProfilePlayerFragmentDoc,
    "\n  query TeamPlayers($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    team(id: $id) {\n      id name\n      members(season: $season) {\n        number position\n        player { id firstName lastName yearOfBirth position }\n        statistics { goals assists points penaltyMinutes }\n      }\n    }\n  }\n": types.TeamPlayersDocument,
    "\n  query TeamStatistics($id: Int!) { team(id: $id) { id name seasonRecords { ...SeasonRecordTexts } } }\n": types.TeamStatisticsDocument,
    "\n  query TeamVisitors($season: Int!, $leagues: [Int!]!, $gameClass: Int!) {\n    season(id: $season) { label }\n    leagues { id name }\n    gameClasses { id name }\n    teamVisitors(season: $season, leagues: $leagues, gameClass: $gameClass) { rank averageVisitors percentOfTop team { id name } }\n  }\n": types.TeamVisitorsDocument,
    "\n  query LeagueTeams($season: Int!, $league: Int!, $gameClass: Int!) {\n    teams(season: $season, league: $league, gameClass: $gameClass, first: 5000) { edges { node { id name logoUrl website portraitUrl } } }\n  }\n": types.LeagueTeamsDocument,
    "\n  query ClubTeams($clubId: Int!, $season: Int!) { club(id: $clubId) { teams(season: $season) { id name } } }\n": types.ClubTeamsDocument,
    "\n  query TeamDetail($id: Int!) {\n    team(id: $id) {\n      id name logoUrl website portraitUrl\n      club { name street zip city }\n      groups { name phase season { id } league { name } gameClass { name } }\n    }\n  }\n": types.TeamDetailDocument,
    "\n  query TopScorerHighlight($season: Int!, $clubId: Int, $clubKey: Int!, $withClub: Boolean!, $league: Int!, $menClass: Int!, $womenClass: Int!) {\n    season(id: $season) { label }\n    club(id: $clubKey) @include(if: $withClub) { name }\n    topLeagueTeams: teams(season: $season, league: $league, clubId: $clubKey, first: 5000) @include(if: $withClub) { edges { node { gameClass { id } } } }\n    men: topScorers(season: $season, league: $league, gameClass: $menClass, clubId: $clubId, first: 1) { ...Highlighted }\n    women: topScorers(season: $season, league: $league, gameClass: $womenClass, clubId: $clubId, first: 1) { ...Highlighted }\n  }\n  fragment Highlighted on TopScorer { points player { id firstName lastName portraitUrl } team { club { name } } }\n": types.TopScorerHighlightDocument,
    "\n  query TopScorers($season: Int!, $league: Int!, $gameClass: Int!, $phases: [GroupPhase!], $clubId: Int, $first: Int!, $all: Boolean!) {\n    season(id: $season) { label competitions { league { id name level isNational } gameClass { id name isYouth } } }\n    topScorers(season: $season, league: $league, gameClass: $gameClass, phases: $phases, clubId: $clubId, first: $first, all: $all) {\n      rank goals assists points player { id firstName lastName } team { id name }\n    }\n  }\n": types.TopScorersDocument,
    "\n  query UiPlayer($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    player(id: $id) { ...ProfilePlayer ...StatisticsPlayer nationalPlayer { ...StatisticsNationalPlayer } }\n    overview: player(id: $id) { ...OverviewPlayer }\n  }\n": types.UiPlayerDocument,
    "query CurrentSeason { currentSeason { id } }": types.CurrentSeasonDocument,
    "\n  mutation V3AddExtraGoal($input: FinishGameInput!) { finishGame(input: $input) { replayed game { ...V3Game } } }\n": types.V3AddExtraGoalDocument,
    "\n  fragment V3Team on Team { id name shortName logoUrl portraitUrl }\n": types.V3TeamFragmentDoc,
    "\n  fragment V3Game on Game {\n    id startsAt status homeScore awayScore hasVideoStream\n    result { state confirmedAt protestWindowClosesAt }\n    homeTeam { ...V3Team }\n    awayTeam { ...V3Team }\n    group { season { id } }\n    cupRound { tournament { season { id } } }\n  }\n": types.V3GameFragmentDoc,
    "\n  query V3Games($filter: GameFilter!, $first: Int!) {\n    games(filter: $filter, first: $first) { edges { node { ...V3Game } } pageInfo { hasNextPage } }\n  }\n": types.V3GamesDocument,
    "\n  query V3Game($id: Int!) { game(id: $id) { ...V3Game } }\n": types.V3GameDocument,
    "\n  fragment V3Candidate on LineupCandidate {\n    licenseId playerId firstName lastName licenseType licenseDisabled number position captain eligible licensing reason\n    player { yearOfBirth heightCm weightKg position portraitUrl }\n  }\n": types.V3CandidateFragmentDoc,
    "\n  query LineupCandidates($gameId: Int!, $teamId: Int!, $licenseIds: [Int!]) {\n    lineupCandidates(gameId: $gameId, teamId: $teamId, licenseIds: $licenseIds) { ...V3Candidate }\n  }\n": types.LineupCandidatesDocument,
    "\n  query LineupValidation($gameId: Int!, $teamId: Int!, $licenseIds: [Int!]!) {\n    lineupValidation(gameId: $gameId, teamId: $teamId, licenseIds: $licenseIds) {\n      valid quotaExceeded\n      messages { rule licenseId message }\n      members { ...V3Candidate }\n    }\n  }\n": types.LineupValidationDocument,
    "\n  query V3GameTeams($id: Int!) { game(id: $id) { id homeTeam { ...V3Team } awayTeam { ...V3Team } } }\n": types.V3GameTeamsDocument,
    "\n  query V3TeamLastGame($teamId: Int!, $statuses: [GameStatus!]!, $before: DateTime!) {\n    team(id: $teamId) { id }\n    games(filter: { teamId: $teamId, status: $statuses, to: $before }, last: 1) { edges { node { ...V3Game } } }\n  }\n": types.V3TeamLastGameDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoRecordGoal($input: RecordGoalInput!) { recordGoal(input: $input) { replayed event { ...BoEvent } } }\n"): (typeof documents)["\n  mutation BoRecordGoal($input: RecordGoalInput!) { recordGoal(input: $input) { replayed event { ...BoEvent } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoRecordPenalty($input: RecordPenaltyInput!) { recordPenalty(input: $input) { replayed event { ...BoEvent } } }\n"): (typeof documents)["\n  mutation BoRecordPenalty($input: RecordPenaltyInput!) { recordPenalty(input: $input) { replayed event { ...BoEvent } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoRecordPenaltyEnd($input: RecordPenaltyEndInput!) { recordPenaltyEnd(input: $input) { replayed event { ...BoEvent } } }\n"): (typeof documents)["\n  mutation BoRecordPenaltyEnd($input: RecordPenaltyEndInput!) { recordPenaltyEnd(input: $input) { replayed event { ...BoEvent } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoRecordTimeout($input: RecordTimeoutInput!) { recordTimeout(input: $input) { replayed event { ...BoEvent } } }\n"): (typeof documents)["\n  mutation BoRecordTimeout($input: RecordTimeoutInput!) { recordTimeout(input: $input) { replayed event { ...BoEvent } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoRecordTeamEvent($input: RecordTeamEventInput!) { recordTeamEvent(input: $input) { replayed event { ...BoEvent } } }\n"): (typeof documents)["\n  mutation BoRecordTeamEvent($input: RecordTeamEventInput!) { recordTeamEvent(input: $input) { replayed event { ...BoEvent } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoRecordPlayerEvent($input: RecordPlayerEventInput!) { recordPlayerEvent(input: $input) { replayed event { ...BoEvent } } }\n"): (typeof documents)["\n  mutation BoRecordPlayerEvent($input: RecordPlayerEventInput!) { recordPlayerEvent(input: $input) { replayed event { ...BoEvent } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoRecordMisc($input: RecordMiscInput!) { recordMisc(input: $input) { replayed event { ...BoEvent } } }\n"): (typeof documents)["\n  mutation BoRecordMisc($input: RecordMiscInput!) { recordMisc(input: $input) { replayed event { ...BoEvent } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoRecordInspection($input: RecordInspectionInput!) { recordInspection(input: $input) { replayed event { ...BoEvent } } }\n"): (typeof documents)["\n  mutation BoRecordInspection($input: RecordInspectionInput!) { recordInspection(input: $input) { replayed event { ...BoEvent } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoDeleteEvent($input: DeleteEventInput!) { deleteEvent(input: $input) { replayed eventId } }\n"): (typeof documents)["\n  mutation BoDeleteEvent($input: DeleteEventInput!) { deleteEvent(input: $input) { replayed eventId } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoWriteLineup($input: WriteGameSheetInput!) {\n    writeGameSheet(input: $input) { replayed lines { ...BoPosition } game { id topScorerPlayerIds } }\n  }\n"): (typeof documents)["\n  mutation BoWriteLineup($input: WriteGameSheetInput!) {\n    writeGameSheet(input: $input) { replayed lines { ...BoPosition } game { id topScorerPlayerIds } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BoPeople($ids: [Int!], $changedSince: Date, $changedUntil: Date) {\n    people(ids: $ids, changedSince: $changedSince, changedUntil: $changedUntil) {\n      id\n      firstName\n      lastName\n      player { ...BoPlayer }\n    }\n  }\n"): (typeof documents)["\n  query BoPeople($ids: [Int!], $changedSince: Date, $changedUntil: Date) {\n    people(ids: $ids, changedSince: $changedSince, changedUntil: $changedUntil) {\n      id\n      firstName\n      lastName\n      player { ...BoPlayer }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoValidatePassword($personId: Int!, $password: String!) { validatePersonPassword(personId: $personId, password: $password) { valid } }\n"): (typeof documents)["\n  mutation BoValidatePassword($personId: Int!, $password: String!) { validatePersonPassword(personId: $personId, password: $password) { valid } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BoPlayer on Player {\n    id\n    licenseNumber\n    firstName\n    lastName\n    heightCm\n    weightKg\n    position\n    portraitUrl\n    currentLicense { club { id name } }\n    currentMembership { number position captain }\n  }\n"): (typeof documents)["\n  fragment BoPlayer on Player {\n    id\n    licenseNumber\n    firstName\n    lastName\n    heightCm\n    weightKg\n    position\n    portraitUrl\n    currentLicense { club { id name } }\n    currentMembership { number position captain }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BoPlayers($prefix: String!) { playersByLicenseNumber(prefix: $prefix) { ...BoPlayer } }\n"): (typeof documents)["\n  query BoPlayers($prefix: String!) { playersByLicenseNumber(prefix: $prefix) { ...BoPlayer } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BoEvent on GameEvent {\n    id type second period side penaltyKind penaltyRole penaltyShot code inspectionDone worldTime\n    team { id } player { id } assist { id }\n  }\n"): (typeof documents)["\n  fragment BoEvent on GameEvent {\n    id type second period side penaltyKind penaltyRole penaltyShot code inspectionDone worldTime\n    team { id } player { id } assist { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BoPosition on LineupEntry {\n    id number position captain\n    player { id firstName lastName }\n    license { id }\n    team { id }\n  }\n"): (typeof documents)["\n  fragment BoPosition on LineupEntry {\n    id number position captain\n    player { id firstName lastName }\n    license { id }\n    team { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BoGame on Game {\n    id startsAt status version homeScore awayScore homePeriodScores awayPeriodScores decidedBy forfeitedBy spectators\n    firstReferee secondReferee\n    venue { name city }\n    homeTeam { id name }\n    awayTeam { id name }\n    clock { phase period }\n    statusMessages\n    result { state provisionalSince confirmedAt protestWindowClosesAt }\n    report { phases totalSecondsPlayed playerInspectionOrdered startedAt finishedAt overtimePlayed penaltyShootoutPlayed }\n    topScorerPlayerIds\n    lineup { ...BoPosition }\n    events { ...BoEvent }\n  }\n"): (typeof documents)["\n  fragment BoGame on Game {\n    id startsAt status version homeScore awayScore homePeriodScores awayPeriodScores decidedBy forfeitedBy spectators\n    firstReferee secondReferee\n    venue { name city }\n    homeTeam { id name }\n    awayTeam { id name }\n    clock { phase period }\n    statusMessages\n    result { state provisionalSince confirmedAt protestWindowClosesAt }\n    report { phases totalSecondsPlayed playerInspectionOrdered startedAt finishedAt overtimePlayed penaltyShootoutPlayed }\n    topScorerPlayerIds\n    lineup { ...BoPosition }\n    events { ...BoEvent }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BoReportableGames { reportableGames { ...BoGame } }\n"): (typeof documents)["\n  query BoReportableGames { reportableGames { ...BoGame } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BoGameReport($id: Int!) { reportableGame(id: $id) { ...BoGame } }\n"): (typeof documents)["\n  query BoGameReport($id: Int!) { reportableGame(id: $id) { ...BoGame } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoOpenSession { openReportSession { authToken expiresAt eventId } }\n"): (typeof documents)["\n  mutation BoOpenSession { openReportSession { authToken expiresAt eventId } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BoSession { reportSession { expiresAt eventId gameIds } }\n"): (typeof documents)["\n  query BoSession { reportSession { expiresAt eventId gameIds } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoCloseSession { closeReportSession }\n"): (typeof documents)["\n  mutation BoCloseSession { closeReportSession }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation BoStart($input: StartGameInput!) { startGame(input: $input) { replayed game { ...BoGame } } }"): (typeof documents)["mutation BoStart($input: StartGameInput!) { startGame(input: $input) { replayed game { ...BoGame } } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation BoStartThird($input: StartPeriodInput!) { startPeriod(input: $input) { replayed game { ...BoGame } } }"): (typeof documents)["mutation BoStartThird($input: StartPeriodInput!) { startPeriod(input: $input) { replayed game { ...BoGame } } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation BoEndThird($input: EndPeriodInput!) { endPeriod(input: $input) { replayed game { ...BoGame } } }"): (typeof documents)["mutation BoEndThird($input: EndPeriodInput!) { endPeriod(input: $input) { replayed game { ...BoGame } } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation BoGameOver($input: FinishGameInput!) { finishGame(input: $input) { replayed game { ...BoGame } } }"): (typeof documents)["mutation BoGameOver($input: FinishGameInput!) { finishGame(input: $input) { replayed game { ...BoGame } } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation BoReportResult($input: ReportResultInput!) { reportResult(input: $input) { replayed game { ...BoGame } } }"): (typeof documents)["mutation BoReportResult($input: ReportResultInput!) { reportResult(input: $input) { replayed game { ...BoGame } } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation BoForfait($input: ForfeitGameInput!) { forfeitGame(input: $input) { replayed game { ...BoGame } } }"): (typeof documents)["mutation BoForfait($input: ForfeitGameInput!) { forfeitGame(input: $input) { replayed game { ...BoGame } } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation BoAbort($input: AbortGameInput!) { abortGame(input: $input) { replayed game { ...BoGame } } }"): (typeof documents)["mutation BoAbort($input: AbortGameInput!) { abortGame(input: $input) { replayed game { ...BoGame } } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation BoUndo($input: UndoStatusInput!) { undoStatus(input: $input) { replayed game { ...BoGame } } }"): (typeof documents)["mutation BoUndo($input: UndoStatusInput!) { undoStatus(input: $input) { replayed game { ...BoGame } } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BoCorrectTransition($input: CorrectTransitionInput!) { correctTransition(input: $input) { replayed game { ...BoGame } } }\n"): (typeof documents)["\n  mutation BoCorrectTransition($input: CorrectTransitionInput!) { correctTransition(input: $input) { replayed game { ...BoGame } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BoWriteContext($id: Int!) {\n    reportableGame(id: $id) {\n      id\n      homeTeam { id }\n      awayTeam { id }\n      lineup { player { id } license { id } team { id } }\n    }\n  }\n"): (typeof documents)["\n  query BoWriteContext($id: Int!) {\n    reportableGame(id: $id) {\n      id\n      homeTeam { id }\n      awayTeam { id }\n      lineup { player { id } license { id } team { id } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyClubs { clubs(active: true, first: 5000) { edges { node { id name } } } }\n"): (typeof documents)["\n  query LegacyClubs { clubs(active: true, first: 5000) { edges { node { id name } } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyClubSearch($q: String!, $limit: Int!) { clubs(active: true, nameContains: $q, first: $limit) { edges { node { id name } } } }\n"): (typeof documents)["\n  query LegacyClubSearch($q: String!, $limit: Int!) { clubs(active: true, nameContains: $q, first: $limit) { edges { node { id name } } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyClub($id: Int!) { club(id: $id) { id name website street zip city } }\n"): (typeof documents)["\n  query LegacyClub($id: Int!) { club(id: $id) { id name website street zip city } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegacyClubTeams($id: Int!, $season: Int!) {\n    club(id: $id) {\n      id\n      teams(season: $season) { id name gameClass { name } groups(season: $season) { name phase league { id name } gameClass { id name } } }\n    }\n  }\n"): (typeof documents)["\n  query LegacyClubTeams($id: Int!, $season: Int!) {\n    club(id: $id) {\n      id\n      teams(season: $season) { id name gameClass { name } groups(season: $season) { name phase league { id name } gameClass { id name } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CalendarGames(\n    $filter: GameFilter!, $season: Int!\n    $teamId: Int!, $withTeam: Boolean!, $clubId: Int!, $withClub: Boolean!\n    $league: Int!, $gameClass: Int!, $withLeague: Boolean!\n  ) {\n    season(id: $season) { label }\n    team(id: $teamId) @include(if: $withTeam) { name }\n    club(id: $clubId) @include(if: $withClub) { name }\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) @include(if: $withLeague) {\n      edges { node { name league { name } gameClass { name } } }\n    }\n    games(filter: $filter, first: 5000) {\n      edges { node {\n        id startsAt status homeScore awayScore homePeriodScores awayPeriodScores decidedBy\n        homeTeam { name } awayTeam { name } homePlaceholder awayPlaceholder\n        venue { name street zip city latitude longitude }\n        group { name league { name } gameClass { name } }\n        round { name }\n        cupRound { name tournament { name } }\n      } }\n    }\n  }\n"): (typeof documents)["\n  query CalendarGames(\n    $filter: GameFilter!, $season: Int!\n    $teamId: Int!, $withTeam: Boolean!, $clubId: Int!, $withClub: Boolean!\n    $league: Int!, $gameClass: Int!, $withLeague: Boolean!\n  ) {\n    season(id: $season) { label }\n    team(id: $teamId) @include(if: $withTeam) { name }\n    club(id: $clubId) @include(if: $withClub) { name }\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) @include(if: $withLeague) {\n      edges { node { name league { name } gameClass { name } } }\n    }\n    games(filter: $filter, first: 5000) {\n      edges { node {\n        id startsAt status homeScore awayScore homePeriodScores awayPeriodScores decidedBy\n        homeTeam { name } awayTeam { name } homePlaceholder awayPlaceholder\n        venue { name street zip city latitude longitude }\n        group { name league { name } gameClass { name } }\n        round { name }\n        cupRound { name tournament { name } }\n      } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SeasonClubs($season: Int!) { clubs(season: $season, first: 5000) { edges { node { id name } } } }\n"): (typeof documents)["\n  query SeasonClubs($season: Int!) { clubs(season: $season, first: 5000) { edges { node { id name } } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClubStatistics($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    club(id: $id) { id name seasonRecords(season: $season) { ...SeasonRecordTexts } }\n  }\n"): (typeof documents)["\n  query ClubStatistics($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    club(id: $id) { id name seasonRecords(season: $season) { ...SeasonRecordTexts } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CupRoundGames on CupRound { id number name games { startsAt status } }\n"): (typeof documents)["\n  fragment CupRoundGames on CupRound { id number name games { startsAt status } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Cups($season: Int!) {\n    season(id: $season) {\n      id label\n      cups { id name gameClass { id name } rounds { ...CupRoundGames } }\n    }\n  }\n"): (typeof documents)["\n  query Cups($season: Int!) {\n    season(id: $season) {\n      id label\n      cups { id name gameClass { id name } rounds { ...CupRoundGames } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CupDetails($id: Int!) {\n    cupTournament(id: $id) {\n      id name\n      season { id label }\n      gameClass { id name }\n      rounds { ...CupRoundGames }\n    }\n  }\n"): (typeof documents)["\n  query CupDetails($id: Int!) {\n    cupTournament(id: $id) {\n      id name\n      season { id label }\n      gameClass { id name }\n      rounds { ...CupRoundGames }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameDetail($id: Int!) { game(id: $id) { ...GameRow spectators firstReferee secondReferee } }\n"): (typeof documents)["\n  query GameDetail($id: Int!) { game(id: $id) { ...GameRow spectators firstReferee secondReferee } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GameEventTexts on GameEvent {\n    id second type side period homeScore awayScore penaltyKind penaltyReason penaltyShot penaltyRole code inspectionDone\n    team { name }\n    player { firstName lastName }\n    assist { firstName lastName }\n  }\n"): (typeof documents)["\n  fragment GameEventTexts on GameEvent {\n    id second type side period homeScore awayScore penaltyKind penaltyReason penaltyShot penaltyRole code inspectionDone\n    team { name }\n    player { firstName lastName }\n    assist { firstName lastName }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameEvents($id: Int!) {\n    game(id: $id) {\n      homeTeam { name }\n      awayTeam { name }\n      homePlaceholder awayPlaceholder\n      events { ...GameEventTexts }\n    }\n  }\n"): (typeof documents)["\n  query GameEvents($id: Int!) {\n    game(id: $id) {\n      homeTeam { name }\n      awayTeam { name }\n      homePlaceholder awayPlaceholder\n      events { ...GameEventTexts }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameHistory($id: Int!) {\n    game(id: $id) {\n      homeTeam { name }\n      awayTeam { name }\n      homePlaceholder awayPlaceholder\n      history(first: 5000) {\n        totalCount\n        nodes {\n          kind write at version role reason eventId\n          event { before { type second } after { type second } }\n          score { before { home away } after { home away } }\n          status { before after }\n          resultState { before after }\n          transition { to second }\n          spectators\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query GameHistory($id: Int!) {\n    game(id: $id) {\n      homeTeam { name }\n      awayTeam { name }\n      homePlaceholder awayPlaceholder\n      history(first: 5000) {\n        totalCount\n        nodes {\n          kind write at version role reason eventId\n          event { before { type second } after { type second } }\n          score { before { home away } after { home away } }\n          status { before after }\n          resultState { before after }\n          transition { to second }\n          spectators\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameLineup($id: Int!, $side: TeamSide!) {\n    game(id: $id) {\n      homeTeam { name }\n      awayTeam { name }\n      homePlaceholder awayPlaceholder\n      lineup(side: $side) { number position captain player { id firstName lastName } }\n    }\n  }\n"): (typeof documents)["\n  query GameLineup($id: Int!, $side: TeamSide!) {\n    game(id: $id) {\n      homeTeam { name }\n      awayTeam { name }\n      homePlaceholder awayPlaceholder\n      lineup(side: $side) { number position captain player { id firstName lastName } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameSummary($id: Int!) {\n    game(id: $id) {\n      ...GameRow spectators firstReferee secondReferee\n      events { ...GameEventTexts }\n    }\n  }\n"): (typeof documents)["\n  query GameSummary($id: Int!) {\n    game(id: $id) {\n      ...GameRow spectators firstReferee secondReferee\n      events { ...GameEventTexts }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CupRound($tournament: Int!) {\n    cupTournament(id: $tournament) {\n      name\n      season { label }\n      rounds { id number name games { bracketPosition ...GameRow } }\n    }\n  }\n"): (typeof documents)["\n  query CupRound($tournament: Int!) {\n    cupTournament(id: $tournament) {\n      name\n      season { label }\n      rounds { id number name games { bracketPosition ...GameRow } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CurrentGames($filter: GameFilter!, $before: GameFilter!, $after: GameFilter!) {\n    games(filter: $filter, first: 5000) { edges { node { ...DayGame } } }\n    earlier: games(filter: $before, last: 1) { edges { node { startsAt } } }\n    later: games(filter: $after, first: 1) { edges { node { startsAt } } }\n  }\n"): (typeof documents)["\n  query CurrentGames($filter: GameFilter!, $before: GameFilter!, $after: GameFilter!) {\n    games(filter: $filter, first: 5000) { edges { node { ...DayGame } } }\n    earlier: games(filter: $before, last: 1) { edges { node { startsAt } } }\n    later: games(filter: $after, first: 1) { edges { node { startsAt } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CurrentGameVersions($filter: GameFilter!, $before: GameFilter!, $after: GameFilter!) {\n    games(filter: $filter, first: 5000) { edges { node { id version } } }\n    earlier: games(filter: $before, last: 1) { edges { node { startsAt } } }\n    later: games(filter: $after, first: 1) { edges { node { startsAt } } }\n  }\n"): (typeof documents)["\n  query CurrentGameVersions($filter: GameFilter!, $before: GameFilter!, $after: GameFilter!) {\n    games(filter: $filter, first: 5000) { edges { node { id version } } }\n    earlier: games(filter: $before, last: 1) { edges { node { startsAt } } }\n    later: games(filter: $after, first: 1) { edges { node { startsAt } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DayGamesById($filter: GameFilter!) {\n    games(filter: $filter, first: 5000) { edges { node { version ...DayGame } } }\n  }\n"): (typeof documents)["\n  query DayGamesById($filter: GameFilter!) {\n    games(filter: $filter, first: 5000) { edges { node { version ...DayGame } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NearestGame($before: GameFilter!, $after: GameFilter!, $wantBefore: Boolean!) {\n    earlier: games(filter: $before, last: 1) @include(if: $wantBefore) { edges { node { startsAt } } }\n    later: games(filter: $after, first: 1) @skip(if: $wantBefore) { edges { node { startsAt } } }\n  }\n"): (typeof documents)["\n  query NearestGame($before: GameFilter!, $after: GameFilter!, $wantBefore: Boolean!) {\n    earlier: games(filter: $before, last: 1) @include(if: $wantBefore) { edges { node { startsAt } } }\n    later: games(filter: $after, first: 1) @skip(if: $wantBefore) { edges { node { startsAt } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DirectTeams($id: Int!) { game(id: $id) { homeTeam { id } awayTeam { id } } }\n"): (typeof documents)["\n  query DirectTeams($id: Int!) { game(id: $id) { homeTeam { id } awayTeam { id } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DirectGames($filter: GameFilter!, $amount: Int!) {\n    games(filter: $filter, last: $amount) { edges { node { ...GameRow } } }\n  }\n"): (typeof documents)["\n  query DirectGames($filter: GameFilter!, $amount: Int!) {\n    games(filter: $filter, last: $amount) { edges { node { ...GameRow } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FavoriteGames($sid: String!, $from: DateTime!) {\n    favoriteSession(sid: $sid) { favorites { title nextGame(from: $from) { ...GameRow } } }\n  }\n"): (typeof documents)["\n  query FavoriteGames($sid: String!, $from: DateTime!) {\n    favoriteSession(sid: $sid) { favorites { title nextGame(from: $from) { ...GameRow } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListSelection($teamId: Int!, $withTeam: Boolean!, $playerId: Int!, $withPlayer: Boolean!) {\n    currentSeason { id label }\n    team(id: $teamId) @include(if: $withTeam) { groups { ...SelectableGroup } }\n    player(id: $playerId) @include(if: $withPlayer) { memberships { season { id } team { groups { ...SelectableGroup } } } }\n  }\n  fragment SelectableGroup on LeagueGroup { name phase season { id } league { id } gameClass { id } }\n"): (typeof documents)["\n  query ListSelection($teamId: Int!, $withTeam: Boolean!, $playerId: Int!, $withPlayer: Boolean!) {\n    currentSeason { id label }\n    team(id: $teamId) @include(if: $withTeam) { groups { ...SelectableGroup } }\n    player(id: $playerId) @include(if: $withPlayer) { memberships { season { id } team { groups { ...SelectableGroup } } } }\n  }\n  fragment SelectableGroup on LeagueGroup { name phase season { id } league { id } gameClass { id } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListGroups($season: Int!, $league: Int!, $gameClass: Int!, $withSeason: Boolean!) {\n    season(id: $season) @include(if: $withSeason) { label }\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) {\n      edges { node { id name seriesBestOf league { name } gameClass { name } rounds { id number name startsAt } } }\n    }\n  }\n"): (typeof documents)["\n  query ListGroups($season: Int!, $league: Int!, $gameClass: Int!, $withSeason: Boolean!) {\n    season(id: $season) @include(if: $withSeason) { label }\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) {\n      edges { node { id name seriesBestOf league { name } gameClass { name } rounds { id number name startsAt } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListRoundGames($roundId: Int!) { games(filter: { roundId: $roundId }, first: 5000) { edges { node { ...GameRow } } } }\n"): (typeof documents)["\n  query ListRoundGames($roundId: Int!) { games(filter: { roundId: $roundId }, first: 5000) { edges { node { ...GameRow } } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Schedule($filter: GameFilter!, $clubId: Int!, $isClub: Boolean!, $teamId: Int!, $season: Int!, $first: Int!) {\n    season(id: $season) { label }\n    club(id: $clubId) @include(if: $isClub) { name }\n    team(id: $teamId) @skip(if: $isClub) {\n      name\n      groups(season: $season) { name phase league { id name } gameClass { id name } }\n    }\n    games(filter: $filter, first: $first) { edges { node { ...GameRow } } }\n  }\n"): (typeof documents)["\n  query Schedule($filter: GameFilter!, $clubId: Int!, $isClub: Boolean!, $teamId: Int!, $season: Int!, $first: Int!) {\n    season(id: $season) { label }\n    club(id: $clubId) @include(if: $isClub) { name }\n    team(id: $teamId) @skip(if: $isClub) {\n      name\n      groups(season: $season) { name phase league { id name } gameClass { id name } }\n    }\n    games(filter: $filter, first: $first) { edges { node { ...GameRow } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SeasonGroups($season: Int!, $league: Int, $gameClass: Int) {\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 5000) {\n      edges { node { name league { id name level } gameClass { id name } } }\n    }\n  }\n"): (typeof documents)["\n  query SeasonGroups($season: Int!, $league: Int, $gameClass: Int) {\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 5000) {\n      edges { node { name league { id name level } gameClass { id name } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NationalPlayers($selection: Int!) {\n    nationalSelections { id name }\n    nationalPlayers(selectionId: $selection, active: true, first: 5000) {\n      edges { node { id number position player { id firstName lastName } } }\n    }\n  }\n"): (typeof documents)["\n  query NationalPlayers($selection: Int!) {\n    nationalSelections { id name }\n    nationalPlayers(selectionId: $selection, active: true, first: 5000) {\n      edges { node { id number position player { id firstName lastName } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NationalPlayerDetail($id: Int!) {\n    nationalPlayer(id: $id) { number position selection { name } player { ...ProfilePlayer } }\n  }\n"): (typeof documents)["\n  query NationalPlayerDetail($id: Int!) {\n    nationalPlayer(id: $id) { number position selection { name } player { ...ProfilePlayer } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment StatisticsNationalPlayer on NationalPlayer {\n    id player { firstName lastName }\n    records { selection { name } games goals assists points penalties2 penalties5 penalties10 matchPenalties }\n  }\n"): (typeof documents)["\n  fragment StatisticsNationalPlayer on NationalPlayer {\n    id player { firstName lastName }\n    records { selection { name } games goals assists points penalties2 penalties5 penalties10 matchPenalties }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NationalPlayerStatistics($id: Int!) { nationalPlayer(id: $id) { ...StatisticsNationalPlayer } }\n"): (typeof documents)["\n  query NationalPlayerStatistics($id: Int!) { nationalPlayer(id: $id) { ...StatisticsNationalPlayer } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NationalRecords($selection: Int!, $order: NationalRecordOrder!, $direction: SortDirection!) {\n    nationalSelections { id name }\n    nationalPlayerRecords(selectionId: $selection, orderBy: $order, direction: $direction, minGames: 1) {\n      games goals assists points penalties2 penalties5 penalties10 matchPenalties\n      nationalPlayer { id player { id firstName lastName } }\n    }\n  }\n"): (typeof documents)["\n  query NationalRecords($selection: Int!, $order: NationalRecordOrder!, $direction: SortDirection!) {\n    nationalSelections { id name }\n    nationalPlayerRecords(selectionId: $selection, orderBy: $order, direction: $direction, minGames: 1) {\n      games goals assists points penalties2 penalties5 penalties10 matchPenalties\n      nationalPlayer { id player { id firstName lastName } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OverviewPlayer on Player {\n    id firstName lastName\n    memberships(season: $season) { team { id name } }\n    games(season: $season) {\n      played goals assists points penaltyMinutes teamId\n      game {\n        id startsAt status homeScore awayScore decidedBy\n        venue { name city } homeTeam { id name } awayTeam { id name } homePlaceholder awayPlaceholder\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment OverviewPlayer on Player {\n    id firstName lastName\n    memberships(season: $season) { team { id name } }\n    games(season: $season) {\n      played goals assists points penaltyMinutes teamId\n      game {\n        id startsAt status homeScore awayScore decidedBy\n        venue { name city } homeTeam { id name } awayTeam { id name } homePlaceholder awayPlaceholder\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlayerOverview($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    player(id: $id) { ...OverviewPlayer }\n  }\n"): (typeof documents)["\n  query PlayerOverview($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    player(id: $id) { ...OverviewPlayer }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlayerDetail($id: Int!) { player(id: $id) { ...ProfilePlayer } }\n"): (typeof documents)["\n  query PlayerDetail($id: Int!) { player(id: $id) { ...ProfilePlayer } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment StatisticsPlayer on Player {\n    id firstName lastName\n    statistics {\n      season { id label } league { name } gameClass { name } cupTournament { name } team { id name }\n      games goals assists points penalties2 penalties5 penalties10 matchPenalties\n    }\n  }\n"): (typeof documents)["\n  fragment StatisticsPlayer on Player {\n    id firstName lastName\n    statistics {\n      season { id label } league { name } gameClass { name } cupTournament { name } team { id name }\n      games goals assists points penalties2 penalties5 penalties10 matchPenalties\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlayerStatistics($id: Int!) { player(id: $id) { ...StatisticsPlayer } }\n"): (typeof documents)["\n  query PlayerStatistics($id: Int!) { player(id: $id) { ...StatisticsPlayer } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Rankings($season: Int!, $league: Int!, $gameClass: Int!, $seasonWide: Boolean!, $asOf: Date, $roundNumber: Int, $asCorrected: Boolean) {\n    season(id: $season) {\n      label\n      groups @include(if: $seasonWide) { name league { id name level } gameClass { id name } }\n    }\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) {\n      edges { node {\n        name phase playoffLine league { id name level } gameClass { id name }\n        standings(asOf: $asOf, roundNumber: $roundNumber, asCorrected: $asCorrected) { rank games wins overtimeWins overtimeLosses losses forfeits goalsFor goalsAgainst points team { id name logoUrl } }\n      } }\n    }\n  }\n"): (typeof documents)["\n  query Rankings($season: Int!, $league: Int!, $gameClass: Int!, $seasonWide: Boolean!, $asOf: Date, $roundNumber: Int, $asCorrected: Boolean) {\n    season(id: $season) {\n      label\n      groups @include(if: $seasonWide) { name league { id name level } gameClass { id name } }\n    }\n    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) {\n      edges { node {\n        name phase playoffLine league { id name level } gameClass { id name }\n        standings(asOf: $asOf, roundNumber: $roundNumber, asCorrected: $asCorrected) { rank games wins overtimeWins overtimeLosses losses forfeits goalsFor goalsAgainst points team { id name logoUrl } }\n      } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RankingsTeam($id: Int!, $season: Int!) {\n    team(id: $id) { groups(season: $season) { name phase league { id } gameClass { id } } }\n  }\n"): (typeof documents)["\n  query RankingsTeam($id: Int!, $season: Int!) {\n    team(id: $id) { groups(season: $season) { name phase league { id } gameClass { id } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Search($text: String!, $first: Int, $prefer: SearchKind, $season: Int) {\n    search(text: $text, first: $first, prefer: $prefer, season: $season) { kind id name match detail season leagueId gameClassId groupName }\n  }\n"): (typeof documents)["\n  query Search($text: String!, $first: Int, $prefer: SearchKind, $season: Int) {\n    search(text: $text, first: $first, prefer: $prefer, season: $season) { kind id name match detail season leagueId gameClassId groupName }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Seasons { seasons { id label isCurrent } }"): (typeof documents)["query Seasons { seasons { id label isCurrent } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddFavorites($sid: String, $favorites: [FavoriteInput!]!) { addFavorite(sid: $sid, favorites: $favorites) { id } }\n"): (typeof documents)["\n  mutation AddFavorites($sid: String, $favorites: [FavoriteInput!]!) { addFavorite(sid: $sid, favorites: $favorites) { id } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveFavorites($sid: String, $favorites: [FavoriteInput!]!) { removeFavorite(sid: $sid, favorites: $favorites) { id } }\n"): (typeof documents)["\n  mutation RemoveFavorites($sid: String, $favorites: [FavoriteInput!]!) { removeFavorite(sid: $sid, favorites: $favorites) { id } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Matchcenter($sid: String!) { favoriteSession(sid: $sid) { favorites { type: kind json title } } }\n"): (typeof documents)["\n  query Matchcenter($sid: String!) { favoriteSession(sid: $sid) { favorites { type: kind json title } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SeasonRecordTexts on TeamSeasonRecord {\n    season { id label }\n    team { id name }\n    groups { name phase league { name } gameClass { name } }\n    qualificationRank\n    qualificationGroup { name league { name } gameClass { name } }\n    finalPhase { phase round { name final won } }\n    cup { tournament { name } round { name final won } }\n  }\n"): (typeof documents)["\n  fragment SeasonRecordTexts on TeamSeasonRecord {\n    season { id label }\n    team { id name }\n    groups { name phase league { name } gameClass { name } }\n    qualificationRank\n    qualificationGroup { name league { name } gameClass { name } }\n    finalPhase { phase round { name final won } }\n    cup { tournament { name } round { name final won } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GameRow on Game {\n    id startsAt status homeScore awayScore homePeriodScores awayPeriodScores decidedBy hasVideoStream\n    clock { phase period }\n    result { state confirmedAt protestWindowClosesAt }\n    homeTeam { id name logoUrl }\n    awayTeam { id name logoUrl }\n    homePlaceholder awayPlaceholder\n    venue { name city latitude longitude }\n    group { id name season { id label } league { id name } gameClass { id name } }\n    round { number name }\n    cupRound { id name tournament { id name season { label } } }\n  }\n"): (typeof documents)["\n  fragment GameRow on Game {\n    id startsAt status homeScore awayScore homePeriodScores awayPeriodScores decidedBy hasVideoStream\n    clock { phase period }\n    result { state confirmedAt protestWindowClosesAt }\n    homeTeam { id name logoUrl }\n    awayTeam { id name logoUrl }\n    homePlaceholder awayPlaceholder\n    venue { name city latitude longitude }\n    group { id name season { id label } league { id name } gameClass { id name } }\n    round { number name }\n    cupRound { id name tournament { id name season { label } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DayGame on Game {\n    id startsAt status homeScore awayScore decidedBy\n    clock { phase period }\n    homeTeam { name }\n    awayTeam { name }\n    homePlaceholder awayPlaceholder\n    group { league { id name } gameClass { id name } }\n    cupRound { tournament { id name } }\n  }\n"): (typeof documents)["\n  fragment DayGame on Game {\n    id startsAt status homeScore awayScore decidedBy\n    clock { phase period }\n    homeTeam { name }\n    awayTeam { name }\n    homePlaceholder awayPlaceholder\n    group { league { id name } gameClass { id name } }\n    cupRound { tournament { id name } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProfilePlayer on Player {\n    id firstName lastName yearOfBirth heightCm weightKg position portraitUrl\n    licenses { licenseType season { id } club { name } team { groups { season { id } phase league { name } } } }\n    memberships { number position season { id } team { club { name } } }\n  }\n"): (typeof documents)["\n  fragment ProfilePlayer on Player {\n    id firstName lastName yearOfBirth heightCm weightKg position portraitUrl\n    licenses { licenseType season { id } club { name } team { groups { season { id } phase league { name } } } }\n    memberships { number position season { id } team { club { name } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TeamPlayers($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    team(id: $id) {\n      id name\n      members(season: $season) {\n        number position\n        player { id firstName lastName yearOfBirth position }\n        statistics { goals assists points penaltyMinutes }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TeamPlayers($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    team(id: $id) {\n      id name\n      members(season: $season) {\n        number position\n        player { id firstName lastName yearOfBirth position }\n        statistics { goals assists points penaltyMinutes }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TeamStatistics($id: Int!) { team(id: $id) { id name seasonRecords { ...SeasonRecordTexts } } }\n"): (typeof documents)["\n  query TeamStatistics($id: Int!) { team(id: $id) { id name seasonRecords { ...SeasonRecordTexts } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TeamVisitors($season: Int!, $leagues: [Int!]!, $gameClass: Int!) {\n    season(id: $season) { label }\n    leagues { id name }\n    gameClasses { id name }\n    teamVisitors(season: $season, leagues: $leagues, gameClass: $gameClass) { rank averageVisitors percentOfTop team { id name } }\n  }\n"): (typeof documents)["\n  query TeamVisitors($season: Int!, $leagues: [Int!]!, $gameClass: Int!) {\n    season(id: $season) { label }\n    leagues { id name }\n    gameClasses { id name }\n    teamVisitors(season: $season, leagues: $leagues, gameClass: $gameClass) { rank averageVisitors percentOfTop team { id name } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LeagueTeams($season: Int!, $league: Int!, $gameClass: Int!) {\n    teams(season: $season, league: $league, gameClass: $gameClass, first: 5000) { edges { node { id name logoUrl website portraitUrl } } }\n  }\n"): (typeof documents)["\n  query LeagueTeams($season: Int!, $league: Int!, $gameClass: Int!) {\n    teams(season: $season, league: $league, gameClass: $gameClass, first: 5000) { edges { node { id name logoUrl website portraitUrl } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClubTeams($clubId: Int!, $season: Int!) { club(id: $clubId) { teams(season: $season) { id name } } }\n"): (typeof documents)["\n  query ClubTeams($clubId: Int!, $season: Int!) { club(id: $clubId) { teams(season: $season) { id name } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TeamDetail($id: Int!) {\n    team(id: $id) {\n      id name logoUrl website portraitUrl\n      club { name street zip city }\n      groups { name phase season { id } league { name } gameClass { name } }\n    }\n  }\n"): (typeof documents)["\n  query TeamDetail($id: Int!) {\n    team(id: $id) {\n      id name logoUrl website portraitUrl\n      club { name street zip city }\n      groups { name phase season { id } league { name } gameClass { name } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TopScorerHighlight($season: Int!, $clubId: Int, $clubKey: Int!, $withClub: Boolean!, $league: Int!, $menClass: Int!, $womenClass: Int!) {\n    season(id: $season) { label }\n    club(id: $clubKey) @include(if: $withClub) { name }\n    topLeagueTeams: teams(season: $season, league: $league, clubId: $clubKey, first: 5000) @include(if: $withClub) { edges { node { gameClass { id } } } }\n    men: topScorers(season: $season, league: $league, gameClass: $menClass, clubId: $clubId, first: 1) { ...Highlighted }\n    women: topScorers(season: $season, league: $league, gameClass: $womenClass, clubId: $clubId, first: 1) { ...Highlighted }\n  }\n  fragment Highlighted on TopScorer { points player { id firstName lastName portraitUrl } team { club { name } } }\n"): (typeof documents)["\n  query TopScorerHighlight($season: Int!, $clubId: Int, $clubKey: Int!, $withClub: Boolean!, $league: Int!, $menClass: Int!, $womenClass: Int!) {\n    season(id: $season) { label }\n    club(id: $clubKey) @include(if: $withClub) { name }\n    topLeagueTeams: teams(season: $season, league: $league, clubId: $clubKey, first: 5000) @include(if: $withClub) { edges { node { gameClass { id } } } }\n    men: topScorers(season: $season, league: $league, gameClass: $menClass, clubId: $clubId, first: 1) { ...Highlighted }\n    women: topScorers(season: $season, league: $league, gameClass: $womenClass, clubId: $clubId, first: 1) { ...Highlighted }\n  }\n  fragment Highlighted on TopScorer { points player { id firstName lastName portraitUrl } team { club { name } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TopScorers($season: Int!, $league: Int!, $gameClass: Int!, $phases: [GroupPhase!], $clubId: Int, $first: Int!, $all: Boolean!) {\n    season(id: $season) { label competitions { league { id name level isNational } gameClass { id name isYouth } } }\n    topScorers(season: $season, league: $league, gameClass: $gameClass, phases: $phases, clubId: $clubId, first: $first, all: $all) {\n      rank goals assists points player { id firstName lastName } team { id name }\n    }\n  }\n"): (typeof documents)["\n  query TopScorers($season: Int!, $league: Int!, $gameClass: Int!, $phases: [GroupPhase!], $clubId: Int, $first: Int!, $all: Boolean!) {\n    season(id: $season) { label competitions { league { id name level isNational } gameClass { id name isYouth } } }\n    topScorers(season: $season, league: $league, gameClass: $gameClass, phases: $phases, clubId: $clubId, first: $first, all: $all) {\n      rank goals assists points player { id firstName lastName } team { id name }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UiPlayer($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    player(id: $id) { ...ProfilePlayer ...StatisticsPlayer nationalPlayer { ...StatisticsNationalPlayer } }\n    overview: player(id: $id) { ...OverviewPlayer }\n  }\n"): (typeof documents)["\n  query UiPlayer($id: Int!, $season: Int!) {\n    season(id: $season) { label }\n    player(id: $id) { ...ProfilePlayer ...StatisticsPlayer nationalPlayer { ...StatisticsNationalPlayer } }\n    overview: player(id: $id) { ...OverviewPlayer }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CurrentSeason { currentSeason { id } }"): (typeof documents)["query CurrentSeason { currentSeason { id } }"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation V3AddExtraGoal($input: FinishGameInput!) { finishGame(input: $input) { replayed game { ...V3Game } } }\n"): (typeof documents)["\n  mutation V3AddExtraGoal($input: FinishGameInput!) { finishGame(input: $input) { replayed game { ...V3Game } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment V3Team on Team { id name shortName logoUrl portraitUrl }\n"): (typeof documents)["\n  fragment V3Team on Team { id name shortName logoUrl portraitUrl }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment V3Game on Game {\n    id startsAt status homeScore awayScore hasVideoStream\n    result { state confirmedAt protestWindowClosesAt }\n    homeTeam { ...V3Team }\n    awayTeam { ...V3Team }\n    group { season { id } }\n    cupRound { tournament { season { id } } }\n  }\n"): (typeof documents)["\n  fragment V3Game on Game {\n    id startsAt status homeScore awayScore hasVideoStream\n    result { state confirmedAt protestWindowClosesAt }\n    homeTeam { ...V3Team }\n    awayTeam { ...V3Team }\n    group { season { id } }\n    cupRound { tournament { season { id } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query V3Games($filter: GameFilter!, $first: Int!) {\n    games(filter: $filter, first: $first) { edges { node { ...V3Game } } pageInfo { hasNextPage } }\n  }\n"): (typeof documents)["\n  query V3Games($filter: GameFilter!, $first: Int!) {\n    games(filter: $filter, first: $first) { edges { node { ...V3Game } } pageInfo { hasNextPage } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query V3Game($id: Int!) { game(id: $id) { ...V3Game } }\n"): (typeof documents)["\n  query V3Game($id: Int!) { game(id: $id) { ...V3Game } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment V3Candidate on LineupCandidate {\n    licenseId playerId firstName lastName licenseType licenseDisabled number position captain eligible licensing reason\n    player { yearOfBirth heightCm weightKg position portraitUrl }\n  }\n"): (typeof documents)["\n  fragment V3Candidate on LineupCandidate {\n    licenseId playerId firstName lastName licenseType licenseDisabled number position captain eligible licensing reason\n    player { yearOfBirth heightCm weightKg position portraitUrl }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LineupCandidates($gameId: Int!, $teamId: Int!, $licenseIds: [Int!]) {\n    lineupCandidates(gameId: $gameId, teamId: $teamId, licenseIds: $licenseIds) { ...V3Candidate }\n  }\n"): (typeof documents)["\n  query LineupCandidates($gameId: Int!, $teamId: Int!, $licenseIds: [Int!]) {\n    lineupCandidates(gameId: $gameId, teamId: $teamId, licenseIds: $licenseIds) { ...V3Candidate }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LineupValidation($gameId: Int!, $teamId: Int!, $licenseIds: [Int!]!) {\n    lineupValidation(gameId: $gameId, teamId: $teamId, licenseIds: $licenseIds) {\n      valid quotaExceeded\n      messages { rule licenseId message }\n      members { ...V3Candidate }\n    }\n  }\n"): (typeof documents)["\n  query LineupValidation($gameId: Int!, $teamId: Int!, $licenseIds: [Int!]!) {\n    lineupValidation(gameId: $gameId, teamId: $teamId, licenseIds: $licenseIds) {\n      valid quotaExceeded\n      messages { rule licenseId message }\n      members { ...V3Candidate }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query V3GameTeams($id: Int!) { game(id: $id) { id homeTeam { ...V3Team } awayTeam { ...V3Team } } }\n"): (typeof documents)["\n  query V3GameTeams($id: Int!) { game(id: $id) { id homeTeam { ...V3Team } awayTeam { ...V3Team } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query V3TeamLastGame($teamId: Int!, $statuses: [GameStatus!]!, $before: DateTime!) {\n    team(id: $teamId) { id }\n    games(filter: { teamId: $teamId, status: $statuses, to: $before }, last: 1) { edges { node { ...V3Game } } }\n  }\n"): (typeof documents)["\n  query V3TeamLastGame($teamId: Int!, $statuses: [GameStatus!]!, $before: DateTime!) {\n    team(id: $teamId) { id }\n    games(filter: { teamId: $teamId, status: $statuses, to: $before }, last: 1) { edges { node { ...V3Game } } }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;