extension Schema {
    /// The platforms' tokens, sealed by the publisher with the cluster's token key (every host
    /// reads the same `FACTORY_TOKEN_KEY_FILE`), so a rotated refresh token reaches every host.
    static let v6 = """
    CREATE TABLE factory_platform_tokens (
        platform text PRIMARY KEY,
        sealed text NOT NULL,
        saved_by text NOT NULL,
        saved_at timestamptz NOT NULL DEFAULT now()
    );
    """
}
