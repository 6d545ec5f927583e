import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';
import { defaultFieldResolver, type GraphQLFieldResolver } from 'graphql';
import { DomainError } from '../domain/errors.js';
import { graphQLErrorOf } from './errors.js';

/**
 * Pothos plugin: a domain error thrown by any resolver (src/domain/errors.ts) reaches the client as
 * the GraphQL error graphQLErrorOf makes of it, for /graphql and the facades alike. Other errors pass
 * through untouched. Without it a domain error would be masked as "Unexpected error.".
 */
export const DOMAIN_ERRORS_PLUGIN = 'domainErrors';

function rethrow(error: unknown): never {
  throw error instanceof DomainError ? graphQLErrorOf(error) : error;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** The resolver with its domain errors, thrown or rejected, turned into GraphQL errors. */
export function withDomainErrors<TContext>(resolver: GraphQLFieldResolver<unknown, TContext, object>): GraphQLFieldResolver<unknown, TContext, object> {
  return (parent, args, context, info) => {
    try {
      const result: unknown = resolver(parent, args, context, info);
      return isThenable(result) ? result.then(undefined, rethrow) : result;
    } catch (error) {
      return rethrow(error);
    }
  };
}

export class DomainErrorsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    _fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    // Exposed fields only read a property: they run no rule, and unwrapped they cost nothing extra.
    return resolver === defaultFieldResolver ? resolver : withDomainErrors(resolver);
  }
}

// Test runners evaluate the schema modules again in the same process; the newest class must win.
SchemaBuilder.allowPluginReRegistration = true;
SchemaBuilder.registerPlugin(DOMAIN_ERRORS_PLUGIN, DomainErrorsPlugin);

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      domainErrors: DomainErrorsPlugin<Types>;
    }
  }
}
