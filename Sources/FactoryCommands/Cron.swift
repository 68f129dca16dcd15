import ArgumentParser
import FactoryCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension FactoryCommand {
    /// `factory cron --schedule "0 6 * * 1" MANIFEST [--install]`: the crontab entry that runs a manifest.
    struct Cron: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print, install or remove the crontab entry that runs a manifest on a schedule.",
            discussion: """
            The entry starts in the current directory (or --directory), where the manifest's relative `output:` \
            is resolved as in a run by hand; runs this factory binary by its absolute path on the absolute manifest \
            path; sets a PATH that works in cron's minimal environment; takes `flock -n` on <state>/cron.lock so \
            a start while an earlier one is still running is skipped (noted in the log, exit 75); and appends \
            everything to a log (default <state>/cron.log), rotated when it grows past --log-max. Flags for \
            `factory run` go after `--` (factory cron --schedule @daily week.yaml -- --offline).
            --install writes it into your crontab (crontab -l, crontab -), replacing an earlier entry for the same \
            manifest (found by its `# factory cron:` comment); --remove takes it out. When the manifest has             `publish:` with platforms, an hourly `factory publish` line goes beside it (its own lock,             <state>/publish-cron.lock; same log): each bundle goes out on the first hour at or after its time.
            A standing manifest (`week: auto`, or `week: next` for a Sunday cron preparing next week) makes a new \
            week at every start, and its content memory keeps each series from repeating what it published in \
            the last `memory.weeks` weeks. A fixed `week:` makes the same week every time (a warning says so).
            Exit codes: 0 printed or installed; 1 the crontab could not be read or written; 2 a bad schedule, \
            manifest or argument.
            """)

        @Option(help: "When to run: five fields (minute hour day-of-month month day-of-week; names like mon, jan) or @daily, @weekly….")
        var schedule: String?

        @OptionGroup var options: ManifestOptions

        @Option(help: "The folder the run starts in (default: the current directory).")
        var directory: String?

        @Option(help: "The run's log file (default <state>/cron.log).")
        var log: String?

        @Option(help: "Rotate the log when it is larger than this (bytes, or 500K, 5M, 1G).")
        var logMax: String = "5M"

        @Option(help: "How many rotated logs to keep.")
        var logKeep: Int = 5

        @Flag(help: "Install the entry in your crontab, replacing an earlier one for this manifest.")
        var install = false

        @Flag(help: "Remove this manifest's entry from your crontab.")
        var remove = false

        @Argument(parsing: .postTerminator, help: "Flags for `factory run`, after --.")
        var runFlags: [String] = []

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            let manifestPath = URL(fileURLWithPath: options.manifest).standardizedFileURL.path
            if remove {
                guard !install, schedule == nil else { throw usage("--remove takes the manifest only (no --schedule, no --install)") }
                try installCrontab(manifest: manifestPath, entry: nil, environment: environment)
                return
            }
            guard let schedule else { throw usage("--schedule is needed, e.g. --schedule \"0 6 * * 1\" (Mondays at 06:00)") }
            let parsed: CronSchedule
            do { parsed = try CronSchedule(schedule) } catch { throw usage("\(error)") }
            let entry = try makeEntry(parsed, manifest: manifestPath, environment: environment)
            for warning in Self.credentialWarnings(environment) { printError("note: \(warning)") }
            if install {
                try installCrontab(manifest: manifestPath, entry: entry, environment: environment)
            } else {
                print(entry.text, terminator: "")
                printError("(add it with `crontab -e`, or run this again with --install; it runs in \(entry.directory) and logs to \(entry.logFile))")
            }
        }

        /// Resolves every path the entry needs, checking the manifest and the run flags as `factory run` would.
        func makeEntry(_ schedule: CronSchedule, manifest: String, environment: [String: String]) throws -> CronEntry {
            let directory = URL(fileURLWithPath: self.directory ?? FileManager.default.currentDirectoryPath).standardizedFileURL.path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
                throw usage("--directory \(directory): no such folder")
            }
            // Relative paths (the manifest's `output:`, --output, --state) mean what they mean in the run's folder.
            guard FileManager.default.changeCurrentDirectoryPath(directory) else { throw usage("cannot enter \(directory)") }
            var options = self.options
            options.manifest = manifest
            let loaded = try options.loadManifest()
            if !loaded.weekSpec.isStanding {
                printError("warning: \(manifest) has a fixed `week: \(loaded.weekSpec)`: every start makes that same week (its bundles are "
                           + "kept as up to date); write `week: auto` to make the week of each start, or `week: next` for the week after")
            }
            var runArguments: [String] = []
            if let output = options.outputFolder { runArguments += ["--output", output.standardizedFileURL.path] }
            let state = options.stateFolder(loaded).standardizedFileURL.path
            if options.state != nil || environment["FACTORY_STATE"] != nil { runArguments += ["--state", state] }
            if logMax != "5M" { runArguments += ["--log-max", logMax] }
            if logKeep != 5 { runArguments += ["--log-keep", "\(logKeep)"] }
            for flag in ["--log", "--log-max", "--log-keep", "--output", "--state"] where runFlags.contains(where: { $0 == flag || $0.hasPrefix(flag + "=") }) {
                throw usage("\(flag) after --: give it to factory cron itself (before --)")
            }
            runArguments += runFlags
            do {
                _ = try Run.parse([manifest] + runArguments + ["--log", "/dev/null"])
            } catch {
                throw usage("the flags for factory run: \(Run.message(for: error))")
            }
            guard LogFile.bytes(logMax) != nil else { throw usage("--log-max \(logMax): not a size; write bytes or 500K, 5M, 1G") }
            guard logKeep >= 0 else { throw usage("--log-keep \(logKeep): give 0 or more") }
            let logFile = log.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? state + "/cron.log"
            var extra: [(name: String, value: String)] = []
            if let credentials = environment["FACTORY_CREDENTIALS"] {
                extra.append((name: "FACTORY_CREDENTIALS", value: URL(fileURLWithPath: credentials).standardizedFileURL.path))
            }
            var entry = CronEntry(schedule: schedule, directory: directory, binary: Self.binary(), manifest: manifest,
                                  runArguments: runArguments, stateFolder: state, logFile: logFile,
                                  flock: Self.which("flock", environment: environment) ?? "flock", environment: extra)
            entry.publish = !(loaded.publish?.platforms.isEmpty ?? true) || loaded.items.contains { !($0.publishing.platforms ?? []).isEmpty }
            for (name, value) in [("directory", directory), ("manifest", manifest), ("state folder", state), ("log", logFile)] + runArguments.map({ ("flag", $0) })
            where value.contains(where: { $0 == "\n" || $0 == "\r" }) {
                throw usage("the \(name) \(value.debugDescription) holds a line break, which a crontab line cannot")
            }
            return entry
        }

        /// Reads the crontab, replaces (or removes) this manifest's entry, writes it back.
        func installCrontab(manifest: String, entry: CronEntry?, environment: [String: String]) throws {
            guard let crontab = Self.which("crontab", environment: environment) else {
                printError("crontab is not installed (on Debian: apt-get install cron); add the line by hand:")
                if let entry { printError(entry.text) }
                throw ExitCode(1)
            }
            let listed = try Subprocess.run(crontab, ["-l"])
            var existing = ""
            if listed.status == 0 {
                existing = listed.stdout
            } else if !listed.stderr.lowercased().contains("no crontab") {
                printError("crontab -l failed (exit \(listed.status)): \(listed.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
                throw ExitCode(1)
            }
            let updated = Crontab.replacing(manifest: manifest, in: existing, with: entry)
            if entry == nil && updated == existing {
                print("no crontab entry for \(manifest); nothing removed")
                return
            }
            let written = try Subprocess.run(crontab, ["-"], input: updated)
            guard written.status == 0 else {
                printError("crontab - refused the new crontab (exit \(written.status)): \(written.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
                throw ExitCode(1)
            }
            if let entry {
                print("installed in your crontab (runs in \(entry.directory), logs to \(entry.logFile)):\n\(entry.text)", terminator: "")
            } else {
                print("removed the crontab entry for \(manifest)")
            }
        }

        func usage(_ message: String) -> ExitCode {
            printError(message)
            return ExitCode(2)
        }

        /// This binary's absolute path (/proc/self/exe resolved), so cron runs the same build.
        static func binary() -> String {
            if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
            return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath().path
        }

        /// The first executable `name` on PATH.
        static func which(_ name: String, environment: [String: String]) -> String? {
            for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
                let path = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
            return nil
        }

        /// Keys this shell has that cron will not: they must be in the credentials file to be used.
        static func credentialWarnings(_ environment: [String: String]) -> [String] {
            let file = environment["FACTORY_CREDENTIALS"] ?? environment["HOME"].map { $0 + "/.config/contentfactory/credentials" }
            if let file, FileManager.default.fileExists(atPath: file) { return [] }
            let names = ["RUNWARE_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"].filter { !(environment[$0] ?? "").isEmpty }
            guard !names.isEmpty else { return [] }
            return ["\(names.joined(separator: ", ")) \(names.count == 1 ? "is" : "are") set in this shell, but cron will not see "
                    + "\(names.count == 1 ? "it" : "them") and `auto` providers would run offline; put \(names.count == 1 ? "it" : "them") "
                    + "in ~/.config/contentfactory/credentials (NAME=value lines, chmod 600)"]
        }
    }
}

/// Runs a program and collects what it printed.
enum Subprocess {
    struct Result { var status: Int32; var stdout: String; var stderr: String }

    static func run(_ path: String, _ arguments: [String], input: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        // Both pipes are drained while the child runs, so a chatty child never blocks; each variable has one writer.
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        // A child that exits without reading its input must not kill us with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        if let input { try? inp.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
        try inp.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
