import Foundation

/// The crontab entry of `factory cron`: a marker comment naming the manifest, then the schedule and
/// one `/bin/sh` command that sets a PATH, goes to the working directory, takes `flock -n` on
/// `<state>/cron.lock` (a second start while one runs is skipped, noted in the log, exit 75) and
/// runs the factory by absolute path with `--log`.
public struct CronEntry: Sendable, Equatable {
    public var schedule: CronSchedule
    /// The folder the run starts in (the manifest's relative `output:` is resolved against it).
    public var directory: String
    /// The absolute path of the factory binary.
    public var binary: String
    /// The absolute path of the manifest.
    public var manifest: String
    /// Flags after the manifest (`--state`, `--output`, `--offline`…), already absolute where they are paths.
    public var runArguments: [String]
    public var stateFolder: String
    public var logFile: String
    /// `flock` by absolute path where it was found.
    public var flock: String
    /// PATH for cron's minimal environment.
    public var path: String
    /// Extra variables (never a key: a credentials file's path at most).
    public var environment: [(name: String, value: String)]
    /// Also an hourly `factory publish` (the manifest has `publish:` with platforms).
    public var publish = false

    /// The exit status of `flock -n` when the lock is held, turned into 75 after the note is logged.
    public static let conflictStatus = 99

    public init(schedule: CronSchedule, directory: String, binary: String, manifest: String, runArguments: [String] = [],
                stateFolder: String, logFile: String, flock: String = "flock",
                path: String = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                environment: [(name: String, value: String)] = []) {
        self.schedule = schedule
        self.directory = directory
        self.binary = binary
        self.manifest = manifest
        self.runArguments = runArguments
        self.stateFolder = stateFolder
        self.logFile = logFile
        self.flock = flock
        self.path = path
        self.environment = environment
    }

    public static func == (a: CronEntry, b: CronEntry) -> Bool { a.line == b.line }

    public var lockFile: String { stateFolder.hasSuffix("/") ? stateFolder + "cron.lock" : stateFolder + "/cron.lock" }

    /// The comment line that marks this manifest's entry (what `--install` finds and replaces).
    public var marker: String { Self.marker(manifest: manifest) }

    public static func marker(manifest: String) -> String { "# factory cron: \(Shell.quote(manifest))" }

    /// The comment line that marks the manifest's hourly publish line.
    public static func publishMarker(manifest: String) -> String { "# factory cron publish: \(Shell.quote(manifest))" }

    /// What `/bin/sh -c` runs every hour: `factory publish` under its own lock (a run may be making
    /// next week meanwhile), logging to the same file; a start while the last still posts is skipped.
    /// Then `factory stats --poll` reads the figures that are due (docs/analytics.md): on the same
    /// line, so a post's first figures follow its posting, and never while another start still
    /// holds the lock. The line's exit status stays publish's.
    public var publishCommand: String {
        let q = Shell.quote
        let exports = (["PATH=\(q(path))", "LANG=C.UTF-8"] + environment.map { "\($0.name)=\(q($0.value))" }).joined(separator: " ")
        let lock = stateFolder.hasSuffix("/") ? stateFolder + "publish-cron.lock" : stateFolder + "/publish-cron.lock"
        let folderFlags = runArguments.enumerated().filter { index, word in
            ["--output", "--state"].contains(word) || (index > 0 && ["--output", "--state"].contains(runArguments[index - 1]))
        }.map(\.element)
        let publish = ([q(flock), "-n", "-E", "\(Self.conflictStatus)", q(lock), q(binary), "publish", q(manifest)] + folderFlags.map(q))
            .joined(separator: " ")
        let poll = ([q(binary), "stats", q(manifest)] + folderFlags.map(q) + ["--poll"]).joined(separator: " ")
        return "export \(exports) && cd \(q(directory)) && mkdir -p \(q(stateFolder)) && \(publish) >> \(q(logFile)) 2>&1; rc=$?; "
            + "if [ $rc -eq \(Self.conflictStatus) ]; then rc=75; else \(poll) >> \(q(logFile)) 2>&1; fi; exit $rc"
    }

    /// The hourly publish line (at minute 0; a post is due on the hour or minutes after it).
    public var publishLine: String { "0 * * * * " + publishCommand.replacingOccurrences(of: "%", with: "\\%") }

    /// What `/bin/sh -c` runs.
    public var command: String {
        let q = Shell.quote
        let exports = (["PATH=\(q(path))", "LANG=C.UTF-8"] + environment.map { "\($0.name)=\(q($0.value))" }).joined(separator: " ")
        let run = ([q(flock), "-n", "-E", "\(Self.conflictStatus)", q(lockFile), q(binary), "run", q(manifest)]
                   + runArguments.map(q) + ["--log", q(logFile)]).joined(separator: " ")
        // `factory doctor` first (it spends nothing): a bad key or a retired model shows in the log
        // and stops the week before anything is paid.
        let doctor = "\(q(binary)) doctor \(q(manifest)) >> \(q(logFile)) 2>&1"
        return "export \(exports) && cd \(q(directory)) && mkdir -p \(q(stateFolder)) && \(doctor) && \(run); rc=$?; "
            + "if [ $rc -eq \(Self.conflictStatus) ]; then echo \"$(date): skipped, an earlier start still holds\" \(q(lockFile)) >> \(q(logFile)); rc=75; fi; "
            + "exit $rc"
    }

    /// The crontab line: the schedule and the command with `%` escaped (cron turns a bare `%` into a newline).
    public var line: String { schedule.description + " " + command.replacingOccurrences(of: "%", with: "\\%") }

    /// The marker and the line, as they go into the crontab.
    public var text: String {
        marker + "\n" + line + "\n" + (publish ? Self.publishMarker(manifest: manifest) + "\n" + publishLine + "\n" : "")
    }
}

/// Editing a crontab's text.
public enum Crontab {
    /// `existing` without any entry marked for `manifest` (the marker line and the line after it),
    /// with `entry` appended when given. Everything else is kept as it was.
    public static func replacing(manifest: String, in existing: String, with entry: CronEntry?) -> String {
        let markers = [CronEntry.marker(manifest: manifest), CronEntry.publishMarker(manifest: manifest)]
        var kept: [Substring] = []
        var lines = existing.split(separator: "\n", omittingEmptySubsequences: false)[...]
        if lines.last == "" { lines.removeLast() }
        while let line = lines.popFirst() {
            if markers.contains(line.trimmingCharacters(in: .whitespaces)) {
                if let next = lines.first, !next.hasPrefix("#"), !next.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeFirst() }
                continue
            }
            kept.append(line)
        }
        var text = kept.map { $0 + "\n" }.joined()
        if let entry { text += entry.text }
        return text
    }
}

/// Quoting for `/bin/sh`.
public enum Shell {
    /// `text` as one shell word: left bare when it is only safe characters, otherwise in single quotes
    /// (a single quote inside written as '\'').
    public static func quote(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                               || "/._-+:,@".unicodeScalars.contains(scalar))
        }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
