import CSystemShim

/// Linux's renameat2(RENAME_EXCHANGE), which Swift's Glibc module does not declare.
public enum PathExchange {
    /// Swaps two existing paths in one step: true when done; false where the file system or
    /// kernel cannot exchange (EINVAL on NFS, ENOSYS on old kernels) and the caller must fall back.
    public static func swap(_ first: String, _ second: String) -> Bool {
        factory_exchange_paths(first, second) == 0
    }
}
