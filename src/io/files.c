/* Files written whole or not at all, and standard output checked at the
 * end. A full disk, a read-only directory or an I/O error is always
 * reported with the file it hit, and never leaves a half-written file
 * where a good one was. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sightline/io.h"

bool sl_out_open(sl_out *o, const char *path, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    if (strlen(path) >= sizeof o->path) {
        snprintf(err, errlen, "cannot write %.60s...: the path is too long", path);
        return false;
    }
    snprintf(o->path, sizeof o->path, "%s", path);
    snprintf(o->tmp, sizeof o->tmp, "%s.tmp", path);
    o->f = fopen(o->tmp, "wb");
    if (!o->f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return false;
    }
    return true;
}

void sl_out_check(sl_out *o)
{
    if (o->f && !o->err && ferror(o->f))
        o->err = errno ? errno : EIO;
}

void sl_out_abort(sl_out *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp[0])
        unlink(o->tmp);
}

bool sl_out_commit(sl_out *o, char *err, size_t errlen)
{
    if (!o->f) {
        snprintf(err, errlen, "cannot write %s", o->path);
        return false;
    }
    errno = 0;
    /* flush first: a write that failed earlier fails again here, and
     * says why */
    bool ok = fflush(o->f) == 0;
    ok = !ferror(o->f) && ok && fsync(fileno(o->f)) == 0;
    int e = o->err ? o->err : errno ? errno : EIO;
    if (fclose(o->f) != 0 && ok) {
        ok = false;
        e = errno ? errno : EIO;
    }
    o->f = NULL;
    if (ok && rename(o->tmp, o->path) != 0) {
        ok = false;
        e = errno;
    }
    if (!ok) {
        snprintf(err, errlen, "cannot write %s: %s", o->path, strerror(e));
        unlink(o->tmp);
        return false;
    }
    /* make the rename itself durable */
    char dir[SL_PATH_MAX];
    snprintf(dir, sizeof dir, "%s", o->path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *(slash == dir ? slash + 1 : slash) = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    return true;
}

int sl_stdout_finish(int status)
{
    errno = 0;
    bool ok = fflush(stdout) == 0;
    ok = !ferror(stdout) && ok;
    int e = errno ? errno : EIO;
    if (fclose(stdout) != 0 && ok) {
        ok = false;
        e = errno ? errno : EIO;
    }
    if (ok)
        return status;
    fprintf(stderr, "sightline: cannot write the output: %s\n", strerror(e));
    return status ? status : 1;
}
