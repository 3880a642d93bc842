import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { isOverviewWindow, type Overview } from '../../services/console/console-overview.js';
import { html, type Html } from '../pages/html.js';
import { CHART_SCRIPT_PATH } from './chart-asset.js';
import { consolePage } from './console-layout.js';
import type { ConsoleDeps } from './console-guard.js';
import { CONSOLE_PATH } from './console-session.js';
import { money, text } from './console-text.js';
import { overviewFigures, percent, type Figure } from './overview-figures.js';
import { OVERVIEW_SCRIPT } from './overview-script.js';

const STYLE = `
  .windows { display: flex; gap: 1rem; margin: 0 0 1rem; }
  .windows a[aria-current] { font-weight: 700; text-decoration: none; }
  .headline { grid-template-columns: repeat(auto-fill, minmax(10rem, max-content) minmax(6rem, 1fr)); }
  .figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(30rem, 1fr)); gap: 1rem; }
  .figures section { background: #fff; padding: .8rem; border-radius: 6px; min-width: 0; }
  .figures h2 { font-size: 1.05rem; margin: 0 0 .3rem; }
  .figures p { font-size: .85rem; color: #4b5563; margin: 0 0 .5rem; }
  .chart { position: relative; height: 15rem; }
  details { margin-top: .5rem; }
  details table { font-size: .85rem; }
  caption { text-align: left; font-weight: 600; padding: .3rem 0; }
  .unseen { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  @media (max-width: 40rem) { .figures { grid-template-columns: 1fr; } }
`;

const WINDOW_NAMES = {
  '24h': 'Last 24 hours, by hour',
  '30d': 'Last 30 days, by day',
  '12m': 'Last 12 months, by month',
} as const;

function figureSection(figure: Figure): Html {
  return html`<section aria-labelledby="title-${figure.id}">
    <h2 id="title-${figure.id}">${figure.title}</h2>
    <p>${figure.counts}</p>
    <div class="chart" hidden>
      <canvas
        id="${figure.chart.id}"
        role="img"
        aria-label="${figure.title}: the numbers are in the table below"
        >${figure.title}</canvas
      >
    </div>
    <details open>
      <summary>Numbers<span class="unseen">: ${figure.title}</span></summary>
      ${figure.table}
    </details>
  </section>`;
}

function headline(overview: Overview): Html {
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const approved = sum(overview.approval.approved);
  const reached = approved + sum(overview.approval.declined);
  const volume = overview.volume.filter((one) => sum(one.approvedMinor) > 0);
  return html`<dl class="headline" aria-label="Window totals">
    <dt>Orders</dt>
    <dd>${sum(overview.volume.flatMap((one) => one.orders))}</dd>
    <dt>Approved volume</dt>
    <dd>
      ${volume.length === 0 ? '0' : volume.map((one) => money(sum(one.approvedMinor), one.currency)).join(', ')}
    </dd>
    <dt>Approval rate</dt>
    <dd>${percent(approved, reached)}</dd>
    <dt>3-D Secure challenge rate</dt>
    <dd>${percent(sum(overview.threeDs.challenged), sum(overview.threeDs.started))}</dd>
    <dt>Dead callbacks</dt>
    <dd>${sum(overview.callbacks.dead)}</dd>
    <dt>Steps needing attention now</dt>
    <dd>${overview.steps.needsAttention}</dd>
  </dl>`;
}

async function overview(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = request.consoleSession;
  const asked = session.fields.window;
  const window = isOverviewWindow(asked) ? asked : '24h';
  const overview = await deps.overview.read(session.operator, window);
  const figures = overviewFigures(overview);
  await consolePage(
    reply,
    text('overview'),
    html`<h1>${text('overview')}</h1>
      <nav class="windows" aria-label="Window">
        ${(['24h', '30d', '12m'] as const).map(
          (one) =>
            html`<a
              href="${CONSOLE_PATH}/overview?window=${one}"
              ${one === window ? html`aria-current="page"` : ''}
              >${WINDOW_NAMES[one]}</a
            >`,
        )}
      </nav>
      <p>
        ${WINDOW_NAMES[window]} (UTC), up to now;
        ${overview.limited ? 'only the merchants you are allowed to see.' : 'every merchant.'}
      </p>
      ${headline(overview)}
      <div class="figures">${figures.map(figureSection)}</div>`,
    session,
    200,
    {
      style: STYLE,
      files: [CHART_SCRIPT_PATH],
      script: OVERVIEW_SCRIPT,
      data: JSON.stringify({ charts: figures.map((figure) => figure.chart) }),
    },
  );
}

/** The overview at GET /console/overview: a chart and a table per figure, over a window. */
export const overviewPage: FastifyPluginCallback<ConsoleDeps> = (app, deps, done) => {
  app.get('/overview', (request, reply) => overview(deps, request, reply));
  done();
};
