/// One `stage item=… stage=… status=… cost_usd=…` line, as `run --progress plain` and
/// `regenerate` print a finished stage (logfmt: bare words, or quoted with `\"` and `\\` escaped).
struct StageLine: Sendable, Equatable {
    var fields: [String: String]

    init?(_ line: String) {
        guard line.hasPrefix("stage ") else { return nil }
        var fields: [String: String] = [:]
        var rest = Substring(line.dropFirst(6))
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: equals)...]
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                while let c = rest.first {
                    rest = rest.dropFirst()
                    if escaped { value.append(c == "n" ? "\n" : c); escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { break } else { value.append(c) }
                }
            } else {
                let end = rest.firstIndex(of: " ") ?? rest.endIndex
                value = String(rest[..<end])
                rest = rest[end...]
            }
            fields[key] = value
            rest = rest.drop { $0 == " " }
        }
        guard fields["item"] != nil, fields["stage"] != nil else { return nil }
        self.fields = fields
    }

    var item: String { fields["item"] ?? "" }
    var stage: String { fields["stage"] ?? "" }
    var status: String { fields["status"] ?? "" }

    /// `mon-motivation image-1 done (offline, $0.0000)`, `… failed: reason`.
    var summary: String {
        var text = "\(item) \(stage) \(status)"
        if let provider = fields["provider"] {
            let cost = fields["cost_usd"].flatMap(Double.init).map(EstimateText.usd) ?? "$0.0000"
            text += fields["cached"] == "true" ? " (\(provider), cached)" : " (\(provider), \(cost))"
        }
        if let reason = fields["reason"] { text += ": \(reason)" }
        return text
    }
}
