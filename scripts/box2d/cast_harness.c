// Times Box2D v3.1 (C, f32) b2ShapeCast and b2TimeOfImpact on the moving pairs that
// gjk-lab's interleaved cast benchmark (core/benches/cast_interleaved.rs) times, so that
// its figures stand next to gjk-lab's and parry's on the same machine and the same
// inputs. Built and run by scripts/box2d-cast-bench.sh; not part of gjk-lab or of its
// CI (it needs a Box2D source tree).
//
// Input: the file `GJK_LAB_CAST_POSES=FILE cargo bench --bench cast_interleaved` writes
// (format: the notes at the top of cast_interleaved.rs): for each row its pair count,
// `shape_cast` or `toi` and a label, shapes A and B in their local frames, then one line
// per pair with both poses at t = 0, both motions over the step and gjk-lab's answer.
//
// Shapes become proxies as a Box2D user makes them: b2MakeProxy(vertices, n, 0) for the
// 8-gon, b2MakeProxy(ends, 2, radius) for a capsule, b2MakeProxy(centre, 1, radius) for
// a circle. Rotations are made with cos and sin in double, rounded to float.
//
//   shape_cast rows: b2ShapeCast with A fixed at its pose and B translating by
//     v_B - v_A (canEncroach false, maxFraction 1);
//   toi rows: b2TimeOfImpact with sweeps whose local centre is the shape's origin (so
//     that each turns about its origin, as in gjk-lab and in the bench's parry call):
//     c1 = x, c2 = x + v, q1 = rot(theta), q2 = rot(theta + omega), maxFraction 1.
//     Box2D interpolates the rotation linearly between q1 and q2 and normalises it
//     (b2GetSweepTransform), not the angle: with turns of up to 1 rad its shapes are
//     up to ~0.016 rad away from gjk-lab's in the middle of the step.
//
// Both stop at Box2D's target, B2_LINEAR_SLOP (0.005) apart for the 8-gons and the
// circle, 0.005 overlapping for two rounded shapes (target totalRadius - slop on the
// cores), so Box2D's t is expected a little before (after) gjk-lab's first touch: it
// agrees when both hit or both miss, and t is within TOLERANCE (default 1e-2). The
// largest and median |dt| of the hits both find are printed, and Box2D's TOI states.
//
// Rows labelled "..., Box2D's aim" carry gjk-lab's answers at Box2D's window (its time of
// impact run with target 0.00375 and tolerance 0.0025, aiming at 0.005 as Box2D does; 0
// and 0.0025 for rounded pairs): Box2D's time on them is the same as on the rows
// before them (the same inputs), and its |dt| from gjk-lab's answer is the one to read
// for agreement.
//
// Each round times all pairs of a row once (CLOCK_MONOTONIC); printed: the minimum and
// median over rounds in ns per query.
//
// Usage: cast_harness POSES_FILE [ROUNDS [TOLERANCE]]

// Box2D's inputs are made by the same code as the benchmark's in-process Box2D
// (peers/box2d/shim.c: the proxies' sweeps and casts, and one pass over a row).
#include "../../peers/box2d/shim.c"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_PAIRS = 1 << 16, LINE = 4096 };

typedef struct
{
	double ax, ay, arot, avx, avy, aw;
	double bx, by, brot, bvx, bvy, bw;
	int hit;
	double t;
} Pair;

typedef struct
{
	char label[256];
	int toi; // 0: shape cast, 1: time of impact
	b2ShapeProxy a, b;
	int pairs;
	Pair* in;
	GlRow* inputs; // Box2D's inputs, from shim.c
} Row;

