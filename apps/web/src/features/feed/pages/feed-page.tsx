export default function FeedPage() {
  return (
    <section>
      <h1>Feed</h1>
    </section>
  );
}
