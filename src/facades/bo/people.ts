// /bo/people: people by `ids` or by date of last change (`changed_since`, `changed_until`), as
// `set=minimal` or `set=with_roles` (their player role in `references`), answered as the
// federation's sample shows (`list`, `references` and `status` side by side); and PUT
// /bo/people/:id/validate_password, which answers whether `password` is the person's
// (`{password: valid|invalid}`). The schema decides who may (people, validatePersonPassword), and
// counts a wrong password toward the caller's failed-check brake.
import type { ResultOf } from '@graphql-typed-document-node/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../http/caller.js';
import { graphql } from '../generated/gql.js';
import { badRequest } from '../shared/errors.js';
import { type FacadeDependencies, facadeDocument, facadeMutation } from '../shared/facade.js';
import { boAnswer } from './envelope.js';
import { BO_PEOPLE_DOC, BO_VALIDATE_PASSWORD_DOC } from './docs.js';
import { type BoFields, boFields, idList, textField } from './fields.js';
import { personIdOf } from './paths.js';
import { type BoRecord, boPlayer } from './players.js';

const PEOPLE = graphql(`
  query BoPeople($ids: [Int!], $changedSince: Date, $changedUntil: Date) {
    people(ids: $ids, changedSince: $changedSince, changedUntil: $changedUntil) {
      id
      firstName
      lastName
      player { ...BoPlayer }
    }
  }
`);

const VALIDATE_PASSWORD = graphql(`
  mutation BoValidatePassword($personId: Int!, $password: String!) { validatePersonPassword(personId: $personId, password: $password) { valid } }
`);

type PersonData = ResultOf<typeof PEOPLE>['people'][number];

/** The representations the documentation lists; absent means minimal. */
const SETS = ['minimal', 'with_roles'] as const;
type PeopleSet = (typeof SETS)[number];

function setOf(fields: BoFields): PeopleSet {
  const set = textField(fields, 'set') ?? 'minimal';
  if (!(SETS as readonly string[]).includes(set)) throw badRequest(`set takes ${SETS.join(' or ')}, got "${set}"`);
  return set as PeopleSet;
}

/** The password as sent, spaces and all (a password is not trimmed); one value, not empty. */
function passwordOf(fields: BoFields): string {
  const password = Object.hasOwn(fields, 'password') ? fields.password : undefined;
  if (password !== null && typeof password === 'object') throw badRequest('password takes one value, got a list or an object');
  if (typeof password !== 'string' || password === '') throw badRequest('password is required');
  return password;
}

/** `YYYY-MM-DD`, as the documentation's "ISO-compatible" dates are written. */
function dayField(fields: BoFields, name: string): string | undefined {
  const day = textField(fields, name);
  if (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw badRequest(`${name} must be a date as 2016-12-23, got "${day}"`);
  return day;
}

const roleKey = (person: PersonData) => `players/${person.player.id}`;

/**
 * A person with the contact fields the federation's sample shows: the service keeps names and the
 * player role only, so the rest is null and `addresses` is empty. `roles` names the player role
 * with `set=with_roles`, and is empty otherwise.
 */
function boPerson(person: PersonData, set: PeopleSet): BoRecord {
  return {
    attrs: {
      roles: set === 'with_roles' ? [roleKey(person)] : [],
      addresses: [],
      first_name: person.firstName,
      last_name: person.lastName,
      email: null,
      email_2: null,
      language: null,
      phone_mobile: null,
      phone_private: null,
      phone_business: null,
      phone_business_headquarters: null,
      phone_contact: null,
      website: null,
      name_contact: null,
      birth_date: null,
    },
    set,
    type: 'Person',
    id: person.id,
  };
}

/** The people as `list` and, with `set=with_roles`, their roles by reference, beside `status` as the documentation's sample has them. */
export function boPeople(people: readonly PersonData[], set: PeopleSet) {
  const references = set === 'with_roles' ? Object.fromEntries(people.map((person) => [roleKey(person), boPlayer(person.player)])) : {};
  return { list: people.map((person) => boPerson(person, set)), references, status: boAnswer(null).status };
}

export function boPeopleRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const people = facadeDocument(deps, PEOPLE);
  const validate = facadeMutation(deps, VALIDATE_PASSWORD);

  app.get('/people', { config: { doc: BO_PEOPLE_DOC } }, async (request: FastifyRequest) => {
    const fields = boFields(request);
    const set = setOf(fields);
    const ids = fields.ids === undefined || fields.ids === '' ? undefined : idList(fields.ids, 'ids');
    const variables = { ids, changedSince: dayField(fields, 'changed_since'), changedUntil: dayField(fields, 'changed_until') };
    const data = await people(variables, callerOf(request));
    return boPeople(data.people, set);
  });

  app.put('/people/:id/validate_password', { config: { doc: BO_VALIDATE_PASSWORD_DOC } }, async (request: FastifyRequest) => {
    const fields = boFields(request);
    const { validatePersonPassword } = await validate({ personId: personIdOf(request), password: passwordOf(fields) }, callerOf(request));
    return boAnswer({ password: validatePersonPassword.valid ? 'valid' : 'invalid' });
  });
}
