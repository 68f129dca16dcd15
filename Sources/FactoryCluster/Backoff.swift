/// How long to wait before retrying after the database went away: doubling from `first`, capped
/// at `cap`, with up to half of it as jitter (0 ≤ `jitter` < 1) so workers do not return together.
public enum Backoff {
    public static func delay(attempt: Int, jitter: Double, first: Double = 0.1, cap: Double = 5) -> Double {
        let base = min(cap, first * Double(1 << min(max(attempt - 1, 0), 20)))
        return base * (1 - jitter / 2)
    }
}
