// Measures a classroom projector page as the class sees it (used by classroom.test.mjs and
// classroom-walk.mjs): scrolling, a clipped caption or top-bar button, whether the figure stays
// on the stage, and the smallest figure text in CSS px as drawn (after the fit's zoom and an
// SVG's viewBox scaling), and figure text cut by the stage's or a crop's edge.
//
// Text size as drawn: a text run's box height on screen (Range.getClientRects, which includes
// every zoom and transform) divided by its font's box height per px of font size (measured once
// per font family on an unscaled probe). A canvas's text is the smallest font it drew, which it
// records after each drawing (data-min-font-px, CSS px at its own size: src/ui/charts/mod.rs
// MIN_FONT_ATTR), scaled as the canvas is drawn; a canvas without it drew no text.

/** The attribute a canvas records its smallest drawn font in (charts::MIN_FONT_ATTR). */
export const MIN_FONT_ATTR = "data-min-font-px";

/** @param {import("playwright-core").Page} page */
export async function measureProjector(page) {
  return page.evaluate((MIN_FONT_ATTR) => {
    const ratio = new Map();
    const boxPerPx = (family) => {
      if (!ratio.has(family)) {
        const probe = document.createElement("span");
        probe.style.cssText = `position:fixed;left:0;top:0;font-size:100px;line-height:normal;white-space:nowrap;zoom:1;font-family:${family}`;
        probe.textContent = "Hg";
        document.body.appendChild(probe);
        const r = document.createRange();
        r.selectNodeContents(probe);
        ratio.set(family, r.getBoundingClientRect().height / 100 || 1.15);
        probe.remove();
      }
      return ratio.get(family);
    };
    const stageEl = document.querySelector("[data-testid=cls-stage]");
    const stage = stageEl?.getBoundingClientRect();
    const focus = document.querySelector("[data-cls-focus]");
    let minFigurePx = Infinity;
    // Every canvas that drew text: its drawn size over its own size, and its smallest text.
    const canvases = [];
    let minFigureText = "";
    let smallCount = 0;
    const clipped = [];
    // Figure text drawn wholly off the stage (under the caption, past its side) and words broken
    // across two lines inside a figure's HTML text ("colum n").
    const outside = [];
    const broken = [];
    if (focus && stage) {
      const walker = document.createTreeWalker(focus, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent.trim();
        const parent = n.parentElement;
        if (!text || !parent || parent.closest("title, desc, style, script, option")) continue;
        const style = getComputedStyle(parent);
        if (style.visibility === "hidden" || Number(style.opacity) === 0) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        // Seen through the stage and, in an SVG, through the SVG's box (a crop's viewBox cuts the
        // rest away); a run partly outside either is clipped text.
        const svg = parent.closest("svg[data-cls-crop-set]")?.getBoundingClientRect();
        const boxes = svg ? [stage, svg] : [stage];
        const inside = (r, b) => r.bottom > b.top && r.top < b.bottom && r.right > b.left && r.left < b.right;
        const whole = (r, b) => r.top >= b.top - 1 && r.bottom <= b.bottom + 1 && r.left >= b.left - 1 && r.right <= b.right + 1;
        const drawn = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
        // Cut away on purpose (a crop's SVG viewBox, a stage that pans) is not "off the stage".
        const cropped = !!parent.closest("[data-cls-cropped] :not([data-cls-crop]), svg[data-cls-crop-set]") || stageEl.classList.contains("gx-cls-stage--pan");
        if (!cropped && drawn.some((r) => !inside(r, stage)) && outside.length < 5) outside.push(text.slice(0, 20));
        if (drawn.length > 1 && !parent.closest("svg")) {
          for (const m of n.textContent.matchAll(/[A-Za-z0-9][A-Za-z0-9.'’-]*[A-Za-z0-9]/g)) {
            const w = document.createRange();
            w.setStart(n, m.index);
            w.setEnd(n, m.index + m[0].length);
            const tops = new Set([...w.getClientRects()].filter((r) => r.width > 0.5).map((r) => Math.round(r.top)));
            if (tops.size > 1 && broken.length < 5) broken.push(m[0]);
          }
        }
        const rects = drawn.filter((r) => boxes.every((b) => inside(r, b)));
        if (!rects.length) continue;
        if (rects.some((r) => !boxes.every((b) => whole(r, b))) && clipped.length < 5) clipped.push(text.slice(0, 20));
        const h = Math.min(...rects.map((r) => r.height));
        const px = h / boxPerPx(style.fontFamily);
        if (px < minFigurePx) {
          minFigurePx = px;
          minFigureText = text.slice(0, 30);
        }
        if (px < 11.5) smallCount++;
      }
    }
    // A canvas's text: the smallest font it drew (MIN_FONT_ATTR, CSS px at the canvas's own
    // size: its backing store over the device pixel ratio), scaled as the canvas is drawn.
    if (focus && stage) {
      for (const c of focus.querySelectorAll(`canvas[${MIN_FONT_ATTR}]`)) {
        const r = c.getBoundingClientRect();
        const own = c.width / devicePixelRatio;
        const font = Number(c.getAttribute(MIN_FONT_ATTR));
        if (r.width <= 0.5 || own <= 0 || !(font > 0) || !(r.bottom > stage.top && r.top < stage.bottom)) continue;
        const px = (font * r.width) / own;
        canvases.push({ cls: String(c.className), scale: Math.round((r.width / own) * 1000) / 1000, px: Math.round(px * 10) / 10 });
        if (px < minFigurePx) {
          minFigurePx = px;
          minFigureText = `canvas ${c.className}`;
        }
        if (px < 11.5) smallCount++;
      }
    }
    const doc = document.scrollingElement;
    const cap = document.querySelector("[data-testid=cls-caption]")?.getBoundingClientRect();
    const f = focus?.getBoundingClientRect();
    const bar = document.querySelector(".gx-cls-bar");
    const barClipped = bar
      ? [...bar.querySelectorAll("button, a")]
          .filter((b) => {
            const r = b.getBoundingClientRect();
            let clip = r.left < -0.5 || r.right > innerWidth + 0.5 || r.top < -0.5 || r.bottom > innerHeight + 0.5;
            // Inside a box that hides its overflow.
            for (let p = b.parentElement; p && p !== document.body; p = p.parentElement) {
              const s = getComputedStyle(p);
              if (s.overflowX !== "visible" || s.overflowY !== "visible") {
                const pr = p.getBoundingClientRect();
                if (r.left < pr.left - 0.5 || r.right > pr.right + 0.5 || r.top < pr.top - 0.5 || r.bottom > pr.bottom + 0.5) clip = true;
              }
            }
            // Its own label cut (text wider than the button).
            if (b.scrollWidth > b.clientWidth + 1) clip = true;
            return clip;
          })
          .map((b) => b.dataset.testid || b.textContent.trim())
      : [];
    const chromeSmall = [...document.querySelectorAll(".gx-cls-caption *, .gx-cls-bar *")]
      .filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
      .map((e) => parseFloat(getComputedStyle(e).fontSize))
      .filter((s) => s < 12).length;
    return {
      scrolls: doc.scrollHeight > innerHeight + 1 || doc.scrollWidth > innerWidth + 1,
      stageScrolls: !!stageEl && (stageEl.scrollHeight > stageEl.clientHeight + 2 || stageEl.scrollWidth > stageEl.clientWidth + 2),
      captionInside: !!cap && cap.bottom <= innerHeight + 1 && cap.top >= 0,
      figureInside: !!f && !!stage && f.bottom <= stage.bottom + 2 && f.top >= stage.top - 2 && f.right <= stage.right + 2 && f.left >= stage.left - 2,
      zoom: focus ? Number(getComputedStyle(focus).zoom || 1) : 0,
      minFigurePx: Number.isFinite(minFigurePx) ? Math.round(minFigurePx * 10) / 10 : 99,
      minFigureText,
      smallCount,
      // Figure text cut by the stage's edge or a crop's (a figure panning inside the stage).
      clippedText: clipped,
      outsideText: outside,
      brokenWords: broken,
      pans: !!stageEl?.classList.contains("gx-cls-stage--pan"),
      canvases,
      chromeSmall,
      barClipped,
    };
  }, MIN_FONT_ATTR);
}
