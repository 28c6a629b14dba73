import { PAGES } from '@queuecast/contract';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { TagCloud } from '../components/tag-cloud';
import { TagSongs } from '../components/tag-songs';
import { parseTags } from '../tag-paths';

export default function TagsPage() {
  const param = useParams().tags;
  const tags = useMemo(() => parseTags(param), [param]);
  const title = tags.length === 1 ? `Tag: ${tags[0]}` : `Tags: ${tags.join(' + ')}`;
  useDocumentTitle(tags.length === 0 ? 'Tags' : title);
  if (tags.length === 0) {
    return (
      <section>
        <h1>Tags</h1>
        <TagCloud />
      </section>
    );
  }
  return (
    <section>
      <p>
        <Link to={PAGES.tags.path({})}>← All tags</Link>
      </p>
      <h1>{title}</h1>
      <TagSongs key={tags.join(',')} tags={tags} />
    </section>
  );
}
