import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { ErrorFormat } from '../../http/error-format.js';

/** Characters XML 1.0 cannot carry at all (escaping cannot help); they are dropped from names. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlText(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).replace(NOT_XML, '');
}

/** An element tree described as data, so reshapers stay pure and one writer makes XML (or JSON) of it. */
export interface XmlElement {
  name: string;
  attributes?: Record<string, string | number | null | undefined>;
  text?: string | number | null;
  children?: XmlElement[];
}

function append(parent: XMLBuilder, element: XmlElement): void {
  const attributes = Object.fromEntries(Object.entries(element.attributes ?? {}).map(([k, v]) => [k, xmlText(v)]));
  const node = parent.ele(element.name, attributes);
  if (element.text !== undefined && element.text !== null) node.txt(xmlText(element.text));
  for (const child of element.children ?? []) append(node, child);
}

export function toXml(root: XmlElement): string {
  const document = create({ version: '1.0', encoding: 'UTF-8' });
  append(document, root);
  return document.end({ prettyPrint: false });
}

/** The same tree as JSON for integrations that send `Accept: application/json`. */
export function toJson(element: XmlElement): Record<string, unknown> {
  return {
    [element.name]: {
      ...Object.fromEntries(Object.entries(element.attributes ?? {}).map(([k, v]) => [k, v ?? null])),
      ...(element.text !== undefined ? { text: element.text } : {}),
      ...(element.children ? { children: element.children.map(toJson) } : {}),
    },
  };
}

/** Integrations that send `Accept: application/json` get the same trees as JSON. */
export function acceptsJson(accept: string | undefined): boolean {
  return /application\/json/.test(accept ?? '');
}

/** XML by default; the same tree as JSON when the client's Accept header asks for it. */
export function legacyPayload(element: XmlElement, accept: string | undefined): { contentType: string; body: string } {
  return acceptsJson(accept)
    ? { contentType: 'application/json; charset=utf-8', body: JSON.stringify(toJson(element)) }
    : { contentType: 'application/xml; charset=utf-8', body: toXml(element) };
}

/** `<error><code/><message/></error>` as deployed clients read it, plus the response's request id. */
export function errorElement(status: number, message: string, requestId?: string): XmlElement {
  const children: XmlElement[] = [
    { name: 'code', text: status },
    { name: 'message', text: message },
  ];
  if (requestId) children.push({ name: 'request_id', text: requestId });
  return { name: 'error', children };
}

/** The legacy interface's errors on the wire: XML, or JSON when asked. */
export const legacyErrorFormat: ErrorFormat = (status, message, requestId, accept) => legacyPayload(errorElement(status, message, requestId), accept);
