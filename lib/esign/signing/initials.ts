/** Initials of a name: the first letter of each word ("Ada King Lovelace" → "AKL"). */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => Array.from(word)[0].toUpperCase())
    .join("");
}
