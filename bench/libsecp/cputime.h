/* Included (gcc -include) into libsecp256k1's benchmarks when run.sh runs with
 * LIBSECP_CPUTIME=1: their clock, gettimeofday, then reads the calling
 * thread's CPU time (CLOCK_THREAD_CPUTIME_ID), which other processes on a
 * shared machine disturb far less than wall time, so that the figures can be
 * set beside p256k1's per-thread CPU-time measurements (internal/cputime).
 * Benchmark use only. */
#include <sys/time.h>
#include <time.h>
static int p256k1_thread_gettimeofday(struct timeval *tv, void *tz) {
	struct timespec ts;
	(void)tz;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	tv->tv_sec = ts.tv_sec;
	tv->tv_usec = ts.tv_nsec / 1000;
	return 0;
}
#define gettimeofday p256k1_thread_gettimeofday
