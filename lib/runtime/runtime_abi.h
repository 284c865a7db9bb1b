/* The boundary between the thunderc executable and libthunderc_runtime.so, the part of thunderc
 * that links libtorch. The executable never links libtorch: for `thunderc run` it dlopens the
 * runtime library and calls its one C entry point with the parsed command line; every other
 * subcommand runs without loading it. Plain C types only, so that the two sides share no C++
 * object across the boundary. The entry point prints the run's JSON summary on stdout and its
 * messages on stderr, and returns the process exit code (0 ok, 1 bad input, rejected inputs or
 * --check differences, 3 internal error). */
#pragma once

#include <stdint.h>

#define THUNDERC_RUNTIME_ABI_VERSION 2u
#define THUNDERC_RUNTIME_LIBRARY "libthunderc_runtime.so"
#define THUNDERC_RUNTIME_ENTRY "thunderc_runtime_run"

#ifdef __cplusplus
extern "C" {
#endif

struct ThundercRunRequest {
  uint32_t abi_version;      /* THUNDERC_RUNTIME_ABI_VERSION */
  const char *graph;         /* graph file; "-" reads stdin */
  uint64_t max_file_bytes;   /* graph loading limits (see graph/load.h) */
  uint64_t max_depth;
  uint64_t max_statements;
  int64_t seed;              /* input tensors' data */
  int check;                 /* also run the program eagerly and compare */
  int passes;                /* run the computation after the pass pipeline (else as built) */
  const char *inputs_file;   /* torch.save'd dict of input tensors, or NULL */
  const char *save_file;     /* where to torch.save the result's tensors, or NULL */
  const char *so_path;       /* compiled computation to call, or NULL for the ATen interpreter */
  uint64_t max_input_bytes;  /* total size of the input tensors */
  int log_level;             /* the executable's spdlog level: each side has its own logger */
};

typedef int (*ThundercRunFn)(const struct ThundercRunRequest *request);

#ifdef __cplusplus
}
#endif
