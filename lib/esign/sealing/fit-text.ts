/**
 * Fitting a value into its field's box: the largest font size at which the text fits whole, so a
 * stamped value is never clipped. Pure: works on font metrics at size 1, knows nothing of PDF.
 */

export interface FontMetrics {
  /** Advance width of the text at size 1. */
  widthOf(text: string): number;
  /** Height above the baseline at size 1. */
  ascent: number;
  /** Depth below the baseline at size 1, positive. */
  descent: number;
}

export interface Box {
  width: number;
  height: number;
}

export interface FittedText {
  size: number;
  lines: string[];
  /** Distance from one baseline to the next. */
  lineHeight: number;
  /** Height from the first line's top (its ascent) to the last line's bottom (its descent). */
  blockHeight: number;
}

/** The search stops when the bounds are this close (points). */
const SIZE_PRECISION = 0.05;
/** Below this a wrapped layout is not looked for; the single line shrinks instead. */
const SMALLEST_WRAPPED_SIZE = 1;

/** One line, shrunk (never below what fits) until it fits the box; newlines and tabs become spaces. */
export function fitSingleLine(text: string, box: Box, metrics: FontMetrics, maxSize: number): FittedText {
  const line = singleLine(text);
  const width = metrics.widthOf(line);
  const bySize = Math.min(maxSize, box.height / lineBoxEm(metrics), width > 0 ? box.width / width : Infinity);
  const size = Math.max(0, bySize);
  return layout([line], size, metrics);
}

/**
 * Wrapped at spaces (within a word when a word alone is too wide), keeping the text's own line
 * breaks, at the largest size up to maxSize at which every line fits the width and all lines the
 * height. One line at a larger size wins over two at a smaller one, naturally: greedy wrapping at a
 * size where the whole text fits the width gives one line.
 */
export function fitWrapped(text: string, box: Box, metrics: FontMetrics, maxSize: number): FittedText {
  const paragraphs = normalizeNewlines(stripControls(text).trim()).split("\n").map((paragraph) => paragraph.replace(/\s+/g, " ").trim());
  const widths = new Map<string, number>();
  const widthOf = (piece: string) => {
    let width = widths.get(piece);
    if (width === undefined) {
      width = metrics.widthOf(piece);
      widths.set(piece, width);
    }
    return width;
  };
  const linesAt = (size: number): string[] | null => {
    const lines = paragraphs.flatMap((paragraph) => wrapParagraph(paragraph, box.width / size, widthOf));
    return lines.length * lineBoxEm(metrics) * size <= box.height ? lines : null;
  };

  const atMax = linesAt(maxSize);
  if (atMax) return layout(atMax, maxSize, metrics);
  let low = SMALLEST_WRAPPED_SIZE;
  let best = linesAt(low);
  if (!best) return fitSingleLine(paragraphs.join(" "), box, metrics, maxSize);
  let high = maxSize;
  while (high - low > SIZE_PRECISION) {
    const middle = (low + high) / 2;
    const lines = linesAt(middle);
    if (lines) {
      low = middle;
      best = lines;
    } else {
      high = middle;
    }
  }
  return layout(best, low, metrics);
}

/** Greedy line filling; a word wider than a whole line is cut between characters. */
function wrapParagraph(paragraph: string, maxWidth: number, widthOf: (text: string) => number): string[] {
  if (paragraph === "") return [""];
  const lines: string[] = [];
  let current = "";
  for (const word of paragraph.split(" ")) {
    const candidate = current ? `${current} ${word}` : word;
    if (widthOf(candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = "";
    if (widthOf(word) <= maxWidth) {
      current = word;
      continue;
    }
    for (const character of Array.from(word)) {
      if (current && widthOf(current + character) > maxWidth) {
        lines.push(current);
        current = "";
      }
      current += character;
    }
  }
  if (current) lines.push(current);
  return lines;
}

function layout(lines: string[], size: number, metrics: FontMetrics): FittedText {
  const lineHeight = lineBoxEm(metrics) * size;
  return { size, lines, lineHeight, blockHeight: lines.length * lineHeight };
}

/** The font's own line box: lines spaced by it neither overlap nor drift apart. */
function lineBoxEm(metrics: FontMetrics): number {
  return metrics.ascent + metrics.descent;
}

function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/** Line breaks and tabs as spaces, runs of spaces as one, no control characters. */
export function singleLine(text: string): string {
  return stripControls(text.replace(/\s+/g, " ")).trim();
}

export function stripControls(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, "");
}
