/* Common includes for the cmocka unit tests. */
#ifndef DISCLOSE_UNIT_H
#define DISCLOSE_UNIT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
