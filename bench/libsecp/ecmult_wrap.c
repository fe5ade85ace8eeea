/* Builds libsecp256k1's bench_ecmult with the scratch-space functions that the
 * Rust-vendored copy leaves out. Benchmark use only. */
#include <stdlib.h>
#include <string.h>
#include <stddef.h>
struct rustsecp256k1_v0_14_context_struct;
struct rustsecp256k1_v0_14_scratch_space_struct;
struct rustsecp256k1_v0_14_scratch_space_struct *rustsecp256k1_v0_14_scratch_space_create(const struct rustsecp256k1_v0_14_context_struct *ctx, size_t max_size);
void rustsecp256k1_v0_14_scratch_space_destroy(const struct rustsecp256k1_v0_14_context_struct *ctx, struct rustsecp256k1_v0_14_scratch_space_struct *s);
#include "bench_ecmult.c"
rustsecp256k1_v0_14_scratch_space *rustsecp256k1_v0_14_scratch_space_create(const rustsecp256k1_v0_14_context *ctx, size_t max_size) {
	rustsecp256k1_v0_14_scratch *s = malloc(sizeof(*s));
	(void)ctx;
	memcpy(s->magic, "scratch", 8);
	s->data = malloc(max_size);
	s->alloc_size = 0;
	s->max_size = max_size;
	return s;
}
void rustsecp256k1_v0_14_scratch_space_destroy(const rustsecp256k1_v0_14_context *ctx, rustsecp256k1_v0_14_scratch_space *s) {
	(void)ctx;
	free(s->data);
	free(s);
}
