/* sightline: lessons, the rules demonstrated step by step.
 *
 * A lesson is a scenario, the dice in the order they are rolled and a
 * list of steps; each step plays some commands and says, in a caption,
 * what happened and why, with the overlays that explain it (the sight
 * line, the range bands, a blast, a planned way). The window steps
 * forward and back through it; `sightline lesson FILE --render DIR`
 * writes one picture a step. The format is in maps/FORMATS.md.
 */
#ifndef SIGHTLINE_LESSON_H
#define SIGHTLINE_LESSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sightline/io.h"
#include "sightline/play.h"
#include "sightline/pointer.h"

#define SL_LESSON_CAPTION 1200
#define SL_LESSON_MAX_PLAN 16

typedef struct sl_lesson_step {
    char title[120];           /* a short heading ("The overwatch fire"), may be "" */
    char caption[SL_LESSON_CAPTION];
    int first_command, ncommands; /* into sl_lesson.commands */
    char select[64];           /* unit id to select, "" */
    char target[64];           /* unit or figure id for the sight line, "" */
    bool bands, los, integrity;
    bool blast;
    double blast_x, blast_y, blast_r; /* inches */
    double plan[2 * SL_LESSON_MAX_PLAN]; /* a planned way for the selected unit, inches */
    int nplan;
    int line;                  /* where the step starts in the file */
    int blast_line, blast_col; /* where its blast is, for errors found with the table */
    int plan_line[SL_LESSON_MAX_PLAN], plan_col[SL_LESSON_MAX_PLAN];
    /* the demonstrator's pointer at this step ("pointer": pings, arrows,
     * rings), in mils, and where each is in the file */
    sl_pen_mark marks[SL_PEN_MAX];
    int nmarks;
    int mark_line[SL_PEN_MAX], mark_col[SL_PEN_MAX];
} sl_lesson_step;

typedef struct sl_lesson {
    char path[SL_PATH_MAX];
    char title[200];
    char scenario[SL_PATH_MAX]; /* resolved against the lesson's folder */
    int scenario_line, scenario_col; /* where the lesson names it */
    uint64_t seed;
    int *dice;
    int ndice;
    char (*commands)[256];
    int ncommands;
    sl_lesson_step *steps;
    int nsteps;
    int width, height;         /* the pictures' size (--render), 1600x1000 unless given */
} sl_lesson;

/* Read a lesson; problems go into d with the file, line and field. */
bool sl_lesson_load(const char *path, sl_lesson *out, sl_diag *d);
void sl_lesson_free(sl_lesson *l);

/* The largest blast template a lesson, `render --overlay` or the window
 * draws, in inches (the largest the rules have is 10"). */
#define SL_LESSON_MAX_BLAST 100.0

/* Load the lesson's scenario into w and check the lesson against it: the
 * scenario loads and has forces to play, and every blast and planned
 * point is on its table. A problem is an error at the lesson's line and
 * field naming the scenario (the scenario's own errors are at its lines).
 * On false, w holds nothing to free. */
bool sl_lesson_load_world(const sl_lesson *l, const sl_load_opts *opts, sl_world *w, sl_diag *d);

/* Play the lesson's game from the start to the end of step `step` (0 is
 * the first), on the scenario `w` loaded from l->scenario. No autosave.
 * False, with the command and the reason in err, when a command is
 * refused (the lesson no longer fits the rules). `step_from` (or NULL)
 * gets the journal's length before the commands of the last step up to
 * `step` that has any (a step that only explains keeps showing the rolls
 * of the one before): the rolls shown are the ones after it. */
bool sl_lesson_play_to(const sl_lesson *l, const sl_world *w, sl_play *p, int step, int *step_from, char *err,
                       size_t errlen);

#endif
