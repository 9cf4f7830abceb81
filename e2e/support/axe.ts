import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, run in each page. */
const AXE_SOURCE = (require('axe-core') as { source: string }).source;

/** A finding a test accepts (say why beside it): axe's rule on the elements matching a selector. */
export interface AxeAllowance {
  rule: string;
  selector: string;
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core on the page once its animations have finished; answers its violations, of any impact, in a short readable
 * form (rule, impact, help, then up to five elements with axe's explanation). An allowance drops its
 * rule's findings on the elements that match its selector, and those only.
 */
export async function axeViolations(page: Page, allowed: readonly AxeAllowance[] = []): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy (script-src 'self')
  // stays as it is and still applies to the page's own scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // The page as a reader sees it once it settles: a toast fading in is measured at its final colours, not
  // mid-fade. Two frames let a transition that starts on the next frame begin; endless ones are not waited.
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    // A paused one would never finish: it is measured as it stands after a bound.
    const bound = new Promise((resolve) => setTimeout(resolve, 3_000));
    await Promise.race([bound, Promise.all(finite.map((a) => a.finished.catch(() => undefined)))]);
  });
  const violations = await page.evaluate(async (allowances) => {
    const axe = (window as unknown as { axe: { run(ctx: Document): Promise<{ violations: Violation[] }> } }).axe;
    const accepted = (rule: string, target: string[]) => {
      const el = target.length === 1 ? document.querySelector(target[0]!) : null;
      return allowances.some((a) => a.rule === rule && el?.matches(a.selector));
    };
    return (await axe.run(document)).violations
      .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !accepted(v.id, n.target)) }))
      .filter((v) => v.nodes.length > 0);
  }, allowed);
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join('\n'),
  );
}
