import { PAGES } from '@queuecast/contract';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { TagCloud } from '../components/tag-cloud';
import { TagSongs } from '../components/tag-songs';
import { parseTags } from '../tag-paths';

export default function TagsPage() {
  const param = useParams().tags;
  const tags = useMemo(() => parseTags(param), [param]);
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
      <h1>{tags.length === 1 ? `Tag: ${tags[0]}` : `Tags: ${tags.join(' + ')}`}</h1>
      <TagSongs key={tags.join(',')} tags={tags} />
    </section>
  );
}
