-- A ledger as the factory at commit 5639c36 left it in a state folder (.factory/ledger.sqlite):
-- the DDL of its migrations "v1" and "v2-memory" verbatim, GRDB's record of them, and calls in
-- every state over two days and two weeks. `sqlite3 ledger-5639c36.sqlite < ledger-5639c36.sql`
-- made the .sqlite beside it; LedgerFixtureTests opens a copy with the current code.
PRAGMA journal_mode = WAL;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES ('v1'), ('v2-memory');
CREATE TABLE calls (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    request_key TEXT NOT NULL,
    day TEXT NOT NULL,
    week TEXT NOT NULL,
    provider TEXT NOT NULL,
    model TEXT NOT NULL,
    item TEXT NOT NULL,
    stage TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('reserved', 'settled', 'released', 'uncertain')),
    estimate_usd REAL NOT NULL,
    reserved_usd REAL NOT NULL,
    actual_usd REAL,
    request_id TEXT,
    units TEXT,
    note TEXT,
    run_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    settled_at TEXT
);
CREATE INDEX calls_day ON calls(day);
CREATE INDEX calls_week ON calls(week);
CREATE INDEX calls_state ON calls(state);
CREATE TABLE memory (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    series TEXT NOT NULL,
    kind TEXT NOT NULL,
    week TEXT NOT NULL,
    item TEXT NOT NULL,
    version INTEGER NOT NULL,
    field TEXT NOT NULL,
    text TEXT NOT NULL,
    seed TEXT,
    fixed INTEGER NOT NULL DEFAULT 0,
    run_id TEXT NOT NULL,
    recorded_at TEXT NOT NULL
);
CREATE INDEX memory_series_week ON memory(series, week);
CREATE INDEX memory_week_item ON memory(week, item);
CREATE TABLE memory_rejections (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    series TEXT NOT NULL,
    week TEXT NOT NULL,
    item TEXT NOT NULL,
    stage TEXT NOT NULL,
    field TEXT NOT NULL,
    text TEXT NOT NULL,
    earlier_week TEXT NOT NULL,
    earlier_item TEXT NOT NULL,
    similarity REAL NOT NULL,
    recorded_at TEXT NOT NULL
);
CREATE INDEX memory_rejections_series_week ON memory_rejections(series, week);
INSERT INTO calls (request_key, day, week, provider, model, item, stage, state, estimate_usd, reserved_usd, actual_usd,
                   request_id, units, note, run_id, created_at, settled_at) VALUES
  ('k1', '2026-11-22', '2026-W47', 'runware', 'civitai:4384@128713', 'p0', 'image', 'settled', 0.002, 0.0025, 0.0019,
   'req-1', '{"images":1}', NULL, 'run-a', '2026-11-22T21:00:00Z', '2026-11-22T21:00:04Z'),
  ('k2', '2026-11-23', '2026-W48', 'openai', 'gpt-6-luna', 'p1', 'text', 'settled', 0.01, 0.02, 0.012,
   'req-2', '{"input_tokens":900,"output_tokens":120}', NULL, 'run-a', '2026-11-23T08:00:00Z', '2026-11-23T08:00:02Z'),
  ('k3', '2026-11-23', '2026-W48', 'openai', 'gpt-4o-mini-tts', 'p1', 'speech', 'released', 0.03, 0.03, 0,
   NULL, '{"characters":400}', 'HTTP 400: bad voice', 'run-a', '2026-11-23T08:01:00Z', '2026-11-23T08:01:01Z'),
  ('k4', '2026-11-23', '2026-W48', 'runware', 'civitai:4384@128713', 'p2', 'image', 'uncertain', 0.002, 0.0025, NULL,
   NULL, '{"images":1}', 'timeout after the request was sent', 'run-a', '2026-11-23T08:02:00Z', NULL),
  ('k5', '2026-11-23', '2026-W48', 'runware', 'civitai:4384@128713', 'p3', 'image', 'reserved', 0.002, 0.0025, NULL,
   NULL, '{"images":1}', NULL, 'run-a', '2026-11-23T08:03:00Z', NULL);
INSERT INTO memory (series, kind, week, item, version, field, text, seed, fixed, run_id, recorded_at) VALUES
  ('monday-quotes', 'poster', '2026-W48', 'p1', 1, 'quote', 'Small steps still move you.', NULL, 0, 'run-a', '2026-11-23T08:05:00Z'),
  ('monday-quotes', 'poster', '2026-W48', 'p1', 1, 'image-prompt', 'a path through hills', '42', 0, 'run-a', '2026-11-23T08:05:00Z');
INSERT INTO memory_rejections (series, week, item, stage, field, text, earlier_week, earlier_item, similarity, recorded_at) VALUES
  ('monday-quotes', '2026-W48', 'p1', 'text', 'quote', 'Small steps still move.', '2026-W47', 'p0', 0.91, '2026-11-23T08:04:00Z');
