export default function OnelinerHistoryPage() {
  return (
    <section>
      <h1>Oneliner history</h1>
    </section>
  );
}
