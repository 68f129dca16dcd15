import FactoryTesting
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `factory cron`: the printed line, its exit codes, the line's command run the way cron runs it
/// (`env -i /bin/sh -c`), two overlapping starts, and `--install` against a stub `crontab`.
@Suite(.serialized) struct CronTests {
    static let manifest = """
    version: 1
    week: 2026-W48
    output: out
    items:
      - { id: p1, kind: poster, day: monday, series: monday-motivation, format: square, quality: draft, duration: 6, prompt: "a hill" }
    """

    /// A folder whose path has a space in it, holding the manifest.
    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("cron test")
        try folder.write(manifest, to: "week.yaml")
        return folder
    }

    /// The crontab line `factory cron` printed, split into its schedule and the command cron gives /bin/sh.
    static func printedEntry(_ folder: TemporaryFolder, _ extra: [String] = []) throws -> (marker: String, line: String, command: String) {
        let out = try TestSupport.runFactory(["cron", "--schedule", "0 6 * * 1", "week.yaml"] + extra, in: folder.url)
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(out.stdout)")
        let fields = lines[1].split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
        // cron hands the part after the five fields to /bin/sh with every \% turned back into %.
        return (lines[0], lines[1], String(fields[5]).replacingOccurrences(of: "\\%", with: "%"))
    }

    /// Runs `command` as cron does: /bin/sh with an empty environment.
    static func startLikeCron(_ command: String, output: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["-i", "/bin/sh", "-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test func printsAMarkedLineWithAbsolutePathsQuoted() throws {
        let folder = try Self.folder()
        let (marker, line, command) = try Self.printedEntry(folder)
        let dir = folder.url.path, state = folder.path("out/.factory")
        let binary = URL(fileURLWithPath: TestSupport.factoryBinary).resolvingSymlinksInPath().path
        #expect(marker == "# factory cron: '\(dir)/week.yaml'")
        // The tests' environment names a credentials file: its path (never a key) is passed on to cron.
        #expect(line.hasPrefix("0 6 * * 1 export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "
                               + "FACTORY_CREDENTIALS=/nonexistent/contentfactory-credentials && "))
        #expect(command.contains(" && cd '\(dir)' && mkdir -p '\(state)' && "))
        #expect(command.contains("flock -n -E 99 '\(state)/cron.lock' \(binary) run '\(dir)/week.yaml' --log '\(state)/cron.log'; rc=$?;"),
                "\(command)")
        #expect(command.hasSuffix("rc=75; fi; exit $rc"))
    }

    @Test(arguments: [
        (["--schedule", "0 25 * * 1", "week.yaml"], "schedule \"0 25 * * 1\": hour \"25\": 25 is out of range 0-23"),
        (["--schedule", "0 6 * *", "week.yaml"], "a schedule has 5 fields"),
        (["week.yaml"], "--schedule is needed"),
        (["--schedule", "@weekly", "missing.yaml"], "missing.yaml"),
        (["--schedule", "@weekly", "week.yaml", "--", "--bogus"], "the flags for factory run"),
        (["--schedule", "@weekly", "week.yaml", "--", "--log", "x.log"], "--log after --"),
        (["--schedule", "@weekly", "week.yaml", "--remove"], "--remove takes the manifest only"),
        (["--schedule", "@weekly", "week.yaml", "--directory", "no-such-folder"], "no such folder"),
    ])
    func badInputExitsTwo(_ arguments: [String], _ message: String) throws {
        let folder = try Self.folder()
        let out = try TestSupport.runFactory(["cron"] + arguments, in: folder.url)
        #expect(out.status == 2, "\(out.stdout)\n\(out.stderr)")
        #expect(out.stderr.contains(message), "\(out.stderr)")
        #expect(out.stdout.isEmpty)
    }

    @Test func theLineRunsInCronsEmptyEnvironmentAndLogsWithRotation() throws {
        let folder = try Self.folder()
        let (_, _, command) = try Self.printedEntry(folder, ["--log-max", "1K", "--log-keep", "2"])
        // A log from earlier weeks, over the size: rotated away before this run writes.
        try folder.write(String(repeating: "an old week's line\n", count: 100), to: "out/.factory/cron.log")
        let process = try Self.startLikeCron(command, output: folder.url.appendingPathComponent("shell.out"))
        process.waitUntilExit()
        let log = Self.read(folder.path("out/.factory/cron.log"))
        #expect(process.terminationStatus == 0, "\(log)\n\(Self.read(folder.path("shell.out")))")
        #expect(log.hasPrefix("==== factory run \(folder.url.path)/week.yaml: started "))
        #expect(log.contains("stage item=p1 stage=image provider=offline"))
        #expect(log.contains("stage item=p1 stage=render provider=render"))
        #expect(log.contains("1/1 items done"))
        #expect(!log.contains("\u{1B}["), "plain lines only, no terminal codes")
        #expect(Self.read(folder.path("out/.factory/cron.log.1")).hasPrefix("an old week's line"))
        #expect(Self.read(folder.path("shell.out")).isEmpty, "everything went to the log")
        #expect(FileManager.default.fileExists(atPath: folder.path("out/2026-W48/p1/video.mp4")))

        // The report: every stage of the item with its provider, model, seconds, cost and cache flag; the slowest.
        struct Report: Decodable {
            struct Stage: Decodable { var item: String; var stage: String; var provider: String; var model: String
                                      var seconds: Double; var cost_usd: Double; var cached: Bool; var status: String }
            struct Item: Decodable { var id: String; var stages: [Stage] }
            var items: [Item]; var slowest_stages: [Stage]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(contentsOf: folder.url.appendingPathComponent("out/2026-W48/report.json")))
        #expect(report.items.first?.stages.map(\.stage) == ["text", "image", "render"])
        #expect(report.items.first?.stages.allSatisfy { $0.status == "done" && $0.cost_usd == 0 && !$0.cached && $0.seconds >= 0 } == true)
        #expect(report.slowest_stages.first?.stage == "render")
        #expect(Self.read(folder.path("out/2026-W48/report.txt")).contains("slowest stages: p1 render"))
    }

    @Test func aSecondStartWhileTheFirstRunsIsSkippedAndTheFirstFinishes() throws {
        let folder = try Self.folder()
        let (_, _, command) = try Self.printedEntry(folder)
        let first = try Self.startLikeCron(command, output: folder.url.appendingPathComponent("first.out"))
        // Wait until the first start's factory holds its run lock (it writes its pid there), then freeze it.
        var pid: pid_t?
        for _ in 0..<1200 where pid == nil {
            let text = Self.read(folder.path("out/.factory/lock")).split(separator: " ").first.map(String.init) ?? ""
            pid = pid_t(text)
            if pid == nil { usleep(50_000) }
        }
        let factory = try #require(pid, "the first start never took its lock: \(Self.read(folder.path("out/.factory/cron.log")))")
        try #require(kill(factory, SIGSTOP) == 0)
        let second = try Self.startLikeCron(command, output: folder.url.appendingPathComponent("second.out"))
        second.waitUntilExit()
        #expect(kill(factory, SIGCONT) == 0)
        first.waitUntilExit()

        #expect(second.terminationStatus == 75)
        #expect(first.terminationStatus == 0)
        let log = Self.read(folder.path("out/.factory/cron.log"))
        #expect(log.components(separatedBy: "==== factory run").count == 2, "one run started: \(log)")
        #expect(log.contains(": skipped, an earlier start still holds \(folder.path("out/.factory/cron.lock"))\n"))
        #expect(log.contains("1/1 items done"))
    }

    @Test func installReplacesTheEarlierEntryThroughCrontab() throws {
        let folder = try Self.folder()
        try folder.write("""
        #!/bin/sh
        # A stand-in for crontab(1): -l prints the stored table, - stores its input (and keeps a copy of each).
        if [ "$1" = "-l" ]; then
          if [ -f "$CRONTAB_STORE" ]; then cat "$CRONTAB_STORE"; else echo "no crontab for tester" >&2; exit 1; fi
        elif [ "$1" = "-" ]; then
          n=$(ls "$CRONTAB_STORE".in.* 2>/dev/null | wc -l)
          cat > "$CRONTAB_STORE.in.$n" && cp "$CRONTAB_STORE.in.$n" "$CRONTAB_STORE"
        else
          exit 2
        fi
        """, to: "bin/crontab")
        chmod(folder.path("bin/crontab"), 0o755)
        let environment = ["PATH": folder.path("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                           "CRONTAB_STORE": folder.path("crontab.txt")]
        let manifest = folder.url.appendingPathComponent("week.yaml").path
        let marker = "# factory cron: '\(manifest)'"

        let first = try TestSupport.runFactory(["cron", "--schedule", "0 6 * * 1", "week.yaml", "--install"], in: folder.url, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let installed = Self.read(folder.path("crontab.txt.in.0"))
        #expect(installed.hasPrefix(marker + "\n0 6 * * 1 export PATH="))

        // Someone else's line stays; the earlier entry for this manifest is replaced, not duplicated.
        try folder.write("MAILTO=\"\"\n0 1 * * * /usr/local/bin/backup\n" + installed, to: "crontab.txt")
        let second = try TestSupport.runFactory(["cron", "--schedule", "30 5 * * mon-fri", "week.yaml", "--install"], in: folder.url,
                                                environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        let replaced = Self.read(folder.path("crontab.txt.in.1"))
        #expect(replaced.hasPrefix("MAILTO=\"\"\n0 1 * * * /usr/local/bin/backup\n" + marker + "\n30 5 * * mon-fri "))
        #expect(replaced.components(separatedBy: marker).count == 2 && !replaced.contains("0 6 * * 1"))
        #expect(second.stdout.contains("installed in your crontab"))

        let removed = try TestSupport.runFactory(["cron", "week.yaml", "--remove"], in: folder.url, environment: environment)
        #expect(removed.status == 0)
        #expect(Self.read(folder.path("crontab.txt.in.2")) == "MAILTO=\"\"\n0 1 * * * /usr/local/bin/backup\n")

        // A crontab that refuses the table: exit 1 with its message.
        try folder.write("#!/bin/sh\n[ \"$1\" = \"-l\" ] && exit 0\necho 'errors in crontab file, can not install' >&2\nexit 1\n", to: "bin/crontab")
        let refused = try TestSupport.runFactory(["cron", "--schedule", "@weekly", "week.yaml", "--install"], in: folder.url, environment: environment)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("errors in crontab file"))
    }

    @Test func onATerminalTheRunDrawsTheLiveViewInsteadOfStageLines() throws {
        let folder = try Self.folder()
        // script(1) gives the run a pseudo-terminal as standard output.
        let command = "\(TestSupport.factoryBinary) run week.yaml --skip-render"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = folder.url
        process.environment = TestSupport.environment(["TERM": "xterm"])
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("factory 2026-W48  ["))
        #expect(output.contains("\u{1B}[J"), "redrawn in place")
        #expect(output.contains("in flight: "))
        #expect(!output.contains("stage item="))
        #expect(output.contains("1/1 items done, 1 fetched") || output.contains("0/1 items done, 1 fetched"))
    }
}
