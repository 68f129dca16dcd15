import FactoryCore
import Foundation

/// What one child process cost: wall-clock seconds, CPU seconds (user + system) and peak
/// resident memory, read from the kernel with `wait4` when it ended.
struct ChildUsage {
    var seconds: Double
    var cpu: Double
    var maxRSSKiB: Int
    var status: Int32
    /// For a `factory run`: its own peak and its largest helper's, from its report (the kernel's
    /// figure for the child above is the larger of the two).
    var memory: PeakMemory? = nil

    /// The factory's own peak in MB when its report gave it, else the child's.
    var ownMB: Int { memory?.factoryMB ?? maxRSSKiB / 1024 }
    /// ", the largest helper process (the Piper voice) 402 MB" when there was one.
    var helperNote: String { memory?.largestHelperMB.map { "; its largest helper process (the Piper voice) \($0) MB" } ?? "" }

    /// How many cores the child kept busy on average.
    var cores: Double { cpu / max(seconds, 1e-9) }
}

/// Runs programs for the benchmarks and measures each one alone (its own rusage, not the sum of
/// every child so far).
enum ChildRun {
    /// Runs `path` with `arguments` to completion, its standard output and error appended to
    /// `log` (or discarded); `environment` entries are added to this process's.
    static func run(_ path: String, _ arguments: [String], environment extra: [String: String] = [:],
                    log: String = "/dev/null") throws -> ChildUsage {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var pid: pid_t = 0
        let started = DispatchTime.now().uptimeNanoseconds
        let rc = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard rc == 0 else { throw ValidationErrorText("cannot start \(path): \(String(cString: strerror(rc)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        func time(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        // Exited normally: the exit code; killed by a signal: 128 + the signal, as a shell says.
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ChildUsage(seconds: seconds, cpu: time(usage.ru_utime) + time(usage.ru_stime),
                          maxRSSKiB: Int(usage.ru_maxrss), status: code)
    }
}

/// An error that is only its message (a benchmark step that could not run).
struct ValidationErrorText: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
