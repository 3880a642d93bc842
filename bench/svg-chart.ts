/*
 * Line charts as SVG text, written by the bench itself so a plot needs no browser and no
 * dependency: small multiples, one panel per series, each with its own y axis and unit.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A horizontal reference line (a quarter's median, a bound), labelled at its right end. */
export interface Guide {
  readonly label: string;
  readonly y: number;
  /** Where along x it is drawn; the whole panel when absent. */
  readonly fromX?: number;
  readonly toX?: number;
}

export interface Series {
  readonly title: string;
  /** The y axis's unit, shown in its label. */
  readonly unit: string;
  readonly points: readonly Point[];
  readonly guides?: readonly Guide[];
}

export interface ChartOptions {
  readonly title: string;
  /** The x axis's label with its unit, shared by every panel. */
  readonly xLabel: string;
  readonly columns?: number;
  readonly panelWidth?: number;
  readonly panelHeight?: number;
}

const MARGIN = { left: 64, right: 28, top: 28, bottom: 40 };
const TITLE_HEIGHT = 32;
const TICKS = 5;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Round tick values (1, 2 or 5 times a power of ten) covering [low, high]. */
export function niceTicks(low: number, high: number, count = TICKS): number[] {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [0, 1];
  if (high === low) {
    // A flat series still gets an axis around its value.
    const pad = low === 0 ? 1 : Math.abs(low) * 0.1;
    return niceTicks(low - pad, high + pad, count);
  }
  const raw = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const first = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let tick = first; tick <= high + step * 1e-9; tick += step) ticks.push(Number(tick.toPrecision(12)));
  if (ticks[ticks.length - 1]! < high) ticks.push(Number((ticks[ticks.length - 1]! + step).toPrecision(12)));
  return ticks;
}

function label(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1000 || magnitude < 0.01) return value.toPrecision(3).replace(/\.?0+e/, 'e');
  return String(Number(value.toPrecision(4)));
}

function panel(series: Series, xLabel: string, xRange: [number, number], width: number, height: number) {
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const ys = [...series.points.map((p) => p.y), ...(series.guides ?? []).map((g) => g.y)];
  const yTicks = niceTicks(Math.min(0, ...ys), ys.length === 0 ? 1 : Math.max(...ys));
  const xTicks = niceTicks(xRange[0], xRange[1]);
  const [y0, y1] = [yTicks[0]!, yTicks[yTicks.length - 1]!];
  const [x0, x1] = [xTicks[0]!, xTicks[xTicks.length - 1]!];
  const sx = (x: number) => MARGIN.left + ((x - x0) / (x1 - x0)) * plotWidth;
  const sy = (y: number) => MARGIN.top + plotHeight - ((y - y0) / (y1 - y0)) * plotHeight;
  const f = (n: number) => n.toFixed(1);
  const parts: string[] = [
    `<text x="${MARGIN.left}" y="18" font-size="13" font-weight="bold">${escapeXml(series.title)}</text>`,
    `<line class="axis" x1="${MARGIN.left}" y1="${f(sy(y0))}" x2="${MARGIN.left + plotWidth}" y2="${f(sy(y0))}"/>`,
    `<line class="axis" x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${MARGIN.top + plotHeight}"/>`,
  ];
  for (const tick of yTicks) {
    parts.push(
      `<line class="grid" x1="${MARGIN.left}" y1="${f(sy(tick))}" x2="${MARGIN.left + plotWidth}" y2="${f(sy(tick))}"/>`,
      `<text x="${MARGIN.left - 6}" y="${f(sy(tick) + 4)}" text-anchor="end">${label(tick)}</text>`,
    );
  }
  for (const tick of xTicks) {
    parts.push(
      `<text x="${f(sx(tick))}" y="${MARGIN.top + plotHeight + 16}" text-anchor="middle">${label(tick)}</text>`,
    );
  }
  parts.push(
    `<text x="${MARGIN.left + plotWidth / 2}" y="${height - 6}" text-anchor="middle">${escapeXml(xLabel)}</text>`,
    `<text transform="translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">${escapeXml(series.unit)}</text>`,
  );
  for (const guide of series.guides ?? []) {
    const from = sx(guide.fromX ?? x0);
    const to = sx(guide.toX ?? x1);
    parts.push(
      `<line class="guide" x1="${f(from)}" y1="${f(sy(guide.y))}" x2="${f(to)}" y2="${f(sy(guide.y))}"/>`,
      `<text class="guide-label" x="${f(to)}" y="${f(sy(guide.y) - 3)}" text-anchor="end">${escapeXml(guide.label)}</text>`,
    );
  }
  if (series.points.length > 0) {
    const points = series.points.map((p) => `${f(sx(p.x))},${f(sy(p.y))}`).join(' ');
    parts.push(`<polyline class="series" points="${points}"/>`);
  }
  return parts.join('\n');
}

/** One SVG document: a title, then the series as panels in rows of `columns`, sharing the x range. */
export function smallMultiples(series: readonly Series[], options: ChartOptions): string {
  const columns = Math.max(1, Math.min(options.columns ?? 2, series.length));
  const width = options.panelWidth ?? 420;
  const height = options.panelHeight ?? 220;
  const rows = Math.ceil(series.length / columns);
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const xRange: [number, number] = xs.length === 0 ? [0, 1] : [Math.min(0, ...xs), Math.max(...xs)];
  const totalWidth = columns * width;
  const totalHeight = TITLE_HEIGHT + rows * height;
  const panels = series.map((s, index) => {
    const x = (index % columns) * width;
    const y = TITLE_HEIGHT + Math.floor(index / columns) * height;
    return `<g transform="translate(${x} ${y})">\n${panel(s, options.xLabel, xRange, width, height)}\n</g>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${totalWidth}" height="${totalHeight}" viewBox="0 0 ${totalWidth} ${totalHeight}" font-family="sans-serif" font-size="11">`,
    '<style>.axis{stroke:#333}.grid{stroke:#ddd}.series{fill:none;stroke:#1f6fb4;stroke-width:1.5}.guide{stroke:#c0392b;stroke-dasharray:4 3}.guide-label{fill:#c0392b;font-size:10px}</style>',
    `<rect width="${totalWidth}" height="${totalHeight}" fill="#fff"/>`,
    `<text x="8" y="20" font-size="14" font-weight="bold">${escapeXml(options.title)}</text>`,
    ...panels,
    '</svg>',
    '',
  ].join('\n');
}
