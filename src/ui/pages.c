/* Big pixel buffers on huge pages (issue 39).
 *
 * SDL allocates every texture and surface of the software renderer (the
 * kept layers, the kept frame, the window's own buffer, the mat) with
 * SDL_malloc and clears it at once. On a virtual machine each 4 KiB page
 * first touched costs a fault that dwarfs the clearing itself: at 1080p
 * the window's first frame took about 14,000 of them, most of its start.
 * A block of 1 MiB or more is therefore mapped by itself and asked for in
 * 2 MiB pages (transparent huge pages, where the kernel offers them), 512
 * times fewer faults, all but the part of its last 2 MiB it does not fill
 * (in small pages: resident memory never more than the block's size); a
 * smaller one goes to the C library as before.
 *
 * The blocks so mapped are kept in a small table (the only state), so a
 * pointer the table does not know is the C library's: memory SDL took
 * before these functions were installed is freed the ordinary way. Under
 * AddressSanitizer nothing is changed (its own allocator keeps watch). */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS, madvise's MADV_HUGEPAGE */
#include <SDL.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "ui_internal.h"

#if defined(__SANITIZE_ADDRESS__)
#define UI_PAGES_ON 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UI_PAGES_ON 0
#endif
#endif
#ifndef UI_PAGES_ON
#define UI_PAGES_ON 1
#endif

#if UI_PAGES_ON && defined(MADV_HUGEPAGE)

#define BIG ((size_t)1 << 20)
#define HUGE ((size_t)2 << 20)
#define SLOTS 64

typedef struct big_block {
    _Atomic(uintptr_t) at; /* what was handed out; 0: a free slot */
    size_t len;            /* of the user's part */
    void *map;             /* the mapping */
    size_t maplen;
} big_block;

static big_block blocks[SLOTS];

static big_block *find(const void *p)
{
    uintptr_t u = (uintptr_t)p;
    for (int i = 0; i < SLOTS && u; i++)
        if (atomic_load_explicit(&blocks[i].at, memory_order_acquire) == u)
            return &blocks[i];
    return NULL;
}

/* A fresh mapping for len bytes (zeroed by the kernel), aligned to a huge
 * page so that every whole 2 MiB of it can be one; NULL when there is no
 * free slot or no mapping. */
static void *big_alloc(size_t len)
{
    size_t maplen = (len + HUGE - 1) / HUGE * HUGE + HUGE;
    for (int i = 0; i < SLOTS; i++) {
        uintptr_t none = 0;
        if (atomic_load_explicit(&blocks[i].at, memory_order_relaxed) != 0 ||
            !atomic_compare_exchange_strong(&blocks[i].at, &none, (uintptr_t)1))
            continue; /* taken (1: being filled in) */
        void *map = mmap(NULL, maplen, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (map == MAP_FAILED) {
            atomic_store(&blocks[i].at, 0);
            return NULL;
        }
        uintptr_t at = ((uintptr_t)map + HUGE - 1) / HUGE * HUGE;
        /* only its whole 2 MiB in huge pages: the rest of the last one in
         * small pages, so a block never holds more memory than its size
         * (a 2.3 MB block took two huge pages, 4 MiB) */
        if (len / HUGE > 0)
            madvise((void *)at, len / HUGE * HUGE, MADV_HUGEPAGE);
        blocks[i].len = len;
        blocks[i].map = map;
        blocks[i].maplen = maplen;
        atomic_store_explicit(&blocks[i].at, at, memory_order_release);
        return (void *)at;
    }
    return NULL;
}

static void *pages_malloc(size_t len)
{
    void *p = len >= BIG ? big_alloc(len) : NULL;
    return p ? p : malloc(len);
}

static void *pages_calloc(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    void *p = n * size >= BIG ? big_alloc(n * size) : NULL; /* the kernel's pages are zero */
    return p ? p : calloc(n, size);
}

static void pages_free(void *p)
{
    big_block *b = find(p);
    if (!b) {
        free(p);
        return;
    }
    void *map = b->map;
    size_t maplen = b->maplen;
    atomic_store_explicit(&b->at, 0, memory_order_release);
    munmap(map, maplen);
}

static void *pages_realloc(void *p, size_t len)
{
    big_block *b = find(p);
    if (!b)
        return len >= BIG && p == NULL ? pages_malloc(len) : realloc(p, len);
    if (len <= b->len)
        return p;
    void *q = pages_malloc(len);
    if (!q)
        return NULL;
    memcpy(q, p, b->len);
    pages_free(p);
    return q;
}

void ui_big_pages(void)
{
    static atomic_flag done = ATOMIC_FLAG_INIT;
    if (!atomic_flag_test_and_set(&done))
        SDL_SetMemoryFunctions(pages_malloc, pages_calloc, pages_realloc, pages_free);
}

#else

void ui_big_pages(void)
{
}

#endif
