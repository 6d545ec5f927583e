/** Teams of a qualification group that go to the playoffs: 8 in a full top league. */
export function playoffSize(groupSize: number): number {
  if (groupSize >= 10) return 8;
  if (groupSize >= 6) return 4;
  return 2;
}

/** Teams at the bottom that play the playouts against relegation. */
export function playoutSize(groupSize: number): number {
  const rest = groupSize - playoffSize(groupSize);
  if (rest >= 4) return 4;
  if (rest >= 2) return 2;
  return 0;
}

/** Knock-out round names by the number of teams still in it. */
export function knockoutRoundName(teamsInRound: number): string {
  if (teamsInRound <= 2) return 'Final';
  if (teamsInRound <= 4) return '1/2-Final';
  return `1/${teamsInRound / 2}-Final`;
}
