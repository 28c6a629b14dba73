export default function SearchPage() {
  return (
    <section>
      <h1>Search</h1>
    </section>
  );
}
