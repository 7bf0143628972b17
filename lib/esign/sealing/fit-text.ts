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
  // Every word and character is measured once, at size 1; a line's width is then the sum of its
  // pieces, so trying a size costs additions, not measurements.
  const measured = paragraphs.map((paragraph) => measureWords(paragraph, metrics));
  const spaceWidth = metrics.widthOf(" ");
  const linesAt = (size: number): string[] | null => {
    const lines = measured.flatMap((words) => wrapParagraph(words, box.width / size, spaceWidth));
    return lines.length * lineBoxEm(metrics) * size <= box.height ? lines : null;
  };

  const atMax = linesAt(maxSize);
  if (atMax) return exactly(atMax, maxSize, box, metrics);
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
  return exactly(best, low, box, metrics);
}

interface MeasuredWord {
  text: string;
  width: number;
  /** Each character's width, for cutting a word wider than a whole line. */
  characters: { text: string; width: number }[];
}

function measureWords(paragraph: string, metrics: FontMetrics): MeasuredWord[] {
  if (paragraph === "") return [];
  const characterWidths = new Map<string, number>();
  const widthOfCharacter = (character: string) => {
    let width = characterWidths.get(character);
    if (width === undefined) {
      width = metrics.widthOf(character);
      characterWidths.set(character, width);
    }
    return width;
  };
  return paragraph.split(" ").map((word) => ({
    text: word,
    width: metrics.widthOf(word),
    characters: Array.from(word).map((character) => ({ text: character, width: widthOfCharacter(character) })),
  }));
}

/** Greedy line filling; a word wider than a whole line is cut between characters. */
function wrapParagraph(words: MeasuredWord[], maxWidth: number, spaceWidth: number): string[] {
  if (words.length === 0) return [""];
  const lines: string[] = [];
  let current = "";
  let currentWidth = 0;
  const endLine = () => {
    if (current) lines.push(current);
    current = "";
    currentWidth = 0;
  };
  for (const word of words) {
    const candidateWidth = current ? currentWidth + spaceWidth + word.width : word.width;
    if (candidateWidth <= maxWidth) {
      current = current ? `${current} ${word.text}` : word.text;
      currentWidth = candidateWidth;
      continue;
    }
    endLine();
    if (word.width <= maxWidth) {
      current = word.text;
      currentWidth = word.width;
      continue;
    }
    for (const character of word.characters) {
      if (current && currentWidth + character.width > maxWidth) endLine();
      current += character.text;
      currentWidth += character.width;
    }
  }
  endLine();
  return lines;
}

/**
 * The layout at `size`, shrunk where a line measured whole is wider than the sum of its pieces
 * (kerning across a space), so the guarantee that nothing is clipped holds exactly.
 */
function exactly(lines: string[], size: number, box: Box, metrics: FontMetrics): FittedText {
  const widest = Math.max(...lines.map((line) => metrics.widthOf(line)));
  const fitting = widest * size > box.width ? box.width / widest : size;
  return layout(lines, fitting, metrics);
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
