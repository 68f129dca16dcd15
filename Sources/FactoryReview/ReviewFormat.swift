import FactoryCore
import FactoryKinds
import Foundation

/// How the review writes durations, sizes, money and days, in the table and the gallery alike.
public enum ReviewFormat {
    /// "7.0 s", "1 min 40 s", "1 h 02 min".
    public static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        let whole = Int(seconds.rounded())
        if whole < 3600 { return "\(whole / 60) min \(String(format: "%02d", whole % 60)) s" }
        return "\(whole / 3600) h \(String(format: "%02d", (whole % 3600) / 60)) min"
    }

    /// Decimal units, as file managers show them: "237 B", "107.7 kB", "10.7 MB".
    public static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return String(format: "%.1f kB", Double(bytes) / 1000) }
        if bytes < 1_000_000_000 { return String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        return String(format: "%.2f GB", Double(bytes) / 1_000_000_000)
    }

    /// Four decimals, as the run report and `factory costs` print them.
    public static func money(_ usd: Double) -> String { String(format: "$%.4f", usd) }

    /// "Mon 23 Nov" from a date, else the capitalised weekday, else "–".
    public static func day(_ entry: ReviewEntry) -> String {
        if let date = entry.date, let parsed = formatter("yyyy-MM-dd").date(from: date) {
            return formatter("EEE d MMM").string(from: parsed)
        }
        return entry.day.isEmpty ? "–" : entry.day.prefix(1).uppercased() + entry.day.dropFirst(1).prefix(2)
    }

    /// The kind as people say it: "chat story", "bedtime story".
    public static func kind(_ kind: Kind) -> String {
        kind.rawValue.replacingOccurrences(of: "-", with: " ")
    }

    /// The status with the deferral reason when there is one: "deferred (budget)".
    public static func status(_ entry: ReviewEntry) -> String {
        entry.status == .deferred ? "deferred (\(entry.deferral ?? "later"))" : entry.status.rawValue
    }

    static func formatter(_ format: String) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = format
        return f
    }
}

extension ReviewFormat {
    /// "30 fps" from "30/1"; "29.97 fps" from "30000/1001".
    public static func fps(_ rational: String) -> String {
        let parts = rational.split(separator: "/")
        guard parts.count == 2, let n = Double(parts[0]), let d = Double(parts[1]), d > 0 else { return rational }
        let value = n / d
        return value == value.rounded() ? "\(Int(value)) fps" : String(format: "%.2f fps", value)
    }
}
