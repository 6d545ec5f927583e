import type { ASTNode, ASTVisitor, ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { refusal } from './errors.js';

/**
 * PostgreSQL text cannot hold U+0000 (error 22021, which would surface as "Unexpected error"), so
 * strings with it are refused before any resolver runs: in the document's literals (`"a\u0000"`,
 * also as a raw character or in a block string) and in the variables, for GET and POST alike.
 */
const NUL = '\u0000';
const MESSAGE = 'Strings must not contain NUL characters (\\u0000)';

function nulRefusal(nodes?: readonly ASTNode[]) {
  return refusal(MESSAGE, 'BAD_USER_INPUT', { nodes });
}

export function NoNulInStringsRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (node.value.includes(NUL)) context.reportError(nulRefusal([node]));
    },
  };
}

/** Whether any string, or object key, in a JSON value holds NUL; iterative, so deep nesting cannot overflow the stack. */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (current.includes(NUL)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item); // not a spread: a long array would exceed the argument limit
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes(NUL)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

export function useNulRefusal(): Plugin {
  return {
    onParams({ params }) {
      if (holdsNul(params.variables) || holdsNul(params.operationName)) throw nulRefusal();
    },
    onValidate({ addValidationRule }) {
      addValidationRule(NoNulInStringsRule);
    },
  };
}
