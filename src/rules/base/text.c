/* Text as the journal and every rule write it: JSON string escapes, and
 * UTF-8 cut only between whole characters. */
#include <stdio.h>
#include <string.h>

#include "base.h"

/* Is c the first byte of a UTF-8 character (not a continuation byte)? */
static bool utf8_lead(unsigned char c)
{
    return (c & 0xC0) != 0x80;
}

size_t sl_json_escape(char *out, size_t len, const char *s)
{
    size_t k = 0;
    if (len == 0)
        return 0;
    for (const char *p = s; *p; p++) {
        unsigned char c = (unsigned char)*p;
        char buf[8];
        size_t n;
        if (c == '"' || c == '\\') {
            buf[0] = '\\';
            buf[1] = (char)c;
            n = 2;
        } else if (c < 0x20) {
            n = (size_t)snprintf(buf, sizeof buf, "\\u%04x", c);
        } else {
            buf[0] = (char)c;
            n = 1;
        }
        if (k + n >= len) {
            /* no room: cut between whole characters, never inside one */
            if (!utf8_lead(c)) {
                while (k > 0 && !utf8_lead((unsigned char)out[k - 1]))
                    k--;
                if (k > 0)
                    k--;
            }
            break;
        }
        memcpy(out + k, buf, n);
        k += n;
    }
    out[k] = '\0';
    return k;
}

size_t sl_utf8_trim(char *s)
{
    size_t n = strlen(s);
    /* step back over continuation bytes to the last lead byte, and drop
     * the character if it has fewer bytes than its lead byte says */
    size_t k = n, cont = 0;
    while (k > 0 && !utf8_lead((unsigned char)s[k - 1]) && cont < 4) {
        k--;
        cont++;
    }
    if (k == 0)
        return n;
    unsigned char lead = (unsigned char)s[k - 1];
    size_t want = lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : (lead & 0xF8) == 0xF0 ? 4 : 1;
    if (cont + 1 < want) {
        s[k - 1] = '\0';
        return k - 1;
    }
    return n;
}

void sl_utf8_copy(char *dst, size_t size, const char *src)
{
    if (size == 0)
        return;
    size_t n = strlen(src);
    if (n >= size)
        n = size - 1;
    memmove(dst, src, n);
    dst[n] = '\0';
    sl_utf8_trim(dst);
}

size_t sl_utf8_chars(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += utf8_lead((unsigned char)*s);
    return n;
}
