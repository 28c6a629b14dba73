export default function TagsPage() {
  return (
    <section>
      <h1>Tags</h1>
    </section>
  );
}
