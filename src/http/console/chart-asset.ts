import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { within } from '../route-prefix.js';
import { CONSOLE_PATH } from './console-session.js';

/** Chart.js's browser build, read once from the installed package. */
function chartBuild(): { version: string; body: string } {
  const require = createRequire(import.meta.url);
  // The package exports no package.json; its main file sits in dist/ beside the browser build.
  const dist = dirname(require.resolve('chart.js'));
  const { version } = JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  // The source map is not served, so the comment that names it goes too.
  const body = readFileSync(join(dist, 'chart.umd.min.js'), 'utf8').replace(
    /\n\/\/# sourceMappingURL=\S+\s*$/,
    '\n',
  );
  return { version, body };
}

const build = chartBuild();

/**
 * Where the console's pages load Chart.js from: Gatehouse itself, so the console works without
 * the internet and its pages' policy allows scripts from 'self' only. The version is in the path,
 * so the file can be cached for good and a new version is a new address.
 */
export const CHART_SCRIPT_PATH = `${CONSOLE_PATH}/assets/chart-${build.version}.js`;

/** Registered in the console plugin (under CONSOLE_PATH), outside the guard: a script holds no data. */
export function registerChartAsset(app: FastifyInstance): void {
  app.get(within(app.prefix, CHART_SCRIPT_PATH), async (_request, reply) => {
    await reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(build.body);
  });
}
