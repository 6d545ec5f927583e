import { create } from 'xmlbuilder2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldName } from '../../src/domain/search-text.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';

let league: TestLeague;
let apikey: string;

beforeAll(async () => {
  league = await openTestLeague();
  apikey = (await createKey(league.db, 'club website')).key;
});
afterAll(async () => {
  await league?.close();
});

interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlNode[];
}

interface DomElement {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  attributes: ArrayLike<{ name: string; value: string }>;
  childNodes: ArrayLike<DomElement>;
}

function fromDom(element: DomElement): XmlNode {
  const children = Array.from(element.childNodes)
    .filter((n) => n.nodeType === 1)
    .map(fromDom);
  return {
    name: element.nodeName,
    attributes: Object.fromEntries(Array.from(element.attributes).map((a) => [a.name, a.value])),
    text: children.length ? '' : (element.textContent ?? ''),
    children,
  };
}

/** Parses the response back into elements (throws on XML that is not well-formed). */
function parseXml(xml: string): XmlNode {
  return fromDom(create(xml).root().node as unknown as DomElement);
}

async function legacy(url: string, options: { key?: string | null; accept?: string } = {}) {
  const key = options.key === undefined ? apikey : options.key;
  const separator = url.includes('?') ? '&' : '?';
  const response = await league.app.inject({
    method: 'GET',
    url: key === null ? url : `${url}${separator}apikey=${encodeURIComponent(key)}`,
    headers: options.accept ? { accept: options.accept } : {},
  });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.body };
}

