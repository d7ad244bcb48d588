/** The longest title derived from a claim, in characters (the case title allows 500). */
export const CLAIM_TITLE_LENGTH = 80;

/**
 * A case's title from its claim: the first line, spaces collapsed, cut at a word boundary with an
 * ellipsis when longer than CLAIM_TITLE_LENGTH; "Untitled claim" when nothing visible is left.
 */
export function titleFromClaim(claim: string): string {
  const firstLine = claim.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const text = firstLine.replace(/\s+/g, ' ').trim();
  if (text === '') return 'Untitled claim';
  const chars = [...text];
  if (chars.length <= CLAIM_TITLE_LENGTH) return text;
  const cut = chars.slice(0, CLAIM_TITLE_LENGTH - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > CLAIM_TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
