import { describe, expect, it } from 'vitest';
import { currentCupRound } from '../../src/domain/cups.js';

const round = (number: number, ...statuses: string[]) => ({ number, name: `round ${number}`, games: statuses.map((status) => ({ status })) });

describe('currentCupRound', () => {
  it('is the last round with a game under way or decided', () => {
    const rounds = [round(1, 'FINISHED', 'FORFEIT', 'CANCELLED'), round(2, 'FINISHED', 'LIVE', 'SCHEDULED'), round(3), round(4)];
    expect(currentCupRound(rounds)?.number).toBe(2);
    expect(currentCupRound([round(4), round(1, 'FINISHED')])?.number).toBe(1);
  });

  it('is none before a game is played; cancelled and scheduled games do not start a round', () => {
    expect(currentCupRound([round(1, 'SCHEDULED', 'CANCELLED')])).toBeNull();
    expect(currentCupRound([])).toBeNull();
  });
});
