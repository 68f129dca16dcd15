/// A crontab schedule, checked the way cron reads it: five fields (minute, hour, day of month,
/// month, day of week) of `*`, numbers, names (`mon`, `jan`), ranges, steps and lists, or one of
/// `@hourly @daily @midnight @weekly @monthly @yearly @annually @reboot`.
public struct CronSchedule: Sendable, Equatable, CustomStringConvertible {
    /// The schedule as it goes into the crontab (fields separated by one space).
    public let description: String

    struct Field {
        var name: String
        var range: ClosedRange<Int>
        var names: [String] = []
        /// The number the first name stands for (`sun` is 0, `jan` is 1).
        var firstName = 0
    }

    static let fields = [
        Field(name: "minute", range: 0...59),
        Field(name: "hour", range: 0...23),
        Field(name: "day of month", range: 1...31),
        Field(name: "month", range: 1...12, names: ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"],
              firstName: 1),
        Field(name: "day of week", range: 0...7, names: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]),
    ]

    static let nicknames = ["@reboot", "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"]

    /// Parses and checks `text`; a problem throws `FactoryError(.schedule)` naming the field and the fix.
    public init(_ text: String) throws {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        func problem(_ message: String) -> FactoryError {
            FactoryError(.schedule, "schedule \"\(text)\": \(message)")
        }
        if parts.count == 1, parts[0].hasPrefix("@") {
            guard Self.nicknames.contains(parts[0].lowercased()) else {
                throw problem("\(parts[0]) is not a cron nickname; use one of \(Self.nicknames.joined(separator: " ")), or five fields")
            }
            description = parts[0].lowercased()
            return
        }
        guard parts.count == 5 else {
            let extra = parts.count == 6 ? " (cron has no seconds or year field)" : ""
            throw problem("a schedule has 5 fields (minute hour day-of-month month day-of-week), this has \(parts.count)\(extra); "
                          + "for example \"0 6 * * 1\" is Mondays at 06:00")
        }
        for (field, part) in zip(Self.fields, parts) {
            if let message = Self.check(part, field) { throw problem("\(field.name) \"\(part)\": \(message)") }
        }
        description = parts.joined(separator: " ")
    }

    /// Why one field is wrong, or nil.
    static func check(_ text: String, _ field: Field) -> String? {
        let bounds = "\(field.range.lowerBound)-\(field.range.upperBound)"
            + (field.names.isEmpty ? "" : " or \(field.names.first ?? "")-\(field.names.last ?? "")")
        for element in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if element.isEmpty { return "an empty list element; write values separated by single commas" }
            let pieces = element.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard pieces.count <= 2 else { return "more than one step in \"\(element)\"" }
            var span = field.range
            if pieces[0] != "*" {
                let ends = pieces[0].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
                guard ends.count <= 2 else { return "\"\(pieces[0])\" is not a value or a range" }
                var values: [Int] = []
                for end in ends {
                    guard let value = number(end, field) else {
                        if end == "?" || end.contains("L") || end.contains("W") || end.contains("#") {
                            return "\"\(end)\" is not understood by cron (it is Quartz syntax); use numbers, * and ranges"
                        }
                        return "\"\(end)\" is not a number in \(bounds)"
                    }
                    guard field.range.contains(value) else { return "\(value) is out of range \(bounds)" }
                    values.append(value)
                }
                if values.count == 2 {
                    guard values[0] <= values[1] else { return "the range \(pieces[0]) runs backwards; write the smaller end first" }
                    span = values[0]...values[1]
                } else if pieces.count == 2 {
                    return "a step needs a range or *: write \(pieces[0])-\(field.range.upperBound)/\(pieces[1]) or */\(pieces[1])"
                }
            }
            if pieces.count == 2 {
                guard let step = Int(pieces[1]), step >= 1 else { return "the step \"\(pieces[1])\" is not a whole number from 1" }
                guard step <= span.count else { return "the step \(step) is longer than the range \(span.lowerBound)-\(span.upperBound)" }
            }
        }
        return nil
    }

    /// A decimal number, or a three-letter name for months and weekdays (any case).
    static func number(_ text: String, _ field: Field) -> Int? {
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) { return Int(text) }
        return field.names.firstIndex(of: text.lowercased()).map { $0 + field.firstName }
    }
}
