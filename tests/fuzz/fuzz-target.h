/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-target.h: what every fuzz target defines (libFuzzer's entry point),
 * for libFuzzer builds (clang, build-aux/dev fuzz) and for the replay
 * driver the test suite runs (fuzz-replay.c, any compiler). */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* A broken promise of the code under test: says which and aborts, so
 * that libFuzzer keeps the input as a crash (it catches SIGABRT, not the
 * trap g_error raises). */
#define FUZZ_CHECK(condition, ...) \
  do { \
    if (!(condition)) \
      { \
        g_printerr (__VA_ARGS__); \
        g_printerr ("\n"); \
        abort (); \
      } \
  } while (0)
