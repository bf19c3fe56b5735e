// The three screen sizes every figure must read at, shared by the screenshots (`shots-all.mjs`)
// and the legibility test, so both mean the same thing by "projector".
// desktop: a 1440×900 laptop; projector: 1280×720 at 150 % zoom, i.e. device scale 1.5 and a
// 853×480 CSS px viewport; phone: 390×844 (an iPhone 12–15 in portrait).
export const SIZES = {
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
  projector: { viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 },
};

/** Smallest text a student must read, in CSS px, at every size (issue #14). */
export const MIN_TEXT_PX = 12;
