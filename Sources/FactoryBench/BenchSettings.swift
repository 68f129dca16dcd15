import FactoryKinds
import FactoryMedia
import Foundation

/// The `FACTORY_*` variables the in-process render benches honour, read from the environment once
/// where a hidden bench command starts and handed to the bench: the render knobs
/// (`FACTORY_X264_PARAMS`, `FACTORY_KEEP_FILE_PAGES`, `FACTORY_RING`, `FACTORY_FRAME_DUMP`,
/// `FACTORY_FULL_REDRAW`) and
/// `FACTORY_BENCH_TRACE` (set at all: resident memory at each step, to stderr).
struct BenchSettings: Sendable {
    var render: RenderTuning
    var trace: BenchTrace

    init(environment: [String: String]) {
        render = RenderTuning(environment: environment)
        trace = BenchTrace(on: environment["FACTORY_BENCH_TRACE"] != nil)
    }

    /// This process's settings.
    static func fromProcess() -> BenchSettings { BenchSettings(environment: ProcessInfo.processInfo.environment) }
}
