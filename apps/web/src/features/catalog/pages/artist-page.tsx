export default function ArtistPage() {
  return (
    <section>
      <h1>Artist</h1>
    </section>
  );
}
