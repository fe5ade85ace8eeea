/* Operation counts per item of each kernel of gpu/kernels/secp256k1.cl,
   built as C (proxy.sh): reads the prepared inputs and the CPU's answers
   that gpu's TestWriteProxyInputs wrote to DIR, runs every item, checks
   it against the CPU and prints the average count of each operation per
   item. Usage: count DIR */
static unsigned char *readfile(const char *dir, const char *name, size_t *len) {
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f) { fprintf(stderr, "count: cannot open %s\n", path); exit(2); }
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	unsigned char *b = malloc(n ? n : 1);
	if (fread(b, 1, n, f) != (size_t)n) { fprintf(stderr, "count: short read %s\n", path); exit(2); }
	fclose(f);
	*len = n;
	return b;
}

typedef void kernel_fn(__global const uchar *, __global const uchar *, __global uchar *, uint);

int main(int argc, char **argv) {
	if (argc != 2) { fprintf(stderr, "usage: count DIR\n"); return 2; }
	size_t glen;
	unsigned char *gtab = readfile(argv[1], "gtab.bin", &glen);
	struct { const char *kind; kernel_fn *k; size_t in, out; } kinds[] = {
		{"schnorr", schnorr_verify, 0, 1}, {"ecdsa", ecdsa_verify, 0, 1},
		{"pubkeys", pubkeys, 0, 64}, {"tweak", point_mul, 0, 64},
	};
	int bad = 0;
	printf("%-8s %6s", "kind", "items");
	for (int o = 0; o < OPC_N; o++) printf(" %10s", opc_names[o]);
	printf("  check\n");
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		char name[64];
		size_t inlen, wantlen;
		snprintf(name, sizeof name, "%s.in", kinds[k].kind);
		unsigned char *in = readfile(argv[1], name, &inlen);
		snprintf(name, sizeof name, "%s.want", kinds[k].kind);
		unsigned char *want = readfile(argv[1], name, &wantlen);
		uint n = (uint)(wantlen / kinds[k].out);
		unsigned char *out = calloc(wantlen + 64, 1);
		memset(opc, 0, sizeof opc);
		for (px_gid = 0; px_gid < n; px_gid++) kinds[k].k(in, gtab, out, n);
		int mism = 0;
		for (uint i = 0; i < n; i++) mism += memcmp(out + i * kinds[k].out, want + i * kinds[k].out, kinds[k].out) != 0;
		bad |= mism != 0;
		printf("%-8s %6u", kinds[k].kind, n);
		for (int o = 0; o < OPC_N; o++) printf(" %10.2f", (double)opc[o] / n);
		printf("  %s\n", mism ? "MISMATCH" : "all equal to the CPU");
		if (mism) printf("%s: %d of %u items differ from the CPU\n", kinds[k].kind, mism, n);
		free(in); free(want); free(out);
	}
	return bad;
}
