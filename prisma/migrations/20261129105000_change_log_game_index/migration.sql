-- A game's newest change (the snapshot a gameUpdated stream begins with, src/live/stream-positions.ts
-- `readGameSnapshot`) is a lookup, not a scan of the log: the expression is the query's, exactly.
-- A `data` change has no game: its key is NULL, which the lookup never asks for.
CREATE INDEX "ChangeLogEntry_game_seq_idx" ON "ChangeLogEntry" (((change->'game'->>'gameId')::int), "seq");
