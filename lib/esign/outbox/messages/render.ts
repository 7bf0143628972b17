import type { Block, EmailContent } from "./types";

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

const FONT = "font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2937";

function blockText(block: Block): string {
  if ("paragraph" in block) return block.paragraph;
  if ("action" in block) return `${block.action.label}: ${block.action.url}`;
  if ("links" in block) return block.links.map((link) => `- ${link.label}: ${link.url}`).join("\n");
  if ("code" in block) return `    ${block.code}`;
  return block.quote
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
}

function blockHtml(block: Block): string {
  if ("paragraph" in block) return `<p style="margin:0 0 16px">${escapeHtml(block.paragraph)}</p>`;
  if ("action" in block) {
    return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.action.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(block.action.label)}</a></p>`;
  }
  if ("links" in block) {
    const items = block.links.map((link) => `<li><a href="${escapeHtml(link.url)}" style="color:#1d4ed8">${escapeHtml(link.label)}</a></li>`);
    return `<ul style="margin:0 0 16px;padding-left:20px">${items.join("")}</ul>`;
  }
  if ("code" in block) return `<p style="margin:0 0 16px;font-size:24px;letter-spacing:4px;font-family:monospace">${escapeHtml(block.code)}</p>`;
  return `<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #d1d5db;white-space:pre-wrap">${escapeHtml(block.quote)}</blockquote>`;
}

/** The same blocks as plain text and as simple HTML with inline styles; every value escaped. */
export function renderEmail(subject: string, blocks: Block[], language: string): EmailContent {
  const text = `${blocks.map(blockText).join("\n\n")}\n\n-- \nSignet\n`;
  const html =
    `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f9fafb"><div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;${FONT}">` +
    blocks.map(blockHtml).join("") +
    `<p style="margin:24px 0 0;font-size:12px;color:#6b7280">Signet</p></div></body></html>`;
  return { subject, text, html };
}
