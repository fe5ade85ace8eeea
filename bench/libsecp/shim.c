/* Supplies the allocating context functions that the Rust-vendored copy of
 * libsecp256k1 leaves out, on top of its preallocated API. Benchmark use only. */
#include <stdlib.h>
typedef struct ctx_s ctx;
size_t rustsecp256k1_v0_14_context_preallocated_size(unsigned int flags);
ctx *rustsecp256k1_v0_14_context_preallocated_create(void *prealloc, unsigned int flags);
void rustsecp256k1_v0_14_context_preallocated_destroy(ctx *c);
ctx *rustsecp256k1_v0_14_context_create(unsigned int flags) {
	return rustsecp256k1_v0_14_context_preallocated_create(malloc(rustsecp256k1_v0_14_context_preallocated_size(flags)), flags);
}
void rustsecp256k1_v0_14_context_destroy(ctx *c) {
	if (c) { rustsecp256k1_v0_14_context_preallocated_destroy(c); free(c); }
}
