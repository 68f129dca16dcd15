import CSystemShim

/// What kind of file system holds a path, for how bundles are published on it.
public enum VolumeKind {
    /// NFS, SMB/CIFS, CephFS, 9p, FUSE (EFS mounts, sshfs…): shared volumes where renameat2's
    /// flags are not supported (Linux's nfs_rename returns EINVAL for any flag).
    public static func isNetwork(_ path: String) -> Bool {
        let network: Set<Int> = [0x6969, 0xFF53_4D42, 0x517B, 0xFE53_4D42, 0x00C3_6400, 0x0102_1997, 0x6573_5546]
        return network.contains(factory_filesystem_type(path))
    }
}
