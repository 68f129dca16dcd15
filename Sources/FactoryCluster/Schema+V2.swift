extension Schema {
    /// The content memory (docs/standing-weeks.md): what every published item said or showed, the answers
    /// refused as repeats, and the claims of answers accepted but not yet published, so two
    /// workers cannot publish the same line in one week.
    static let v2 = """
    CREATE TABLE factory_memory (
        id bigserial PRIMARY KEY,
        series text NOT NULL,
        kind text NOT NULL,
        week text NOT NULL,
        item text NOT NULL,
        version bigint NOT NULL,
        field text NOT NULL,
        text text NOT NULL,
        seed text,
        fixed boolean NOT NULL DEFAULT false,
        run_id text NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX factory_memory_series_week ON factory_memory (series, week);
    CREATE INDEX factory_memory_week_item ON factory_memory (week, item);

    CREATE TABLE factory_memory_rejections (
        id bigserial PRIMARY KEY,
        series text NOT NULL,
        week text NOT NULL,
        item text NOT NULL,
        stage text NOT NULL,
        field text NOT NULL,
        text text NOT NULL,
        earlier_week text NOT NULL,
        earlier_item text NOT NULL,
        similarity float8 NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX factory_memory_rejections_series_week ON factory_memory_rejections (series, week);

    CREATE TABLE factory_memory_claims (
        id bigserial PRIMARY KEY,
        series text NOT NULL,
        week text NOT NULL,
        item text NOT NULL,
        field text NOT NULL,
        text text NOT NULL,
        fixed boolean NOT NULL DEFAULT false,
        run_id text NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX factory_memory_claims_series_week ON factory_memory_claims (series, week);
    """
}