describe('GET /rest/v1.0/clubs', () => {
  it('lists every active club as <club id="N">name</club>', async () => {
    const response = await legacy('/rest/v1.0/clubs');
    expect(response.status).toBe(200);
    expect(response.type).toBe('application/xml; charset=utf-8');
    const root = parseXml(response.body);
    const active = await league.db.prisma.club.findMany({ where: { active: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
    expect(root.name).toBe('clubs');
    expect(root.children.map((c) => [c.name, Number(c.attributes.id), c.text])).toEqual(active.map((c) => ['club', c.id, c.name]));
    expect(await countQueries(league.db, () => legacy('/rest/v1.0/clubs'))).toBeLessThanOrEqual(2);
  });

  it('answers JSON when asked', async () => {
    const response = await legacy('/rest/v1.0/clubs', { accept: 'application/json' });
    expect(response.type).toMatch(/application\/json/);
    expect(JSON.parse(response.body).clubs.children[0].club).toMatchObject({ id: expect.any(Number), text: expect.any(String) });
  });
});

describe('GET /rest/v1.0/clubs/{clubid}', () => {
  it('has name, url and address children', async () => {
    const club = await league.db.prisma.club.findFirstOrThrow({ where: { street: { not: null } } });
    const root = parseXml((await legacy(`/rest/v1.0/clubs/${club.id}`)).body);
    expect(root.attributes.id).toBe(String(club.id));
    expect(Object.fromEntries(root.children.map((c) => [c.name, c.text]))).toEqual({
      name: club.name,
      url: club.website ?? '',
      street: club.street,
      zip: club.zip ?? '',
      city: club.city ?? '',
    });
  });

  it('404 for an unknown id, 400 for a malformed one, with an XML error body', async () => {
    const missing = await legacy('/rest/v1.0/clubs/99999999');
    expect(missing.status).toBe(404);
    expect(parseXml(missing.body)).toMatchObject({
      name: 'error',
      children: [
        { name: 'code', text: '404' },
        { name: 'message', text: 'No club with id 99999999' },
        { name: 'request_id', text: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      ],
    });
    expect((await legacy('/rest/v1.0/clubs/abc')).status).toBe(400);
    expect(parseXml((await legacy('/rest/v1.0/clubs/abc')).body).children[1].text).toBe('clubid must be a positive integer, got "abc"');
  });

  it('runs a fixed number of queries', async () => {
    const club = await league.db.prisma.club.findFirstOrThrow();
    expect(await countQueries(league.db, () => legacy(`/rest/v1.0/clubs/${club.id}`))).toBeLessThanOrEqual(2); // key, club
  });

  it('checks the key before the path id, and the path id before the season', async () => {
    expect((await legacy('/rest/v1.0/clubs/abc/teams?season=soon', { key: null })).status).toBe(401);
    const malformed = await legacy('/rest/v1.0/clubs/abc/teams?season=soon');
    expect(parseXml(malformed.body).children[1].text).toBe('clubid must be a positive integer, got "abc"');
  });
});

describe('GET /rest/v1.0/clubs/{clubid}/teams', () => {
  it('lists the club’s teams of the current season with league code and group', async () => {
    const registration = await league.db.prisma.teamRegistration.findFirstOrThrow({
      where: { group: { seasonId: 2026 } },
      include: { team: { include: { gameClass: true } }, group: true },
    });
    const response = await legacy(`/rest/v1.0/clubs/${registration.team.clubId}/teams`);
    const root = parseXml(response.body);
    expect(root).toMatchObject({ name: 'teams', attributes: { clubid: String(registration.team.clubId) } });
    const team = root.children.find((t) => t.attributes.id === String(registration.teamId) && t.attributes.group === registration.group.name);
    expect(team).toMatchObject({
      attributes: { leaguecode: String(registration.group.leagueId), teamname: registration.team.name },
      text: registration.team.gameClass.name,
    });
    expect(await countQueries(league.db, () => legacy(`/rest/v1.0/clubs/${registration.team.clubId}/teams?season=2026`))).toBeLessThanOrEqual(4);
  });

  it('404 when the club has no teams in the season; 400 for a bad season', async () => {
    const club = await league.db.prisma.club.findFirstOrThrow();
    expect((await legacy(`/rest/v1.0/clubs/${club.id}/teams?season=1990`)).status).toBe(404);
    const badSeason = await legacy(`/rest/v1.0/clubs/${club.id}/teams?season=soon`);
    expect(badSeason.status).toBe(400);
    expect(parseXml(badSeason.body).children[1].text).toBe('Parameter season must be an integer, got "soon"');
  });

  it('takes the season as a form field too', async () => {
    const registration = await league.db.prisma.teamRegistration.findFirstOrThrow({ where: { group: { seasonId: 2025 } }, include: { team: true } });
    const response = await league.app.inject({
      method: 'POST',
      url: `/rest/v1.0/clubs/${registration.team.clubId}/teams`,
      payload: `apikey=${encodeURIComponent(apikey)}&season=2025`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    expect(parseXml(response.body).children.map((c) => c.attributes.id)).toContain(String(registration.teamId));
  });
});

describe('GET /rest/v1.0/clubs/search', () => {
  it('matches case- and accent-insensitively, at most `limit` clubs', async () => {
    const clubs = await league.db.prisma.club.findMany({ where: { active: true } });
    const club = clubs.find((c) => c.name.length >= 8)!;
    const needle = club.name.slice(-6).toUpperCase();
    const response = await legacy(`/rest/v1.0/clubs/search?q=${encodeURIComponent(needle)}&limit=2`);
    expect(response.status).toBe(200);
    const names = parseXml(response.body).children.map((c) => c.text);
    expect(names.length).toBeLessThanOrEqual(2);
    expect(names.every((n) => foldName(n).includes(foldName(needle)))).toBe(true);
    expect(await countQueries(league.db, () => legacy(`/rest/v1.0/clubs/search?q=${encodeURIComponent(needle)}`))).toBeLessThanOrEqual(2); // key, search
  });

  it('checks q before limit', async () => {
    const message = async (url: string) => parseXml((await legacy(url)).body).children[1].text;
    expect(await message('/rest/v1.0/clubs/search?q=ab&limit=0')).toBe('Search query q must have at least 5 characters');
    expect(await message('/rest/v1.0/clubs/search?q=Unihockey&limit=0')).toBe('Parameter limit must be from 1 to 100, got 0');
  });

  describe('with clubs whose names need folding', () => {
    const added = [
      { id: 990001, name: 'IBK Grünau Élite', active: true },
      { id: 990002, name: 'FBC 100%_Årsta', active: true },
      { id: 990003, name: 'Old Grünau Élite', active: false },
    ];
    beforeAll(async () => {
      await league.db.prisma.club.createMany({ data: added });
    });
    afterAll(async () => {
      await league.db.prisma.club.deleteMany({ where: { id: { in: added.map((c) => c.id) } } });
    });
    const search = async (q: string) => {
      const response = await legacy(`/rest/v1.0/clubs/search?q=${encodeURIComponent(q)}`);
      return response.status === 200 ? parseXml(response.body).children.map((c) => c.text) : response.status;
    };

    it('ignores case and accents in the name and in q, and leaves inactive clubs out', async () => {
      for (const q of ['GRUNAU ELITE', 'grünau élite', 'nau Él']) expect(await search(q)).toEqual(['IBK Grünau Élite']);
    });

    it('reads % and _ in q as themselves', async () => {
      expect(await search('100%_årsta')).toEqual(['FBC 100%_Årsta']);
      expect(await search('100_%årsta')).toBe(404);
      for (const q of ['%%%%%', '_____']) expect(await search(q)).toBe(404); // would match every club as wildcards
    });

    it('the database folds every name as foldName does', async () => {
      const clubs = await league.db.prisma.club.findMany({ select: { name: true, searchName: true } });
      expect(clubs.length).toBeGreaterThan(3);
      for (const club of clubs) expect(club.searchName).toBe(foldName(club.name));
    });
  });

  it.each([
    ['q shorter than 5 characters', '/rest/v1.0/clubs/search?q=abcd', 400],
    ['no q', '/rest/v1.0/clubs/search', 400],
    ['limit above 100', '/rest/v1.0/clubs/search?q=abcdef&limit=101', 400],
    ['limit not a number', '/rest/v1.0/clubs/search?q=abcdef&limit=ten', 400],
    ['nothing matches', '/rest/v1.0/clubs/search?q=zzzzzzzzzz', 404],
  ])('%s → %s', async (_case, url, status) => {
    const response = await legacy(url);
    expect(response.status).toBe(status);
    expect(parseXml(response.body).children[0]).toEqual({ name: 'code', attributes: {}, text: String(status), children: [] });
  });
});

describe('API keys', () => {
  it('401 with an XML body without a key, with a wrong key, and at once after revocation', async () => {
    for (const key of [null, 'wrong-key-123456']) {
      const response = await legacy('/rest/v1.0/clubs', { key });
      expect(response.status).toBe(401);
      expect(parseXml(response.body).children.map((c) => c.name)).toEqual(['code', 'message', 'request_id']);
    }
    const { id, key } = await createKey(league.db, 'revoked soon');
    expect((await legacy('/rest/v1.0/clubs', { key })).status).toBe(200);
    await league.db.prisma.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
    expect((await legacy('/rest/v1.0/clubs', { key })).status).toBe(401);
  });

  it('answers an unknown path with a 404 in XML, with or without a key, and so for every /rest/ path', async () => {
    for (const key of [null, apikey]) {
      const response = await legacy('/rest/v1.0/clubs/1/players', { key });
      expect(response.status).toBe(404);
      expect(parseXml(response.body).children.find((c) => c.name === 'message')!.text).toBe('No resource /rest/v1.0/clubs/1/players');
    }
    const other = await legacy('/rest/v2.0/teams', { key: null });
    expect(other.status).toBe(404);
    expect(parseXml(other.body).children.find((c) => c.name === 'message')!.text).toBe('No resource /rest/v2.0/teams');
  });

  it('accepts the key as a form parameter', async () => {
    const response = await league.app.inject({
      method: 'POST',
      url: '/rest/v1.0/clubs',
      payload: `apikey=${encodeURIComponent(apikey)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('well-formed XML whatever the names', () => {
  it('round-trips a club named with &, <, quotes and a control character', async () => {
    await league.db.prisma.club.create({ data: { id: 999001, name: 'Floorball "Alpha" & <Beta>\u0001 Ünterwald', street: 'Weg 1 & 2' } });
    const response = await legacy('/rest/v1.0/clubs/999001');
    const root = parseXml(response.body);
    expect(root.children.find((c) => c.name === 'name')!.text).toBe('Floorball "Alpha" & <Beta> Ünterwald');
    expect(root.children.find((c) => c.name === 'street')!.text).toBe('Weg 1 & 2');
    const search = parseXml((await legacy(`/rest/v1.0/clubs/search?q=${encodeURIComponent('unterwald')}`)).body);
    expect(search.children.map((c) => c.attributes.id)).toContain('999001');
  });
});
