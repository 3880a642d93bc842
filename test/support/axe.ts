import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build (the npm package), read once. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules the console is held to: WCAG 2 A and AA. */
const AXE_TAGS = ['wcag2a', 'wcag2aa'] as const;

/**
 * Runs axe-core on the page as it stands and returns each serious or critical violation as one
 * line: the rule, its impact, what it asks, and the elements that break it. axe goes in through
 * the DevTools protocol (page.evaluate), not a script tag: the console's CSP refuses inline
 * scripts, and the test must not loosen the policy it checks pages under.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const installed = await page.evaluate<boolean>('typeof window.axe === "object"');
  if (!installed) await page.evaluate(AXE_SOURCE);
  // Run in the page (this project's TypeScript has no DOM types).
  return page.evaluate<string[]>(`axe
    .run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} }, resultTypes: ['violations'] })
    .then((results) => results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id + ' (' + violation.impact + '): ' + violation.help + ' at ' +
        violation.nodes.map((node) => node.target.join(' ')).join(', ') +
        ' (' + (violation.nodes[0].failureSummary || '').replace(/\\s+/g, ' ') + ')'))`);
}
