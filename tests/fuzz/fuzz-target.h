/* fuzz-target.h: what every fuzz target defines (libFuzzer's entry point),
 * for libFuzzer builds (clang, build-aux/dev fuzz) and for the replay
 * driver the test suite runs (fuzz-replay.c, any compiler). */
#pragma once

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* A broken promise of the code under test: stops the run (libFuzzer keeps
 * the input as a crash). */
#define FUZZ_CHECK(condition, ...) \
  do { \
    if (!(condition)) \
      g_error (__VA_ARGS__); \
  } while (0)
