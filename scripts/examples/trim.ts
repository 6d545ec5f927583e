/**
 * An answer as the recorded examples show it (docs/openapi-examples.json): trimmed to its first few
 * rows, entries and resources. The recording and the OpenAPI test, which compares the routes'
 * answers with the recording, trim alike.
 */

/** Rows, entries and resources an example keeps: enough to show the shape, small enough to read. */
const KEEP = 2;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function trimEntries(entries: unknown): unknown {
  return Array.isArray(entries)
    ? entries.slice(0, KEEP).map((entry) => (isObject(entry) ? { ...entry, entries: trimEntries(entry.entries) } : entry))
    : entries;
}

/** The type:id pairs a resource points to. */
function referenced(resource: unknown): string[] {
  if (!isObject(resource) || !isObject(resource.relationships)) return [];
  return Object.values(resource.relationships).flatMap((relation) => [(relation as Json).data].flat().map((id) => `${(id as Json).type}:${(id as Json).id}`));
}

/** A JSON:API document with its first resources and what they include (two levels: lineup → member → player). */
function trimJsonApi(document: Json): Json {
  let data = Array.isArray(document.data) ? document.data.slice(0, KEEP) : document.data;
  if (isObject(data) && isObject(data.relationships) && isObject(data.relationships.team_members)) {
    const members = data.relationships.team_members as Json;
    data = { ...data, relationships: { ...data.relationships, team_members: { data: (members.data as unknown[]).slice(0, KEEP) } } };
  }
  if (!Array.isArray(document.included)) return { ...document, data };
  const included = document.included as Json[];
  const wanted = new Set([data].flat().flatMap(referenced));
  for (const resource of included) if (wanted.has(`${resource.type}:${resource.id}`)) for (const key of referenced(resource)) wanted.add(key);
  return { ...document, data, included: included.filter((resource) => wanted.has(`${resource.type}:${resource.id}`)) };
}

/** A back-office game report with its first games, each with its first positions and events, and what they reference. */
function trimBackOffice(answer: Json): Json {
  const payload = answer.payload as { list: Json[]; references: Record<string, Record<string, Json>> };
  const list = payload.list.slice(0, KEEP).map(
    (game): Json => ({
      ...game,
      positions: (game.positions as number[]).slice(0, KEEP),
      events: (game.events as number[]).slice(0, KEEP),
    }),
  );
  const kept = (name: string, ids: unknown[]) => Object.fromEntries(ids.map(String).map((id) => [id, payload.references[name][id]]));
  const references = {
    teams: kept(
      'teams',
      list.flatMap((game) => [game.home_team_id, game.away_team_id]),
    ),
    positions: kept(
      'positions',
      list.flatMap((game) => game.positions),
    ),
    events: kept(
      'events',
      list.flatMap((game) => game.events),
    ),
  };
  return { ...answer, payload: { list, references } };
}

/** An answer as the document shows it: the first region's first rows, the first entries, the first event. */
export function trimmed(body: unknown): unknown {
  if (typeof body === 'string') {
    const end = body.indexOf('END:VEVENT\r\n');
    return end < 0 ? body : `${body.slice(0, end + 'END:VEVENT\r\n'.length)}END:VCALENDAR\r\n`;
  }
  if (!isObject(body)) return body;
  if (body.type === 'table' && isObject(body.data)) {
    const data = body.data as Json & { regions: Json[]; tabs: unknown[] };
    const regions = data.regions.slice(0, 1).map((region) => ({ ...region, rows: (region.rows as unknown[]).slice(0, KEEP) }));
    return { ...body, data: { ...data, tabs: data.tabs.slice(0, KEEP), regions } };
  }
  if (body.type === 'dropdown') return { ...body, entries: trimEntries(body.entries) };
  if (body.type === 'matchcenter' && isObject(body.data)) return { ...body, data: { sections: (body.data.sections as unknown[]).slice(0, KEEP) } };
  if ('data' in body && !('type' in body)) return trimJsonApi(body);
  if (isObject(body.payload) && Array.isArray(body.payload.list) && isObject(body.payload.references)) return trimBackOffice(body);
  return body;
}
