extension Schema {
    /// Texts set by hand for a version of an item on a platform (the studio's editor, `factory
    /// caption`), as the SQLite ledger's migration "v4-post-texts" has them.
    static let v5 = """
    CREATE TABLE factory_post_texts (
        week text NOT NULL,
        item text NOT NULL,
        version text NOT NULL,
        platform text NOT NULL,
        title text,
        caption text NOT NULL,
        edited_by text NOT NULL,
        edited_at timestamptz NOT NULL,
        PRIMARY KEY (week, item, version, platform)
    );
    """
}
