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

        /// `link` on a network file system, else `exchange` (a run forces one with `RunOptions.publish`,
        /// which the command layer reads from `FACTORY_PUBLISH`).
        public static func choose(for folder: URL) -> Replacement {
            VolumeKind.isNetwork(folder.path) ? .link : .exchange
        }
    }
}
