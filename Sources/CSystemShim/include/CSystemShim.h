#ifndef CSYSTEMSHIM_H
#define CSYSTEMSHIM_H

/// Swaps two paths in one step (Linux renameat2 with RENAME_EXCHANGE): both names exist before
/// and after, each now naming the other's file or folder. Returns 0, or -1 with errno set
/// (EINVAL/ENOSYS where the file system or kernel cannot exchange).
int factory_exchange_paths(const char *first, const char *second);

/// The magic number of the file system holding `path` (statfs's f_type: 0x6969 is NFS), or -1.
long factory_filesystem_type(const char *path);

#endif
