/** Splits an ICY stream into its audio and its titles, each at the audio offset it follows. */
export function parseIcy(stream: Buffer, metaint: number) {
  const audio: Buffer[] = [];
  const titles: { at: number; title: string | null }[] = [];
  let i = 0;
  let audioBytes = 0;
  while (i + metaint < stream.length) {
    audio.push(stream.subarray(i, i + metaint));
    audioBytes += metaint;
    const length = stream[i + metaint]! * 16;
    if (i + metaint + 1 + length > stream.length) break;
    const text = stream.subarray(i + metaint + 1, i + metaint + 1 + length).toString('latin1');
    titles.push({ at: audioBytes, title: length ? /StreamTitle='(.*?)';/.exec(text)![1]! : null });
    i += metaint + 1 + length;
  }
  return { audio: Buffer.concat(audio), titles };
}
