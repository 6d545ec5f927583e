import type { ASTVisitor, ValidationContext, ValidationRule } from 'graphql';
import { refusal } from './errors.js';

/**
 * Validation rules on the document's shape. They read nothing but the document, so yoga's
 * validation cache may keep their verdict per document. Each counts over the whole document
 * (operations and fragments): a repeated alias or directive costs parsing and validation CPU
 * whether or not it is ever executed.
 */
export function maxAliasesRule(max: number): ValidationRule {
  return function MaxAliasesRule(context: ValidationContext): ASTVisitor {
    let count = 0;
    return {
      Field(node) {
        if (node.alias && ++count === max + 1) {
          context.reportError(refusal(`The document has more than ${max} aliases`, 'TOO_MANY_ALIASES', { nodes: [node] }));
        }
      },
    };
  };
}

export function maxDirectivesRule(max: number): ValidationRule {
  return function MaxDirectivesRule(context: ValidationContext): ASTVisitor {
    let count = 0;
    return {
      Directive(node) {
        if (++count === max + 1) {
          context.reportError(refusal(`The document has more than ${max} directives`, 'TOO_MANY_DIRECTIVES', { nodes: [node] }));
        }
      },
    };
  };
}
