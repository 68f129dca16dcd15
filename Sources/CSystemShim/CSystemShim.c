#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include "CSystemShim.h"

int factory_exchange_paths(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}

#include <sys/vfs.h>

long factory_filesystem_type(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    return (long)info.f_type;
}
