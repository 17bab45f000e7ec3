/* sightline: the demonstrator's pointer (issue 42).
 *
 * What a demonstrator shows the room on the table: a ping that pulses a
 * few seconds where he points, and the pen's arrows and rings, which stay
 * until cleared. They are the window's (and a lesson step's), never the
 * game's: no command, nothing in the journal or a save. Places are table
 * mils, so they stay put under pan and zoom.
 */
#ifndef SIGHTLINE_POINTER_H
#define SIGHTLINE_POINTER_H

#include <stdbool.h>
#include <stdint.h>

#include "sightline/geom.h"

typedef enum sl_pen_kind {
    SL_PEN_PING,  /* a ping at a: pulses, then goes */
    SL_PEN_ARROW, /* an arrow from a to b */
    SL_PEN_RING   /* a ring round a, of radius r */
} sl_pen_kind;

typedef struct sl_pen_mark {
    sl_pen_kind kind;
    sl_pt a, b;               /* mils */
    int32_t r;                /* a ring's radius, mils */
} sl_pen_mark;

#define SL_PEN_MAX 32         /* arrows and rings on the table at once */
#define SL_PINGS_MAX 4        /* pings pulsing at once (a fifth ends the oldest) */
#define SL_PING_MS 4000u      /* how long a ping pulses */
#define SL_PING_PERIOD_MS 1000u /* one pulse */
#define SL_PING_FRAME_MS 33u  /* how often a pulsing ping is drawn again */

/* A ping pulsing: its place, and its age as last drawn (its clock starts
 * at the first sl_view_pings_tick after it was sent). */
typedef struct sl_ping {
    sl_pt at;
    bool timed;
    uint32_t since;           /* when its clock started, ms */
    uint32_t age;             /* ms, in whole frames: what is drawn */
} sl_ping;

#endif
