extension Schema {
    /// The publication journal and the approvals (docs/publishing.md), as the SQLite ledger's
    /// migration "v3-posts" has them: every worker of a cluster and every host that publishes sees
    /// the same posts, so no two of them post the same version of an item to the same platform.
    static let v4 = """
    CREATE TABLE factory_posts (
        id bigserial PRIMARY KEY,
        week text NOT NULL,
        item text NOT NULL,
        platform text NOT NULL,
        version text NOT NULL,
        attempt int NOT NULL,
        state text NOT NULL,
        remote_id text,
        details text NOT NULL DEFAULT '{}',
        url text,
        reason text,
        run_id text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (week, item, platform, attempt)
    );
    CREATE TABLE factory_approvals (
        week text NOT NULL,
        item text NOT NULL,
        version text NOT NULL,
        approved_by text NOT NULL,
        approved_at timestamptz NOT NULL,
        PRIMARY KEY (week, item)
    );
    """
}
