export default function PlatformPage() {
  return (
    <section>
      <h1>Platforms</h1>
    </section>
  );
}
