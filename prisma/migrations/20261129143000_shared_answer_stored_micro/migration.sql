-- The byte bound lets go of the least recently stored answers first. Milliseconds tied two answers
-- stored one after the other within the same millisecond, and the tie was broken by key, not by
-- order. Microseconds keep the order of stores that follow each other.
ALTER TABLE "SharedAnswer" ALTER COLUMN "storedAt" TYPE TIMESTAMPTZ(6);
