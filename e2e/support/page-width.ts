import type { Page } from 'playwright-core';

/**
 * What makes the page wider than the window, or scroll sideways inside it: the document's width
 * when it exceeds the viewport's (with the elements that stick out past its right edge, deepest
 * first), and each element that scrolls sideways itself (a table in a scrolling box, say). An
 * empty list when everything fits. The window's width is the viewport the page was opened with:
 * a phone (Chromium's `isMobile`) zooms out to show a page wider than its screen, so there
 * `window.innerWidth` grows with the page and would hide the very overflow looked for.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  const viewport = page.viewportSize()?.width;
  if (!viewport) throw new Error('the page has no fixed viewport');
  return page.evaluate((viewport) => {
    const describe = (element: Element) => {
      const testId = element.getAttribute('data-testid');
      const classes = [...element.classList].slice(0, 2).map((name) => `.${name}`).join('');
      return `${element.tagName.toLowerCase()}${testId ? `[data-testid="${testId}"]` : ''}${classes}`;
    };
    const problems: string[] = [];
    const width = document.documentElement.scrollWidth;
    // Past the right edge, and not inside a box that clips or scrolls it (a fixed bar's button too).
    const clipped = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) if (getComputedStyle(box).overflowX !== 'visible') return true;
      return false;
    };
    const outside = [...document.body.querySelectorAll('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > viewport + 0.5 && !clipped(element);
    });
    // The causes among them: wider than the box they are in (the rest stick out because of them), else the deepest.
    const wider = outside.filter((element) => element.parentElement && element.getBoundingClientRect().right > element.parentElement.getBoundingClientRect().right + 0.5);
    const deepest = outside.filter((element) => !outside.some((other) => other !== element && element.contains(other)));
    if (width > viewport || deepest.length > 0) {
      const culprits = (wider.length > 0 ? wider : deepest).slice(0, 6).map((element) => `${describe(element)} (right edge ${Math.round(element.getBoundingClientRect().right)} px)`);
      problems.push(`the document is ${width} px wide in a ${viewport} px window: ${culprits.join(', ')}`);
    }
    for (const element of document.body.querySelectorAll('*')) {
      const overflowX = getComputedStyle(element).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${describe(element)} scrolls sideways: ${element.scrollWidth} px of content in ${element.clientWidth} px`);
      }
    }
    return problems;
  }, viewport);
}
