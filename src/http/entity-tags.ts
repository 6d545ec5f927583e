import { createHash } from 'node:crypto';

/**
 * The validators of the answers browsers and shared caches may keep (RFC 9110 §8.8.3, §13.1.2): one
 * way to tag an answer and one way to judge If-None-Match, for /api's response caches, the
 * documentation pages and /graphql. A tag is made from the bytes of the answer and their media type,
 * never from what the answer was asked with (a URL, a cache key): a write that changes the answer
 * changes its tag, so a client holding the old answer is never told it is current.
 */

/**
 * Characters of the SHA-256's base64url kept: 22, 132 bits. A tag has to tell the answer a URL has
 * now from the ones it had before that some client may still hold. Two different answers agree by
 * chance with a probability of 2^-132; among a billion (2^30) answers ever sent for one URL, with
 * one of about 2^-73. Making two agree on purpose takes about 2^66 hashes, and the service would
 * have to send both: public league data that only writes with a key change. The result cache's
 * 64-digit hex key said no more, at three times the length.
 */
const DIGEST_CHARACTERS = 22;

/**
 * A digest of an answer as it is before any content-coding: its media type (Content-Type as sent)
 * and its bytes. The same bytes sent as another media type (/graphql's `application/json` and
 * `application/graphql-response+json`) are another representation, with a digest of their own.
 */
export function representationDigest(contentType: string, body: Buffer | string): string {
  return createHash('sha256').update(contentType).update('\0').update(body).digest('base64url').slice(0, DIGEST_CHARACTERS);
}

/**
 * The entity-tag of an answer: weak, `W/"<digest>"`. Weak because every content-coding of the answer
 * (identity, gzip, br) carries the same tag, and a tag shared by representations with different
 * content codings is weak (RFC 9110 §8.8.1); the answers say `Vary: Accept-Encoding`. One tag for
 * all of them lets a 304 be answered without compressing, and a cache holding any one encoding
 * revalidate it. Nothing here serves byte ranges, which alone would need strong tags.
 */
export function entityTagOf(contentType: string, body: Buffer | string): string {
  return weakTag(representationDigest(contentType, body));
}

/** The entity-tag of a digest from `representationDigest` (base64url: only characters an entity-tag may hold). */
export function weakTag(digest: string): string {
  return `W/"${digest}"`;
}

/** One member of If-None-Match: `*`, an entity-tag (its opaque tag in group 2), or anything else up to the next comma. */
const MEMBER = /[\t ]*(?:(\*)|(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)"|[^,]*)[\t ]*(?:,|$)/y;

/**
 * Whether If-None-Match is false for the current answer, tagged `current`: the answer is then a 304
 * (RFC 9110 §13.1.2, for GET and HEAD). It is false for `*` (callers ask only when there is a
 * current answer) and for a list that holds an entity-tag matching `current` by weak comparison: the
 * opaque tags are equal, whether either says `W/` or not. A member that is not an entity-tag (an
 * unquoted word, such as the result cache's keys /graphql once sent as its ETag) matches nothing.
 */
export function notModified(ifNoneMatch: string | string[] | undefined, current: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const field = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  const opaque = current.replace(/^W\//, '').slice(1, -1);
  MEMBER.lastIndex = 0;
  while (MEMBER.lastIndex < field.length) {
    const at = MEMBER.lastIndex;
    const member = MEMBER.exec(field);
    if (member === null || MEMBER.lastIndex === at) return false;
    if (member[1] !== undefined || member[2] === opaque) return true;
  }
  return false;
}
