/* Helpers the host's texts share (proto.c): not part of the API. */
#ifndef SIGHTLINE_NET_INTERNAL_H
#define SIGHTLINE_NET_INTERNAL_H

#include "sightline/net.h"

/* A formatted line (up to 2 KiB) appended to b. */
bool net_putf(sl_net_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A line split at tabs into at most `max` fields (the tabs become ends); how many. */
int net_split_tabs(char *line, char **f, int max);

#endif
