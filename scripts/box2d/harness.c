// Times Box2D v3.1 (C, f32) on the pose pairs that gjk-lab's interleaved narrow-phase
// benchmark times, so that its figures stand next to gjk-lab's and parry's measured on
// the same machine and the same pairs. Built and run by scripts/box2d-bench.sh; not
// part of gjk-lab or of its CI (it needs a Box2D source tree).
//
// Input: the pose file that `GJK_LAB_POSES=FILE cargo bench --bench narrow_interleaved`
// writes (format: benches/common/mod.rs, PoseDump): for each row a label, shapes A and
// B in their local frames, then one line per pair with both poses and gjk-lab's answer.
//
// The rows Box2D has (the others are skipped):
//   polygon vs polygon, distance + closest points: b2ShapeDistance on b2MakeProxy
//     proxies, useRadii, a fresh b2SimplexCache per pair (no warm start);
//   polygon vs polygon, contact manifold: b2CollidePolygons;
//   circle vs polygon, distance + closest points: b2ShapeDistance, the circle as a
//     one-point proxy with its radius;
//   circle vs polygon, contact manifold: b2CollidePolygonAndCircle (Box2D puts the
//     polygon first, so A and B are swapped in the call; depth does not depend on it).
// Polygons are b2MakePolygon(b2ComputeHull(vertices), 0), except a centred, axis-aligned
// rectangle, which is b2MakeBox(half-width, half-height), as a Box2D user writes it.
//
// Rotations are made with cos and sin in double, rounded to float, not b2MakeRot (whose
// cosine and sine are approximations): the poses are gjk-lab's to f32 rounding.
//
// Each round times all pairs of a row once (clock_gettime, CLOCK_MONOTONIC); printed:
// the minimum and median over rounds in ns per query. Before timing, each pair's answer
// is compared with gjk-lab's (Box2D is f32: within a tolerance, default 1e-4) and the
// number of agreeing pairs is printed with the largest difference; the exit status is 1
// if any pair disagrees (after all rows are printed).
//
// Usage: harness POSES_FILE [ROUNDS [TOLERANCE]]

#include "box2d/base.h"
#include "box2d/collision.h"
#include "box2d/math_functions.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_PAIRS = 1 << 16, LINE = 4096 };

typedef enum { QUERY_DISTANCE, QUERY_MANIFOLD, QUERY_OTHER } Query;

// One shape in its local frame, as the pose file gives it.
typedef struct
{
	enum { SHAPE_POLYGON, SHAPE_CIRCLE, SHAPE_OTHER } kind;
	b2Polygon polygon;
	b2Circle circle;
	b2ShapeProxy proxy; // for b2ShapeDistance
} Shape;

// gjk-lab's answer for one pair (see PoseDump for the columns).
typedef struct
{
	int hit;
	double value, pa_x, pa_y, pb_x, pb_y;
	int contacts;
} Answer;

typedef struct
{
	char label[256];
	Query query;
	Shape a, b;
	int pairs;
	b2Transform *xf_a, *xf_b;
	Answer *ours;
} Row;

// Box2D's answer for one pair, in the same terms as gjk-lab's.
typedef struct
{
	int hit;
	float value;
	b2Vec2 pa, pb;
	int contacts;
} Result;

static void fail( const char* what, const char* detail )
{
	fprintf( stderr, "box2d harness: %s: %s\n", what, detail );
	exit( 1 );
}

static b2Transform transform( double x, double y, double angle )
{
	b2Transform xf = { { (float)x, (float)y }, { (float)cos( angle ), (float)sin( angle ) } };
	return xf;
}

// A centred, axis-aligned rectangle's half-extents, if the vertices are one.
static int is_centred_box( const b2Vec2* v, int n, float* hx, float* hy )
{
	if ( n != 4 )
		return 0;
	float x = fabsf( v[0].x ), y = fabsf( v[0].y );
	for ( int i = 0; i < 4; ++i )
		if ( fabsf( v[i].x ) != x || fabsf( v[i].y ) != y )
			return 0;
	*hx = x;
	*hy = y;
	return 1;
}

// Parses "polygon n x y ..." or "circle r" (after the "a " or "b ").
static Shape parse_shape( const char* text )
{
	Shape s;
	memset( &s, 0, sizeof s );
	char* end;
	if ( strncmp( text, "polygon ", 8 ) == 0 )
	{
		int n = (int)strtol( text + 8, &end, 10 );
		if ( n < 3 || n > B2_MAX_POLYGON_VERTICES )
			fail( "polygon with too many or too few vertices for Box2D", text );
		b2Vec2 v[B2_MAX_POLYGON_VERTICES];
		for ( int i = 0; i < n; ++i )
		{
			v[i].x = (float)strtod( end, &end );
			v[i].y = (float)strtod( end, &end );
		}
		float hx, hy;
		if ( is_centred_box( v, n, &hx, &hy ) )
		{
			s.polygon = b2MakeBox( hx, hy );
		}
		else
		{
			b2Hull hull = b2ComputeHull( v, n );
			if ( hull.count == 0 )
				fail( "b2ComputeHull rejected the polygon", text );
			s.polygon = b2MakePolygon( &hull, 0.0f );
		}
		s.kind = SHAPE_POLYGON;
		s.proxy = b2MakeProxy( s.polygon.vertices, s.polygon.count, s.polygon.radius );
	}
	else if ( strncmp( text, "circle ", 7 ) == 0 )
	{
		s.kind = SHAPE_CIRCLE;
		s.circle.center = b2Vec2_zero;
		s.circle.radius = (float)strtod( text + 7, &end );
		s.proxy = b2MakeProxy( &s.circle.center, 1, s.circle.radius );
	}
	else
	{
		s.kind = SHAPE_OTHER;
	}
	return s;
}

