import { graphql, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { describe, expect, it } from 'vitest';
import { InvalidInputError, NotFoundError } from '../../src/domain/errors.js';
import { FavoriteError } from '../../src/domain/favorites.js';
import { withDomainErrors } from '../../src/schema/domain-errors.js';
import { graphQLErrorOf } from '../../src/schema/errors.js';

describe('domain errors as GraphQL errors', () => {
  it('map a missing record to NOT_FOUND and any other refusal to BAD_USER_INPUT, keeping the message', () => {
    expect(graphQLErrorOf(new NotFoundError('no game 9'))).toMatchObject({ message: 'no game 9', extensions: { code: 'NOT_FOUND' } });
    expect(graphQLErrorOf(new InvalidInputError('too many'))).toMatchObject({ message: 'too many', extensions: { code: 'BAD_USER_INPUT' } });
    expect(graphQLErrorOf(new FavoriteError('no club 4'))).toMatchObject({ message: 'no club 4', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('reach the client from sync and async resolvers; other errors and results pass through unchanged', async () => {
    const unexpected = new Error('boom');
    const field = (resolve: () => unknown) => ({ type: GraphQLString, resolve: withDomainErrors(resolve) });
    const schema = new GraphQLSchema({
      query: new GraphQLObjectType({
        name: 'Query',
        fields: {
          missing: field(() => {
            throw new NotFoundError('no team 3');
          }),
          refused: field(() => Promise.reject(new FavoriteError('a session holds at most 100 favorites'))),
          broken: field(() => {
            throw unexpected;
          }),
          sync: field(() => 'ok'),
          async: field(async () => 'later'),
        },
      }),
    });
    const result = await graphql({ schema, source: '{ missing refused broken sync async }' });
    expect(result.data).toEqual({ missing: null, refused: null, broken: null, sync: 'ok', async: 'later' });
    const byField = new Map(result.errors?.map((error) => [error.path?.[0], error]));
    expect(byField.get('missing')).toMatchObject({ message: 'no team 3', extensions: { code: 'NOT_FOUND' } });
    expect(byField.get('refused')).toMatchObject({ message: 'a session holds at most 100 favorites', extensions: { code: 'BAD_USER_INPUT' } });
    expect(byField.get('broken')?.originalError).toBe(unexpected);
  });
});
