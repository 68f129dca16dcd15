import FactorySystem
import Foundation

extension BundleWriter {
    /// How a published bundle is replaced in one step.
    public enum Replacement: String, Sendable {
        /// renameat2(RENAME_EXCHANGE) of the item's folder (local file systems); where the file
        /// system refuses it, `link` is used for that bundle.
        case exchange
        /// The item's name is a symlink to a folder under `.bundles/`, swapped with rename(2):
        /// whole on NFS and other shared volumes, where renameat2's flags fail with EINVAL.
        case link

        /// `FACTORY_PUBLISH` (exchange or link) when set; else `link` on a network file system.
        public static func choose(for folder: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> Replacement {
            if let forced = environment["FACTORY_PUBLISH"].flatMap(Replacement.init(rawValue:)) { return forced }
            return VolumeKind.isNetwork(folder.path) ? .link : .exchange
        }
    }
}
