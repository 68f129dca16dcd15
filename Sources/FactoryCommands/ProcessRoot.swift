import FactoryCore
import FactoryKinds
import Foundation
import Synchronization

/// The composition root: what one `factory` process builds once and hands down. The `FACTORY_*`
/// settings read from the environment, the kinds registry (rendering with those settings), and
/// each manifest's content library, loaded and checked once (the manifest's check and the run
/// share it). Commands are made by the argument parser, so they reach it here; nothing below the
/// commands defaults to a registry of its own.
final class ProcessRoot: Sendable {
    static let current = ProcessRoot(environment: ProcessInfo.processInfo.environment)

    let settings: ProcessSettings
    let kinds: KindRegistry
    /// Libraries already loaded, by the manifest folder and its `library:` setting.
    private let libraries = Mutex<[String: ContentLibrary]>([:])

    init(environment: [String: String]) {
        settings = ProcessSettings(environment: environment)
        kinds = StandardKinds.tunedRegistry(settings.render)
    }

    /// The manifest's content library (its `library:` folder over the bundled shelves), loaded the
    /// first time it is asked for; a problem with it is thrown each time.
    func library(for manifest: Manifest) throws -> ContentLibrary {
        let key = manifest.folder.path + "\u{0}" + (manifest.library.map { "\($0.path)\u{0}\($0.mode.rawValue)" } ?? "")
        if let loaded = libraries.withLock({ $0[key] }) { return loaded }
        let loaded = try ContentLibrary.load(manifest.library, manifestFolder: manifest.folder, kinds: kinds)
        libraries.withLock { $0[key] = loaded }
        return loaded
    }
}