static int parse_shape( const char* line, b2ShapeProxy* proxy )
{
	char kind[32];
	int used = 0;
	if ( sscanf( line + 2, "%31s%n", kind, &used ) != 1 )
		return 0;
	const char* p = line + 2 + used;
	if ( strcmp( kind, "polygon" ) == 0 )
	{
		int n = 0, k = 0;
		if ( sscanf( p, "%d%n", &n, &k ) != 1 || n < 1 || n > B2_MAX_POLYGON_VERTICES )
			return 0;
		p += k;
		b2Vec2 v[B2_MAX_POLYGON_VERTICES];
		for ( int i = 0; i < n; ++i )
		{
			double x, y;
			if ( sscanf( p, "%lf %lf%n", &x, &y, &k ) != 2 )
				return 0;
			p += k;
			v[i] = vec( x, y );
		}
		*proxy = b2MakeProxy( v, n, 0.0f );
		return 1;
	}
	if ( strcmp( kind, "circle" ) == 0 )
	{
		double r;
		if ( sscanf( p, "%lf", &r ) != 1 )
			return 0;
		b2Vec2 c = { 0.0f, 0.0f };
		*proxy = b2MakeProxy( &c, 1, (float)r );
		return 1;
	}
	if ( strcmp( kind, "capsule" ) == 0 )
	{
		double x1, y1, x2, y2, r;
		if ( sscanf( p, "%lf %lf %lf %lf %lf", &x1, &y1, &x2, &y2, &r ) != 5 )
			return 0;
		b2Vec2 v[2] = { vec( x1, y1 ), vec( x2, y2 ) };
		*proxy = b2MakeProxy( v, 2, (float)r );
		return 1;
	}
	return 0;
}

static void prepare( Row* r )
{
	double* numbers = calloc( (size_t)r->pairs * 12 + 1, sizeof *numbers );
	if ( !numbers )
	{
		fprintf( stderr, "out of memory\n" );
		exit( 1 );
	}
	for ( int i = 0; i < r->pairs; ++i )
	{
		const Pair* q = &r->in[i];
		double pair[12] = { q->ax, q->ay, q->arot, q->avx, q->avy, q->aw, q->bx, q->by, q->brot, q->bvx, q->bvy, q->bw };
		memcpy( numbers + 12 * i, pair, sizeof pair );
	}
	r->inputs = gl_b2_row_of_proxies( r->toi, r->a, r->b, numbers, r->pairs );
	free( numbers );
	if ( !r->inputs )
	{
		fprintf( stderr, "out of memory\n" );
		exit( 1 );
	}
}

