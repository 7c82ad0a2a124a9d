import { strict as assert } from 'node:assert';
import {
  areaPath,
  CURVE_NAMES,
  curveFor,
  curveYExtent,
  CURVES,
  linePath,
  runs,
  samplePath,
  type XY,
} from '../../../../src/render/charts/curves';
import { rng } from './random';

interface Seg {
  cmd: string;
  /** Control points then the end point. */
  pts: XY[];
}

/** Parses the absolute M/L/C/Z path data d3-shape emits. */
function parse(d: string): Seg[] {
  const tokens = d.match(/[MLCZ]|-?\d*\.?\d+(?:e[-+]?\d+)?/gi) ?? [];
  const segs: Seg[] = [];
  let i = 0;
  while (i < tokens.length) {
    const cmd = tokens[i++];
    const n = cmd === 'C' ? 3 : cmd === 'Z' ? 0 : 1;
    const pts: XY[] = [];
    for (let k = 0; k < n; k++) pts.push([Number(tokens[i++]), Number(tokens[i++])]);
    segs.push({ cmd, pts });
  }
  return segs;
}

const ends = (segs: Seg[]) => segs.filter((s) => s.pts.length).map((s) => s.pts[s.pts.length - 1]);
// d3-path rounds coordinates to 3 decimals.
const EPS = 1e-3;
const near = (a: XY, b: XY) => Math.abs(a[0] - b[0]) < EPS && Math.abs(a[1] - b[1]) < EPS;

/** Whether p lies on one of the straight segments joining `v` in order. */
function onPolyline(p: XY, v: XY[]): boolean {
  for (let i = 1; i < v.length; i++) {
    const [a, b] = [v[i - 1], v[i]];
    const inX = p[0] >= Math.min(a[0], b[0]) - EPS && p[0] <= Math.max(a[0], b[0]) + EPS;
    const inY = p[1] >= Math.min(a[1], b[1]) - EPS && p[1] <= Math.max(a[1], b[1]) + EPS;
    const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    if (inX && inY && Math.abs(cross / len) < EPS) return true;
  }
  return v.length === 1 && near(p, v[0]);
}

function randomPoints(rand: () => number, n: number): XY[] {
  let x = 0;
  return Array.from({ length: n }, () => {
    x += 1 + rand() * 20;
    return [x, rand() * 200 - 100] as XY;
  });
}

/** Points along a cubic Bézier. */
function bezier(p0: XY, c1: XY, c2: XY, p1: XY, steps = 12): XY[] {
  return Array.from({ length: steps + 1 }, (_, k) => {
    const t = k / steps;
    const u = 1 - t;
    return [0, 1].map((j) => u * u * u * p0[j] + 3 * u * u * t * c1[j] + 3 * u * t * t * c2[j] + t * t * t * p1[j]) as XY;
  });
}

function sample(segs: Seg[]): XY[] {
  const out: XY[] = [];
  let cur: XY = [0, 0];
  for (const s of segs) {
    if (s.cmd === 'C') out.push(...bezier(cur, s.pts[0], s.pts[1], s.pts[2]));
    else if (s.pts.length) out.push(s.pts[0]);
    if (s.pts.length) cur = s.pts[s.pts.length - 1];
  }
  return out;
}

