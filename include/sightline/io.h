/* sightline: reading maps (Tiled JSON) and scenarios (sightline JSON).
 *
 * Every problem found is a diagnostic naming the file, the line and
 * column, the field (as a JSON path such as units[2].figures[0].x) and,
 * for Tiled objects, the object id and name. Formats: maps/FORMATS.md.
 */
#ifndef SIGHTLINE_IO_H
#define SIGHTLINE_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sightline/model.h"
#include "sightline/table.h"

#define SL_PATH_MAX 1024

/* --- diagnostics ---------------------------------------------------------- */

typedef enum sl_diag_level { SL_DIAG_ERROR, SL_DIAG_WARNING } sl_diag_level;

typedef struct sl_diag_msg {
    sl_diag_level level;
    char file[SL_PATH_MAX];
    int line, col;          /* 0 when unknown */
    int object_id;          /* Tiled object id, 0 when none */
    char field[160];        /* JSON path of the field, "" for the file */
    char text[512];
} sl_diag_msg;

typedef struct sl_diag {
    sl_diag_msg *msgs;
    int n, cap;
    int nerrors, nwarnings;
} sl_diag;

void sl_diag_init(sl_diag *d);
void sl_diag_free(sl_diag *d);
void sl_diag_add(sl_diag *d, sl_diag_level level, const char *file, int line, int col,
                 int object_id, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 8, 9)));
/* "maps/x.tmj:12:5: error: [layers[1].objects[3].type] object 7 'Copse': ..." */
void sl_diag_format(const sl_diag_msg *m, char *buf, size_t len);

/* Position of the value at `path` (".key", "[3]" segments; "" is the
 * root) in JSON text. Returns false when the path is not there. */
bool sl_json_locate(const char *text, size_t len, const char *path, int *line, int *col);
/* --- images ---------------------------------------------------------------- */

typedef struct sl_image {
    int w, h;
    unsigned char *rgba; /* w*h*4 bytes */
} sl_image;

bool sl_image_load(const char *path, sl_image *out, char *err, size_t errlen);
void sl_image_free(sl_image *img);
/* Write a PNG whole or not at all (see sl_out_open); false with the reason
 * in err. */
bool sl_image_write_png(const char *path, int w, int h, const unsigned char *rgba, int stride, char *err,
                        size_t errlen);

/* --- files written whole or not at all ------------------------------------- */

/* A file being written: into PATH.tmp beside it, every write checked,
 * then flushed to disk and renamed over PATH, so PATH is always either
 * the old file or the new one. */
typedef struct sl_out {
    FILE *f;
    char path[SL_PATH_MAX];
    char tmp[SL_PATH_MAX + 16];
    int err;                 /* the first write error seen (errno), 0 if none */
} sl_out;
bool sl_out_open(sl_out *o, const char *path, char *err, size_t errlen);
/* Flush, sync, close and rename; on any failure (a full disk, an I/O
 * error seen by any earlier write) the temporary file is removed, PATH is
 * untouched, and err names PATH and the reason. */
bool sl_out_commit(sl_out *o, char *err, size_t errlen);
/* Note the reason of a write that has just failed (call after writes;
 * the first reason is the one reported). */
void sl_out_check(sl_out *o);
/* Give up: remove the temporary file. */
void sl_out_abort(sl_out *o);
/* Standard output at the end of a command: flushed and closed, a failure
 * reported on standard error. Returns `status`, or 1 when the output was
 * lost and status was 0. */
int sl_stdout_finish(int status);

/* --- maps ------------------------------------------------------------------- */

typedef struct sl_mat {
    char path[SL_PATH_MAX];  /* resolved path of the mat image, "" if none */
    sl_image image;          /* empty when missing */
    double x, y, w, h;       /* where the image lies on the table, inches */
    uint8_t r, g, b;         /* plain table colour (map backgroundcolor) */
} sl_mat;

typedef struct sl_map {
    sl_table table;
    sl_mat mat;
    double px_per_inch;
    char path[SL_PATH_MAX];
} sl_map;

typedef struct sl_load_opts {
    bool load_images;        /* decode the mat image (off for fuzzing, checks) */
} sl_load_opts;

bool sl_map_load(const char *path, const sl_load_opts *opts, sl_map *out, sl_diag *d);
bool sl_map_load_text(const char *text, size_t len, const char *name, const char *base_dir,
                      const sl_load_opts *opts, sl_map *out, sl_diag *d);
void sl_map_free(sl_map *m);

/* --- scenarios ------------------------------------------------------------- */

#define SL_SCENARIO_FORMAT "sightline-scenario"
#define SL_SCENARIO_VERSION 1

/* A scenario together with the table it is played on. */
typedef struct sl_world {
    sl_scenario scn;
    sl_mat mat;
    char scenario_path[SL_PATH_MAX]; /* "" when built from a bare map */
    char map_path[SL_PATH_MAX];
} sl_world;

void sl_world_init(sl_world *w);
void sl_world_free(sl_world *w);
bool sl_world_load(const char *path, const sl_load_opts *opts, sl_world *out, sl_diag *d);
bool sl_world_load_text(const char *text, size_t len, const char *name, const char *base_dir,
                        const sl_load_opts *opts, sl_world *out, sl_diag *d);
/* A table with no forces, from a .tmj alone. */
bool sl_world_from_map(const char *map_path, const sl_load_opts *opts, sl_world *out, sl_diag *d);
/* Load either kind of file, chosen by content ("type":"map" or a
 * scenario "format"). */
bool sl_world_load_any(const char *path, const sl_load_opts *opts, sl_world *out, sl_diag *d);

/* A JSON string literal, quotes and all, to a stream (the core's
 * sl_json_escape inside: the one escaper). */
void sl_json_fput(FILE *f, const char *s);

/* Whole file into a NUL-terminated buffer; NULL and a reason on failure
 * ("cannot open: it is a directory", "... it is a device, not a file").
 * A pipe is read (a script may come from one); a directory or a device
 * never is. */
char *sl_read_file(const char *path, size_t *len, char *err, size_t errlen);
/* Whether path is a plain file this program may read, without opening it;
 * if not, why ("it is a directory", "No such file or directory", ...).
 * For the files another file names, which must be plain files. */
bool sl_file_check(const char *path, char *why, size_t whylen);
/* Directory part of a path ("maps/x.json" -> "maps"), "." when none. */
void sl_path_dir(const char *path, char *out, size_t len);
/* dir + "/" + rel, unless rel is absolute. */
void sl_path_join(const char *dir, const char *rel, char *out, size_t len);

#endif
