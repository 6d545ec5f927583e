import { clockText } from '../domain/game-clock.js';

/** The audit of a game's live writes as the audit CLI prints it: one line per write, oldest first. */

export interface AuditRow {
  at: Date;
  mutation: string;
  version: number;
  eventId: number | null;
  change: unknown;
  apiKey: { id: number; name: string; prefix: string; clubId: number | null };
}

interface RecordedChange {
  score?: { before: string; after: string };
  status?: { before: string; after: string };
  event?: { before: EventFields | null; after: EventFields | null };
}

interface EventFields {
  type?: string;
  side?: string | null;
  second?: number;
  playerId?: number | null;
  assistId?: number | null;
  penaltyKind?: string | null;
}

function eventText(event: EventFields | null | undefined): string {
  if (!event) return '-';
  const parts = [event.type, event.side, event.second === undefined ? undefined : clockText(event.second)];
  if (event.playerId != null) parts.push(`player ${event.playerId}`);
  if (event.assistId != null) parts.push(`assist ${event.assistId}`);
  if (event.penaltyKind) parts.push(event.penaltyKind);
  return parts.filter(Boolean).join(' ');
}

/** `2026-11-22T15:31:02.000Z  v3  recordGoal  key 4 "desk" (fbk_AbCdEf…, club 12)  event 1500000002: - → GOAL HOME 02:05 player 7  score 0:0 → 1:0` */
export function formatAuditRow(row: AuditRow): string {
  const change = (row.change ?? {}) as RecordedChange;
  const key = `key ${row.apiKey.id} "${row.apiKey.name}" (${row.apiKey.prefix}…, ${row.apiKey.clubId === null ? 'federation' : `club ${row.apiKey.clubId}`})`;
  const parts = [row.at.toISOString(), `v${row.version}`, row.mutation, key];
  if (row.eventId !== null) parts.push(`event ${row.eventId}: ${eventText(change.event?.before)} → ${eventText(change.event?.after)}`);
  if (change.status && change.status.before !== change.status.after) parts.push(`status ${change.status.before} → ${change.status.after}`);
  if (change.score) parts.push(`score ${change.score.before} → ${change.score.after}`);
  return parts.join('  ');
}
