export default function SongPage() {
  return (
    <section>
      <h1>Song</h1>
    </section>
  );
}