describe('charts/curves (d3-shape)', () => {
  it('knows the nine curve_format names, case-insensitively, with Linear as fallback', () => {
    assert.deepEqual([...CURVE_NAMES].sort(), [
      'Basis',
      'Cardinal',
      'CatmullRom',
      'Linear',
      'MonotoneX',
      'Natural',
      'Step',
      'StepAfter',
      'StepBefore',
    ]);
    assert.equal(curveFor('monotonex'), CURVES.MonotoneX);
    assert.equal(curveFor('Bogus'), CURVES.Linear);
    assert.equal(curveFor(undefined), CURVES.Linear);
  });

  it('interpolating curves pass through every data point (property)', () => {
    const rand = rng(11);
    for (const name of ['Linear', 'Natural', 'Cardinal', 'CatmullRom', 'MonotoneX']) {
      for (let trial = 0; trial < 40; trial++) {
        const pts = randomPoints(rand, 2 + Math.floor(rand() * 12));
        const vertices = ends(parse(linePath(pts, CURVES[name])));
        for (const p of pts)
          assert.ok(
            vertices.some((v) => near(v, p)),
            `${name} misses ${p}`,
          );
        assert.ok(near(vertices[0], pts[0]) && near(vertices[vertices.length - 1], pts[pts.length - 1]), `${name} endpoints`);
      }
    }
  });

  it('Basis starts and ends on the data and stays inside its bounding box (property)', () => {
    const rand = rng(5);
    for (let trial = 0; trial < 40; trial++) {
      const pts = randomPoints(rand, 3 + Math.floor(rand() * 10));
      const segs = parse(linePath(pts, CURVES.Basis));
      const v = ends(segs);
      assert.ok(near(v[0], pts[0]) && near(v[v.length - 1], pts[pts.length - 1]));
      const [xs, ys] = [pts.map((p) => p[0]), pts.map((p) => p[1])];
      for (const s of segs) {
        for (const [x, y] of s.pts) {
          assert.ok(
            x >= Math.min(...xs) - EPS && x <= Math.max(...xs) + EPS && y >= Math.min(...ys) - EPS && y <= Math.max(...ys) + EPS,
            'convex hull',
          );
        }
      }
      // A B-spline smooths: interior points are generally NOT on the curve.
      const interior = pts.slice(1, -1);
      if (interior.length > 2) assert.ok(interior.some((p) => !v.some((q) => near(p, q))));
    }
  });

  it('step curves draw only horizontal and vertical segments passing every point (property)', () => {
    const rand = rng(3);
    for (const name of ['Step', 'StepBefore', 'StepAfter']) {
      for (let trial = 0; trial < 30; trial++) {
        const pts = randomPoints(rand, 2 + Math.floor(rand() * 10));
        const v = ends(parse(linePath(pts, CURVES[name])));
        for (let i = 1; i < v.length; i++) {
          const horizontal = Math.abs(v[i][1] - v[i - 1][1]) < EPS;
          const vertical = Math.abs(v[i][0] - v[i - 1][0]) < EPS;
          assert.ok(horizontal || vertical, `${name} diagonal segment ${v[i - 1]} → ${v[i]}`);
        }
        for (const p of pts) assert.ok(onPolyline(p, v), `${name} misses ${p}`);
      }
    }
    // Where the step happens: StepAfter holds y until the next x, StepBefore jumps first, Step halfway.
    const pts: XY[] = [
      [0, 0],
      [10, 10],
    ];
    assert.ok(ends(parse(linePath(pts, CURVES.StepAfter))).some((p) => near(p, [10, 0])));
    assert.ok(ends(parse(linePath(pts, CURVES.StepBefore))).some((p) => near(p, [0, 10])));
    assert.ok(ends(parse(linePath(pts, CURVES.Step))).some((p) => near(p, [5, 0])));
  });

  it('MonotoneX never overshoots monotone data (property)', () => {
    const rand = rng(9);
    for (let trial = 0; trial < 40; trial++) {
      let y = 0;
      const pts = randomPoints(rand, 3 + Math.floor(rand() * 10)).map(([x]) => [x, (y += rand() * 30)] as XY);
      const curve = sample(parse(linePath(pts, CURVES.MonotoneX)));
      for (let i = 1; i < curve.length; i++) assert.ok(curve[i][1] >= curve[i - 1][1] - EPS, 'monotone');
      // Natural splines on the same data may overshoot; MonotoneX stays within the data range.
      assert.ok(Math.max(...curve.map((p) => p[1])) <= pts[pts.length - 1][1] + EPS);
    }
  });

  it('handles one point, no points, and areas down to a baseline', () => {
    assert.equal(linePath([], CURVES.Natural), '');
    assert.match(linePath([[3, 4]], CURVES.Natural), /^M3,4/);
    const area = areaPath(
      [
        [0, 10],
        [10, 0],
      ],
      CURVES.Linear,
      50,
    );
    assert.ok(
      ends(parse(area)).some((p) => near(p, [10, 50])),
      'area closes along the baseline',
    );
  });

  it('curveYExtent includes the overshoot of smooth curves and nothing more for others', () => {
    const pts: XY[] = [
      [0, -5],
      [1, -12],
      [2, -3],
      [3, -20],
      [4, -8],
    ];
    const [lo, hi] = curveYExtent(pts, CURVES.Natural);
    assert.ok(lo < -20 && hi > -3, `natural spline swings past the data: ${lo}..${hi}`);
    // The reported extent really bounds the drawn curve.
    for (const [, y] of samplePath(linePath(pts, CURVES.Natural), 32)) assert.ok(y >= lo - 0.05 && y <= hi + 0.05);
    assert.deepEqual(curveYExtent(pts, CURVES.Linear), [-20, -3]);
    const mono = curveYExtent(pts, CURVES.MonotoneX);
    assert.ok(mono[0] >= -20 - 1e-9 && mono[1] <= -3 + 1e-9, 'MonotoneX stays inside');
  });

  it('runs() splits a series at gaps', () => {
    const ys = [1, 2, null, 4, null, null, 7, 8];
    assert.deepEqual(
      runs(ys, (v) => v !== null),
      [[1, 2], [4], [7, 8]],
    );
    assert.deepEqual(
      runs([null], (v) => v !== null),
      [],
    );
  });
});
