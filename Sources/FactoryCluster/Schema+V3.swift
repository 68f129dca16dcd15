extension Schema {
    /// The ledger's stamps from the factory's clock (`WallClock`), as the SQLite ledger takes them:
    /// `factory_reserve_at` and `factory_close_call_at` call the functions of migration 1 and then
    /// set `created_at` / `settled_at` to `p_at` on the row this very transaction wrote (the one
    /// stamped `now()`), so a retried call keeps its first stamp. Leases stay on the database's clock.
    static let v3 = """
    CREATE FUNCTION factory_reserve_at(p_at timestamptz, p_key text, p_day text, p_week text, p_provider text, p_model text,
        p_item text, p_stage text, p_estimate float8, p_amount float8, p_units text, p_run text, p_job bigint,
        p_attempt bigint, p_daily_cap float8, p_weekly_cap float8, OUT call_id bigint, OUT refusal text, OUT total float8)
    LANGUAGE plpgsql AS $$
    BEGIN
        SELECT r.call_id, r.refusal, r.total INTO call_id, refusal, total
          FROM factory_reserve(p_key, p_day, p_week, p_provider, p_model, p_item, p_stage, p_estimate, p_amount, p_units,
                               p_run, p_job, p_attempt, p_daily_cap, p_weekly_cap) r;
        IF call_id IS NOT NULL THEN
            UPDATE factory_calls SET created_at = p_at WHERE id = call_id AND created_at = now();
        END IF;
    END $$;

    CREATE FUNCTION factory_close_call_at(p_at timestamptz, p_id bigint, p_state text, p_actual float8, p_request_id text,
        p_units text, p_note text, p_run text) RETURNS text
    LANGUAGE plpgsql AS $$
    DECLARE
        answer text;
    BEGIN
        answer := factory_close_call(p_id, p_state, p_actual, p_request_id, p_units, p_note, p_run);
        IF answer = 'done' THEN
            UPDATE factory_calls SET settled_at = p_at WHERE id = p_id AND settled_at = now();
        END IF;
        RETURN answer;
    END $$;
    """
}
