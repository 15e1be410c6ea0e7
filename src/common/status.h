/* Status codes and the last-error message shared by every tensorwarp entry point.
 *
 * Every public C function returns a tw_status. On failure it also records a
 * human-readable message, naming the offending argument, that tw_last_error()
 * returns until the next failure. The JS wrapper turns (status, message) into
 * a JavaScript Error; C code never aborts on bad input. */
#ifndef TW_COMMON_STATUS_H
#define TW_COMMON_STATUS_H

#include "export.h"

typedef enum tw_status {
  TW_OK = 0,               /* success */
  TW_INVALID_ARGUMENT = 1, /* an argument violates the operator's contract */
  TW_UNSUPPORTED = 2,      /* well-formed, but not something tensorwarp does (e.g. cubic on bool) */
  TW_OUT_OF_MEMORY = 3,    /* a size overflows the address space or scratch allocation failed */
} tw_status;

/* Records a printf-style message and returns `status`, so callers write
 * `return tw_fail(TW_INVALID_ARGUMENT, "pads: ...", ...);`. */
tw_status tw_fail(tw_status status, const char* format, ...)
    __attribute__((format(printf, 2, 3)));

/* The message of the most recent failure ("" before any). Owned by the
 * library; valid until the next failing call. */
TW_EXPORT const char* tw_last_error(void);

#endif
