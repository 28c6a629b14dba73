import { useDocumentTitle } from '../../../lib/document-title';

export default function FeedPage() {
  useDocumentTitle('Feed');
  return (
    <section>
      <h1>Feed</h1>
    </section>
  );
}