static Query parse_query( const char* label )
{
	if ( strstr( label, ": distance + closest points" ) )
		return QUERY_DISTANCE;
	if ( strstr( label, ": contact manifold" ) )
		return QUERY_MANIFOLD;
	return QUERY_OTHER;
}

// Reads every row of the pose file; returns how many.
static int read_rows( const char* path, Row* rows, int capacity )
{
	FILE* f = fopen( path, "r" );
	if ( !f )
		fail( "cannot open the pose file", path );
	static char line[LINE];
	int count = 0;
	while ( fgets( line, sizeof line, f ) )
	{
		if ( strncmp( line, "row ", 4 ) != 0 )
			fail( "expected a row line", line );
		if ( count == capacity )
			fail( "too many rows", path );
		Row* r = rows + count++;
		char* rest;
		r->pairs = (int)strtol( line + 4, &rest, 10 );
		if ( r->pairs <= 0 || r->pairs > MAX_PAIRS )
			fail( "bad pair count", line );
		snprintf( r->label, sizeof r->label, "%s", rest + 1 );
		r->label[strcspn( r->label, "\n" )] = 0;
		r->query = parse_query( r->label );
		Shape* shapes[2] = { &r->a, &r->b };
		for ( int k = 0; k < 2; ++k )
		{
			if ( !fgets( line, sizeof line, f ) || line[0] != "ab"[k] || line[1] != ' ' )
				fail( "expected shape lines a and b after", r->label );
			*shapes[k] = parse_shape( line + 2 );
		}
		r->xf_a = malloc( sizeof( b2Transform ) * r->pairs );
		r->xf_b = malloc( sizeof( b2Transform ) * r->pairs );
		r->ours = malloc( sizeof( Answer ) * r->pairs );
		for ( int i = 0; i < r->pairs; ++i )
		{
			double ax, ay, ar, bx, by, br;
			Answer* o = r->ours + i;
			if ( !fgets( line, sizeof line, f ) ||
				 sscanf( line, "%lf %lf %lf %lf %lf %lf %d %lf %lf %lf %lf %lf %d", &ax, &ay, &ar, &bx, &by, &br, &o->hit,
						 &o->value, &o->pa_x, &o->pa_y, &o->pb_x, &o->pb_y, &o->contacts ) != 13 )
				fail( "bad pair line in", r->label );
			r->xf_a[i] = transform( ax, ay, ar );
			r->xf_b[i] = transform( bx, by, br );
		}
	}
	fclose( f );
	return count;
}

// Which call a row times (0: none).
typedef enum { CALL_NONE, CALL_DISTANCE, CALL_POLYGONS, CALL_CIRCLE_POLYGON } Call;

static Call call_for( const Row* r )
{
	int polygons = r->a.kind == SHAPE_POLYGON && r->b.kind == SHAPE_POLYGON;
	int circle_polygon = r->a.kind == SHAPE_CIRCLE && r->b.kind == SHAPE_POLYGON;
	if ( r->query == QUERY_DISTANCE && ( polygons || circle_polygon ) )
		return CALL_DISTANCE;
	if ( r->query == QUERY_MANIFOLD && polygons )
		return CALL_POLYGONS;
	if ( r->query == QUERY_MANIFOLD && circle_polygon )
		return CALL_CIRCLE_POLYGON;
	return CALL_NONE;
}

static Result from_manifold( const b2Manifold* m )
{
	// Box2D keeps speculative points (separation up to B2_SPECULATIVE_DISTANCE);
	// gjk-lab's manifold has prediction 0: the deepest depth, 0 if none penetrates.
	Result out = { 0 };
	out.contacts = m->pointCount;
	for ( int i = 0; i < m->pointCount; ++i )
		if ( -m->points[i].separation > out.value )
			out.value = -m->points[i].separation;
	out.hit = out.value > 0.0f;
	return out;
}

