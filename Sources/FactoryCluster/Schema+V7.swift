extension Schema {
    /// The posts' figures as read on their schedule, as the SQLite ledger's migration
    /// "v5-post-metrics" has them: append-only, one row per post per slot, shared by every host.
    static let v7 = """
    CREATE TABLE factory_post_metrics (
        platform text NOT NULL,
        post_id text NOT NULL,
        slot text NOT NULL,
        week text NOT NULL,
        item text NOT NULL,
        fetched_at text NOT NULL,
        metrics text NOT NULL,
        visibility text,
        reason text,
        PRIMARY KEY (platform, post_id, slot)
    );
    CREATE INDEX factory_post_metrics_week ON factory_post_metrics (week, fetched_at);
    """
}
