#include "status.h"

#include <stdarg.h>
#include <stdio.h>

static char last_error[512];

tw_status tw_fail(tw_status status, const char* format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(last_error, sizeof last_error, format, args);
  va_end(args);
  return status;
}

const char* tw_last_error(void) { return last_error; }
