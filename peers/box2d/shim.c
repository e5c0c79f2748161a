// Box2D v3.1's casts on gjk-lab's benchmark pairs, called from Rust (src/lib.rs): the
// pairs become Box2D's inputs once, as scripts/box2d/cast_harness.c makes them (the same
// proxies and sweeps; rotations made with cos and sin in double, rounded to float),
// and one call runs every pair once, so that the benchmark times Box2D taking turns
// with gjk-lab and parry in one process.

#include "box2d/base.h"
#include "box2d/collision.h"
#include "box2d/math_functions.h"

#include <math.h>
#include <stdlib.h>

typedef struct GlRow
{
	int toi; // 0: b2ShapeCast, 1: b2TimeOfImpact
	int pairs;
	b2ShapeCastPairInput* cast;
	b2TOIInput* sweep;
} GlRow;

static b2Rot rot( double angle )
{
	return ( b2Rot ){ (float)cos( angle ), (float)sin( angle ) };
}

static b2Vec2 vec( double x, double y )
{
	return ( b2Vec2 ){ (float)x, (float)y };
}

// A proxy as a Box2D user makes it: the points (x, y interleaved) and a radius.
static b2ShapeProxy proxy( const double* points, int count, double radius )
{
	b2Vec2 v[B2_MAX_POLYGON_VERTICES];
	for ( int i = 0; i < count; ++i )
		v[i] = vec( points[2 * i], points[2 * i + 1] );
	return b2MakeProxy( v, count, (float)radius );
}

// The row of `count` pairs of proxies `pa` and `pb`. `pairs`: 12 numbers a pair (A's
// x, y, angle, velocity x, y, turn; then B's), world poses at t = 0 and motions over
// the step. NULL when memory runs out. (scripts/box2d/cast_harness.c builds its rows
// with this too.)
GlRow* gl_b2_row_of_proxies( int toi, b2ShapeProxy pa, b2ShapeProxy pb, const double* pairs, int count )
{
	if ( count < 0 )
		return NULL;
	GlRow* r = calloc( 1, sizeof *r );
	if ( !r )
		return NULL;
	r->toi = toi;
	r->pairs = count;
	r->cast = calloc( (size_t)count + 1, sizeof *r->cast );
	r->sweep = calloc( (size_t)count + 1, sizeof *r->sweep );
	if ( !r->cast || !r->sweep )
	{
		free( r->cast );
		free( r->sweep );
		free( r );
		return NULL;
	}
	for ( int i = 0; i < count; ++i )
	{
		const double* q = pairs + 12 * (size_t)i;
		double ax = q[0], ay = q[1], arot = q[2], avx = q[3], avy = q[4], aw = q[5];
		double bx = q[6], by = q[7], brot = q[8], bvx = q[9], bvy = q[10], bw = q[11];
		// The shape cast: A fixed at its pose, B translating by v_B - v_A.
		b2ShapeCastPairInput* c = &r->cast[i];
		c->proxyA = pa;
		c->proxyB = pb;
		c->transformA = ( b2Transform ){ vec( ax, ay ), rot( arot ) };
		c->transformB = ( b2Transform ){ vec( bx, by ), rot( brot ) };
		c->translationB = vec( bvx - avx, bvy - avy );
		c->maxFraction = 1.0f;
		c->canEncroach = false;
		// The time of impact: each shape turning about its own origin (local centre 0).
		b2TOIInput* s = &r->sweep[i];
		s->proxyA = pa;
		s->proxyB = pb;
		s->sweepA = ( b2Sweep ){ { 0.0f, 0.0f }, vec( ax, ay ), vec( ax + avx, ay + avy ), rot( arot ), rot( arot + aw ) };
		s->sweepB = ( b2Sweep ){ { 0.0f, 0.0f }, vec( bx, by ), vec( bx + bvx, by + bvy ), rot( brot ), rot( brot + bw ) };
		s->maxFraction = 1.0f;
	}
	return r;
}

// The row of `count` pairs of the shapes given by their points (x, y interleaved) and
// radii. NULL when a proxy has no room (more than B2_MAX_POLYGON_VERTICES points) or
// memory runs out.
GlRow* gl_b2_row( int toi, const double* a, int a_count, double a_radius, const double* b, int b_count,
				  double b_radius, const double* pairs, int count )
{
	if ( a_count < 1 || a_count > B2_MAX_POLYGON_VERTICES || b_count < 1 || b_count > B2_MAX_POLYGON_VERTICES )
		return NULL;
	return gl_b2_row_of_proxies( toi, proxy( a, a_count, a_radius ), proxy( b, b_count, b_radius ), pairs, count );
}

// Every pair once, in order; the sum of the fractions (for the caller to keep).
float gl_b2_pass( const GlRow* r )
{
	float sum = 0.0f;
	if ( r->toi )
	{
		for ( int i = 0; i < r->pairs; ++i )
			sum += b2TimeOfImpact( &r->sweep[i] ).fraction;
	}
	else
	{
		for ( int i = 0; i < r->pairs; ++i )
			sum += b2ShapeCast( &r->cast[i] ).fraction;
	}
	return sum;
}

// Pair i's answer: whether it hit, when, and (time of impact) Box2D's state
// (b2TOIState: 1 failed, 2 overlapped, 3 hit, 4 separated; 0 for a shape cast; -1
// for an index outside the row). A
// failed time of impact counts as a hit at its fraction, as Box2D's solver uses it; an
// overlap as a hit at 0.
void gl_b2_answer( const GlRow* r, int i, int* hit, double* t, int* state )
{
	if ( i < 0 || i >= r->pairs )
	{
		// No such pair: no hit, state -1.
		*hit = 0;
		*t = 0.0;
		*state = -1;
		return;
	}
	if ( r->toi )
	{
		b2TOIOutput o = b2TimeOfImpact( &r->sweep[i] );
		*state = (int)o.state;
		*hit = o.state == b2_toiStateHit || o.state == b2_toiStateOverlapped || o.state == b2_toiStateFailed;
		*t = o.state == b2_toiStateOverlapped ? 0.0 : o.fraction;
	}
	else
	{
		b2CastOutput o = b2ShapeCast( &r->cast[i] );
		*state = 0;
		*hit = o.hit;
		*t = o.fraction;
	}
}

void gl_b2_free( GlRow* r )
{
	if ( !r )
		return;
	free( r->cast );
	free( r->sweep );
	free( r );
}
