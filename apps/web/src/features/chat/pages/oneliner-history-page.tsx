import { useDocumentTitle } from '../../../lib/document-title';

export default function OnelinerHistoryPage() {
  useDocumentTitle('Oneliner history');
  return (
    <section>
      <h1>Oneliner history</h1>
    </section>
  );
}
