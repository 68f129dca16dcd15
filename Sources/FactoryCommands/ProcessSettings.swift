import FactoryCore
import FactoryKinds
import Foundation

/// The `FACTORY_*` variables that tune how a run renders and publishes, read from the environment
/// once, where a command opens its session, and handed down as plain values: the render knobs to
/// the kinds' jobs, the publish mode and the crash point to the runner and the gateway.
struct ProcessSettings: Sendable {
    /// `FACTORY_X264_PARAMS`, `FACTORY_KEEP_FILE_PAGES`, `FACTORY_RING`, `FACTORY_FRAME_DUMP`.
    var render: KindRenderTuning
    /// `FACTORY_PUBLISH=exchange|link`; nil (unset or another word): chosen by the file system.
    var publish: BundleWriter.Replacement?
    /// `FACTORY_CRASH_AT=label[:n]`, for the kill-and-resume tests; nil when unset.
    var crashPoint: CrashPoint?

    init(environment: [String: String]) {
        render = KindRenderTuning(environment: environment)
        publish = environment["FACTORY_PUBLISH"].flatMap(BundleWriter.Replacement.init(rawValue:))
        crashPoint = environment["FACTORY_CRASH_AT"].flatMap(CrashPoint.init(setting:))
    }

    /// `options` with this process's publish mode and crash point.
    func applied(to options: RunOptions) -> RunOptions {
        var options = options
        options.publish = publish
        options.crashPoint = crashPoint
        return options
    }
}
