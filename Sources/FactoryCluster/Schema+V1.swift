import FactoryCore

extension Schema {
    /// The work queue, the ledger and its budget rows, the answer index, the provider slots, and
    /// the two ledger functions (one round trip each, idempotent when retried). The CHECK lists
    /// come from `WorkQueue.JobState` and `Ledger.CallState`; the PL/pgSQL bodies spell the states out.
    static let v1 = """
    CREATE TABLE factory_jobs (
        id bigserial PRIMARY KEY,
        queue text NOT NULL,
        item text NOT NULL,
        position bigint NOT NULL,
        state text NOT NULL DEFAULT \(WorkQueue.JobState.queued.sql) CHECK (state IN (\(WorkQueue.JobState.sqlList))),
        attempt bigint NOT NULL DEFAULT 0,
        max_attempts bigint NOT NULL,
        owner text,
        lease_until timestamptz,
        outcome text,
        reason text,
        updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX factory_jobs_item ON factory_jobs (queue, item);
    CREATE INDEX factory_jobs_ready ON factory_jobs (queue, position) WHERE state = 'queued';
    CREATE INDEX factory_jobs_leased ON factory_jobs (queue, lease_until) WHERE state = 'running';
    CREATE INDEX factory_jobs_owner ON factory_jobs (owner) WHERE state = 'running';

    CREATE TABLE factory_calls (
        id bigserial PRIMARY KEY,
        request_key text NOT NULL,
        day text NOT NULL,
        week text NOT NULL,
        provider text NOT NULL,
        model text NOT NULL,
        item text NOT NULL,
        stage text NOT NULL,
        state text NOT NULL CHECK (state IN (\(Ledger.CallState.sqlList))),
        estimate_usd float8 NOT NULL,
        reserved_usd float8 NOT NULL,
        actual_usd float8,
        request_id text,
        units text,
        note text,
        run_id text NOT NULL,
        job_id bigint,
        attempt bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz
    );
    CREATE INDEX factory_calls_day ON factory_calls (day);
    CREATE INDEX factory_calls_week ON factory_calls (week);
    CREATE INDEX factory_calls_open ON factory_calls (job_id) WHERE state = 'reserved';

    -- What each day and week has committed (reserved, then settled to the actual cost): reserving
    -- is a conditional update of these rows, the day's before the week's, always in that order.
    CREATE TABLE factory_budget (
        period text PRIMARY KEY,
        committed float8 NOT NULL DEFAULT 0
    );

    -- The answer cache's index; the bytes are files on the shared volume named by their sha256.
    CREATE TABLE factory_answers (
        request_key text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('answer', 'result')),
        sha256 text NOT NULL,
        size bigint NOT NULL,
        entry text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (request_key, kind)
    );

    CREATE TABLE factory_slots (
        provider text NOT NULL,
        slot bigint NOT NULL,
        holder text,
        worker text,
        lease_until timestamptz,
        PRIMARY KEY (provider, slot)
    );
    CREATE INDEX factory_slots_worker ON factory_slots (worker) WHERE holder IS NOT NULL;

    -- Reserves a call against both caps, or says why not ('fenced', 'daily', 'weekly' with what is
    -- committed). The lease is held (FOR SHARE) until commit, so the rescuer (SKIP LOCKED) cannot
    -- take the item meanwhile. A retried call (its reply was lost) finds its own reservation.
    CREATE FUNCTION factory_reserve(p_key text, p_day text, p_week text, p_provider text, p_model text, p_item text,
        p_stage text, p_estimate float8, p_amount float8, p_units text, p_run text, p_job bigint, p_attempt bigint,
        p_daily_cap float8, p_weekly_cap float8, OUT call_id bigint, OUT refusal text, OUT total float8)
    LANGUAGE plpgsql AS $$
    BEGIN
        IF p_job IS NOT NULL THEN
            PERFORM 1 FROM factory_jobs
             WHERE id = p_job AND owner = p_run AND attempt = p_attempt AND state = 'running' AND lease_until > now() FOR SHARE;
            IF NOT FOUND THEN
                refusal := 'fenced';
                RETURN;
            END IF;
            SELECT id INTO call_id FROM factory_calls
             WHERE job_id = p_job AND attempt = p_attempt AND request_key = p_key AND run_id = p_run AND state = 'reserved';
            IF FOUND THEN
                RETURN;
            END IF;
        END IF;
        INSERT INTO factory_budget (period) VALUES ('day ' || p_day), ('week ' || p_week) ON CONFLICT DO NOTHING;
        UPDATE factory_budget b SET committed = b.committed + p_amount
         WHERE b.period = 'day ' || p_day AND b.committed + p_amount <= p_daily_cap + 1e-9;
        IF NOT FOUND THEN
            refusal := 'daily';
            SELECT b.committed INTO total FROM factory_budget b WHERE b.period = 'day ' || p_day;
            RETURN;
        END IF;
        UPDATE factory_budget b SET committed = b.committed + p_amount
         WHERE b.period = 'week ' || p_week AND b.committed + p_amount <= p_weekly_cap + 1e-9;
        IF NOT FOUND THEN
            UPDATE factory_budget b SET committed = b.committed - p_amount WHERE b.period = 'day ' || p_day;
            refusal := 'weekly';
            SELECT b.committed INTO total FROM factory_budget b WHERE b.period = 'week ' || p_week;
            RETURN;
        END IF;
        INSERT INTO factory_calls (request_key, day, week, provider, model, item, stage, state, estimate_usd,
                                   reserved_usd, units, run_id, job_id, attempt)
        VALUES (p_key, p_day, p_week, p_provider, p_model, p_item, p_stage, 'reserved', p_estimate, p_amount, p_units,
                p_run, p_job, p_attempt)
        RETURNING id INTO call_id;
    END $$;

    -- Closes a reservation as 'settled', 'released' or 'uncertain' and moves the budget rows by
    -- the difference. Its own worker may close it only while it holds the lease; another worker
    -- only once that lease is gone (recovery). Returns 'done', 'fenced', 'closed' or 'missing'.
    CREATE FUNCTION factory_close_call(p_id bigint, p_state text, p_actual float8, p_request_id text, p_units text,
        p_note text, p_run text) RETURNS text
    LANGUAGE plpgsql AS $$
    DECLARE
        c factory_calls%ROWTYPE;
        held boolean;
        delta float8;
    BEGIN
        SELECT * INTO c FROM factory_calls WHERE id = p_id FOR UPDATE;
        IF NOT FOUND THEN
            RETURN 'missing';
        END IF;
        IF c.state <> 'reserved' THEN
            RETURN CASE WHEN c.state = p_state THEN 'done' ELSE 'closed' END;
        END IF;
        IF c.job_id IS NOT NULL THEN
            held := EXISTS (SELECT 1 FROM factory_jobs j WHERE j.id = c.job_id AND j.owner = c.run_id
                            AND j.attempt = c.attempt AND j.state = 'running');
            IF (c.run_id = p_run) <> held THEN
                RETURN 'fenced';
            END IF;
        END IF;
        delta := CASE p_state WHEN 'settled' THEN p_actual - c.reserved_usd WHEN 'released' THEN -c.reserved_usd ELSE 0 END;
        UPDATE factory_calls SET state = p_state,
               actual_usd = CASE WHEN p_state = 'uncertain' THEN actual_usd ELSE p_actual END,
               request_id = COALESCE(p_request_id, request_id),
               units = COALESCE(p_units, units),
               note = COALESCE(p_note, note),
               settled_at = CASE WHEN p_state = 'uncertain' THEN settled_at ELSE now() END
         WHERE id = p_id;
        IF delta <> 0 THEN
            UPDATE factory_budget SET committed = committed + delta WHERE period = 'day ' || c.day;
            UPDATE factory_budget SET committed = committed + delta WHERE period = 'week ' || c.week;
        END IF;
        RETURN 'done';
    END $$;
    """
}
