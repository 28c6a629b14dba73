import { pictureFrom, type EmbeddedPicture } from './cover-art.js';
import { tagsFrom, untagged, type FileTags } from './read-tags.js';

export interface FileMetadata {
  tags: FileTags;
  picture: EmbeddedPicture | null;
}

/**
 * A file's tags and cover picture, from one reading of its tags. Called only for files whose
 * tags were measured within bounds first (tag-bounds.ts): the parser holds a whole tag in
 * memory. A file without readable tags is not an error: its title is `fallbackTitle`.
 */
export async function readFileMetadata(file: string, fallbackTitle: string): Promise<FileMetadata> {
  let meta;
  try {
    // Loaded with the first file read: a station that takes in no files never needs it.
    const { parseFile } = await import('music-metadata');
    meta = await parseFile(file, { duration: false, skipCovers: false });
  } catch {
    return { tags: untagged(fallbackTitle), picture: null };
  }
  return { tags: tagsFrom(meta, fallbackTitle), picture: pictureFrom(meta) };
}