static Result ask( Call call, const Row* r, int i )
{
	switch ( call )
	{
		case CALL_DISTANCE:
		{
			b2DistanceInput input = { r->a.proxy, r->b.proxy, r->xf_a[i], r->xf_b[i], true };
			b2SimplexCache cache = { 0 };
			b2DistanceOutput d = b2ShapeDistance( &input, &cache, NULL, 0 );
			Result out = { d.distance == 0.0f, d.distance, d.pointA, d.pointB, 0 };
			return out;
		}
		case CALL_POLYGONS:
		{
			b2Manifold m = b2CollidePolygons( &r->a.polygon, r->xf_a[i], &r->b.polygon, r->xf_b[i] );
			return from_manifold( &m );
		}
		case CALL_CIRCLE_POLYGON:
		{
			b2Manifold m = b2CollidePolygonAndCircle( &r->b.polygon, r->xf_b[i], &r->a.circle, r->xf_a[i] );
			return from_manifold( &m );
		}
		default:
			fail( "no Box2D call for", r->label );
	}
	Result none = { 0 };
	return none;
}

// The largest difference between Box2D's and gjk-lab's answer for one pair.
static double difference( Call call, const Result* box, const Answer* ours )
{
	if ( box->hit != ours->hit )
		return INFINITY;
	double d = fabs( box->value - ours->value );
	if ( call == CALL_DISTANCE && !ours->hit )
	{
		d = fmax( d, hypot( box->pa.x - ours->pa_x, box->pa.y - ours->pa_y ) );
		d = fmax( d, hypot( box->pb.x - ours->pb_x, box->pb.y - ours->pb_y ) );
	}
	return d;
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

// One round over all pairs; its time in ns per query. The checksum keeps every answer.
static volatile float sink;

static double time_round( Call call, const Row* r )
{
	float sum = 0.0f;
	double start = now_ns();
	switch ( call )
	{
		case CALL_DISTANCE:
			for ( int i = 0; i < r->pairs; ++i )
			{
				b2DistanceInput input = { r->a.proxy, r->b.proxy, r->xf_a[i], r->xf_b[i], true };
				b2SimplexCache cache = { 0 };
				b2DistanceOutput d = b2ShapeDistance( &input, &cache, NULL, 0 );
				sum += d.distance + d.pointA.x + d.pointB.y;
			}
			break;
		case CALL_POLYGONS:
			for ( int i = 0; i < r->pairs; ++i )
			{
				b2Manifold m = b2CollidePolygons( &r->a.polygon, r->xf_a[i], &r->b.polygon, r->xf_b[i] );
				sum += (float)m.pointCount + m.points[0].separation + m.normal.x;
			}
			break;
		case CALL_CIRCLE_POLYGON:
			for ( int i = 0; i < r->pairs; ++i )
			{
				b2Manifold m = b2CollidePolygonAndCircle( &r->b.polygon, r->xf_b[i], &r->a.circle, r->xf_a[i] );
				sum += (float)m.pointCount + m.points[0].separation + m.normal.x;
			}
			break;
		default:
			break;
	}
	double elapsed = now_ns() - start;
	sink += sum;
	return elapsed / r->pairs;
}

int main( int argc, char** argv )
{
	if ( argc < 2 )
	{
		fprintf( stderr, "usage: %s POSES_FILE [ROUNDS [TOLERANCE]]\n", argv[0] );
		return 2;
	}
	int rounds = argc > 2 ? atoi( argv[2] ) : 400;
	double tolerance = argc > 3 ? atof( argv[3] ) : 1e-4;
	if ( rounds < 1 )
		fail( "rounds must be at least 1", argv[2] );

	static Row rows[64];
	int count = read_rows( argv[1], rows, 64 );
	double* times = malloc( sizeof( double ) * rounds );
	int disagreeing = 0;

	printf( "Box2D v%d.%d.%d, ns per query, %d rounds, min and median over rounds\n", b2GetVersion().major,
			b2GetVersion().minor, b2GetVersion().revision, rounds );
	printf( "| row | Box2D min | Box2D median | pairs agreeing with gjk-lab (tol %.0e) | largest difference |\n",
			tolerance );
	printf( "| --- | ---: | ---: | ---: | ---: |\n" );
	for ( int k = 0; k < count; ++k )
	{
		const Row* r = rows + k;
		Call call = call_for( r );
		if ( call == CALL_NONE )
			continue;

		int agree = 0;
		double worst = 0.0;
		for ( int i = 0; i < r->pairs; ++i )
		{
			Result box = ask( call, r, i );
			double d = difference( call, &box, r->ours + i );
			agree += d <= tolerance;
			worst = fmax( worst, d );
		}

		for ( int j = 0; j < rounds; ++j )
			times[j] = time_round( call, r );
		qsort( times, rounds, sizeof( double ), compare_doubles );
		disagreeing += r->pairs - agree;
		printf( "| %-50s | %7.0f | %7.0f | %4d / %4d | %.1e |\n", r->label, times[0], times[rounds / 2], agree, r->pairs,
				worst );
	}
	if ( disagreeing > 0 )
	{
		fprintf( stderr, "box2d harness: %d pairs disagree with gjk-lab beyond %.0e\n", disagreeing, tolerance );
		return 1;
	}
	return 0;
}