static double now_ns( void )
{
	struct timespec t;
	clock_gettime( CLOCK_MONOTONIC, &t );
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int compare_doubles( const void* x, const void* y )
{
	double a = *(const double*)x, b = *(const double*)y;
	return ( a > b ) - ( a < b );
}

static volatile float sink;

static double time_round( const Row* r )
{
	double start = now_ns();
	float sum = gl_b2_pass( r->inputs );
	double elapsed = now_ns() - start;
	sink += sum;
	return elapsed / r->pairs;
}

static const char* state_name( b2TOIState s )
{
	switch ( s )
	{
		case b2_toiStateHit:
			return "hit";
		case b2_toiStateSeparated:
			return "separated";
		case b2_toiStateOverlapped:
			return "overlapped";
		case b2_toiStateFailed:
			return "failed";
		default:
			return "unknown";
	}
}

#ifdef GJK_LAB_TOI_COUNTS
// Box2D's own counters of b2TimeOfImpact's work (distance.c; compiled only into a
// debug build of Box2D, which scripts/box2d-cast-bench.sh makes for COUNTS=1): its
// distance evaluations and root-finder iterations per call, to set beside gjk-lab's.
extern int b2_toiCalls, b2_toiDistanceIterations, b2_toiRootIterations;
#endif

static void run_row( Row* r, int rounds, double tolerance )
{
	prepare( r );
#ifdef GJK_LAB_TOI_COUNTS
	b2_toiCalls = b2_toiDistanceIterations = b2_toiRootIterations = 0;
#endif
	int agree = 0, hits = 0, states[5] = { 0 };
	double* dts = calloc( (size_t)r->pairs, sizeof *dts );
	int both = 0;
	for ( int i = 0; i < r->pairs; ++i )
	{
		int hit;
		double t;
		if ( r->toi )
		{
			b2TOIOutput o = b2TimeOfImpact( &r->inputs->sweep[i] );
			states[o.state] += 1;
			// Failed: Box2D's solver still uses the fraction as the time of impact.
			hit = o.state == b2_toiStateHit || o.state == b2_toiStateOverlapped || o.state == b2_toiStateFailed;
			t = o.state == b2_toiStateOverlapped ? 0.0 : o.fraction;
		}
		else
		{
			b2CastOutput o = b2ShapeCast( &r->inputs->cast[i] );
			hit = o.hit;
			t = o.fraction;
		}
		hits += hit;
		const Pair* q = &r->in[i];
		if ( hit && q->hit )
		{
			dts[both++] = fabs( t - q->t );
			agree += fabs( t - q->t ) <= tolerance;
		}
		else
		{
			agree += hit == q->hit;
		}
	}
	qsort( dts, (size_t)both, sizeof *dts, compare_doubles );
	double* times = calloc( (size_t)rounds, sizeof *times );
	for ( int k = 0; k < rounds; ++k )
		times[k] = time_round( r );
	qsort( times, (size_t)rounds, sizeof *times, compare_doubles );
	printf( "%-44s %s  hits %4d/%d  agree %4d/%d (|dt| <= %g; over %d hits of both: max %.2e, median %.2e)  "
			"box2d min %7.1f ns  (median %.1f)",
			r->label, r->toi ? "b2TimeOfImpact" : "b2ShapeCast", hits, r->pairs, agree, r->pairs, tolerance, both,
			both ? dts[both - 1] : 0.0, both ? dts[both / 2] : 0.0, times[0], times[rounds / 2] );
	if ( r->toi )
	{
#ifdef GJK_LAB_TOI_COUNTS
		printf( "  per call: %.2f distances, %.2f root iterations",
				(double)b2_toiDistanceIterations / b2_toiCalls, (double)b2_toiRootIterations / b2_toiCalls );
#endif
		printf( "  states:" );
		for ( int s = 1; s < 5; ++s )
			if ( states[s] )
				printf( " %s %d", state_name( (b2TOIState)s ), states[s] );
	}
	printf( "\n" );
	free( dts );
	free( times );
	gl_b2_free( r->inputs );
	r->inputs = NULL;
}

int main( int argc, char** argv )
{
	if ( argc < 2 )
	{
		fprintf( stderr, "usage: %s POSES_FILE [ROUNDS [TOLERANCE]]\n", argv[0] );
		return 2;
	}
	int rounds = argc > 2 ? atoi( argv[2] ) : 300;
	double tolerance = argc > 3 ? atof( argv[3] ) : 1e-2;
	if ( rounds < 1 )
		rounds = 1;
	FILE* f = fopen( argv[1], "r" );
	if ( !f )
	{
		perror( argv[1] );
		return 1;
	}
	static char line[LINE];
	Row row = { 0 };
	row.in = calloc( MAX_PAIRS, sizeof *row.in );
	int expected = 0, have_a = 0, have_b = 0;
	while ( fgets( line, sizeof line, f ) )
	{
		if ( strncmp( line, "row ", 4 ) == 0 )
		{
			char op[32];
			int used = 0;
			if ( sscanf( line + 4, "%d %31s %n", &expected, op, &used ) != 2 || expected > MAX_PAIRS )
			{
				fprintf( stderr, "bad row line: %s", line );
				return 1;
			}
			row.toi = strcmp( op, "toi" ) == 0;
			snprintf( row.label, sizeof row.label, "%s", line + 4 + used );
			row.label[strcspn( row.label, "\n" )] = 0;
			row.pairs = 0;
			have_a = have_b = 0;
		}
		else if ( strncmp( line, "a ", 2 ) == 0 )
		{
			have_a = parse_shape( line, &row.a );
		}
		else if ( strncmp( line, "b ", 2 ) == 0 )
		{
			have_b = parse_shape( line, &row.b );
		}
		else if ( expected > 0 )
		{
			Pair* q = &row.in[row.pairs];
			if ( sscanf( line, "%lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %d %lf", &q->ax, &q->ay, &q->arot, &q->avx,
						 &q->avy, &q->aw, &q->bx, &q->by, &q->brot, &q->bvx, &q->bvy, &q->bw, &q->hit, &q->t ) != 14 )
			{
				fprintf( stderr, "bad pair line: %s", line );
				return 1;
			}
			row.pairs += 1;
			if ( row.pairs == expected )
			{
				if ( have_a && have_b )
					run_row( &row, rounds, tolerance );
				else
					printf( "%-44s skipped (a shape Box2D has no proxy for)\n", row.label );
				expected = 0;
			}
		}
	}
	fclose( f );
	return 0;
}
