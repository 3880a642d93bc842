import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeXml, niceTicks, smallMultiples } from '../../bench/svg-chart.js';

test('niceTicks covers the range with round steps', () => {
  assert.deepEqual(niceTicks(0, 10), [0, 2, 4, 6, 8, 10]);
  assert.deepEqual(niceTicks(0, 0.9), [0, 0.2, 0.4, 0.6, 0.8, 1]);
  const flat = niceTicks(50, 50);
  assert.ok(flat[0]! < 50 && flat[flat.length - 1]! > 50, `flat ticks ${flat.join(',')}`);
});

test('smallMultiples draws one panel per series, each with its points, unit and guides', () => {
  const svg = smallMultiples(
    [
      {
        title: 'RSS <all>',
        unit: 'MiB',
        points: [
          { x: 0.5, y: 100 },
          { x: 1, y: 110 },
          { x: 1.5, y: 105 },
        ],
        guides: [{ label: 'Q4 median', y: 105, fromX: 1, toX: 1.5 }],
      },
      { title: 'WAL size', unit: 'MiB', points: [{ x: 1, y: 4 }] },
      { title: 'Request p99', unit: 'ms', points: [] },
    ],
    { title: 'soak & more', xLabel: 'time (min)', columns: 2, panelWidth: 400, panelHeight: 200 },
  );
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800" height="432"/);
  assert.ok(svg.trimEnd().endsWith('</svg>'));
  assert.equal(svg.match(/<g transform=/g)?.length, 3);
  // A series without points draws no line rather than a broken one.
  const polylines = [...svg.matchAll(/<polyline class="series" points="([^"]*)"/g)].map((m) => m[1]!);
  assert.equal(polylines.length, 2);
  assert.equal(polylines[0]!.split(' ').length, 3);
  for (const pair of polylines.flatMap((p) => p.split(' '))) assert.match(pair, /^\d+(\.\d)?,\d+(\.\d)?$/);
  assert.equal(svg.match(/>time \(min\)</g)?.length, 3);
  assert.equal(svg.match(/>MiB</g)?.length, 2);
  assert.match(svg, />Q4 median</);
  assert.match(svg, />RSS &lt;all&gt;</);
  assert.match(svg, />soak &amp; more</);
  assert.equal(escapeXml('"a"'), '&quot;a&quot;');
});

test('a higher value is drawn higher (a smaller y) in the panel', () => {
  const svg = smallMultiples(
    [
      {
        title: 't',
        unit: 'u',
        points: [
          { x: 0, y: 1 },
          { x: 1, y: 9 },
        ],
      },
    ],
    { title: 't', xLabel: 'x' },
  );
  const points = /<polyline class="series" points="([^"]*)"/.exec(svg)?.[1]?.split(' ') ?? [];
  const ys = points.map((p) => Number(p.split(',')[1]));
  assert.equal(ys.length, 2);
  assert.ok(ys[1]! < ys[0]!, `y of 9 (${ys[1]}) should be above y of 1 (${ys[0]})`);
});
