/**
 * Audio bytes between two metadata blocks for listeners that ask for ICY metadata: one second
 * at 128 kb/s, the value SHOUTcast and Icecast servers commonly use.
 */
export const ICY_METAINT = 16_000;
/** A metadata block is at most 255 × 16 bytes after its length byte. */
const MAX_BLOCK = 255 * 16;
/** The block that says "no change since the last one". */
export const ICY_NO_CHANGE = Buffer.from([0]);

/**
 * The ICY metadata block announcing `title`: a length byte L, then `StreamTitle='…';` padded
 * with NULs to 16·L bytes. Single quotes are
 * dropped (players end the title at one), characters
 * outside printable ASCII become `?`, and an overlong title is cut to fit 255·16 bytes.
 */
export function icyMetadataBlock(title: string): Buffer {
  const clean = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/'/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .trim();
  const room = MAX_BLOCK - "StreamTitle='';".length;
  const text = `StreamTitle='${clean.slice(0, room)}';`;
  const units = Math.ceil(text.length / 16);
  const block = Buffer.alloc(1 + units * 16);
  block[0] = units;
  block.write(text, 1, 'latin1');
  return block;
}
