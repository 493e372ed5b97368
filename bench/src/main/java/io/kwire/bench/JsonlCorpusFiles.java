package io.kwire.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the batch-mode corpora as files, for timing the real command end to end:
 * {@code DIR/<corpus>-decode.jsonl} and {@code -encode.jsonl}, {@code LINES} lines each (the
 * {@value JsonLinesBench#LINES}-line corpus of {@link JsonLinesBench} repeated).
 * Usage: {@code java -cp ... io.kwire.bench.JsonlCorpusFiles DIR LINES}.
 */
public final class JsonlCorpusFiles {
  private JsonlCorpusFiles() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    int lines = Integer.parseInt(args[1]);
    Files.createDirectories(dir);
    for (String name : new String[] {"traffic", "everyApi"}) {
      JsonlCorpus corpus = JsonLinesBench.corpus(name);
      write(dir.resolve(name + "-decode.jsonl"), corpus.decodeInput(), lines);
      write(dir.resolve(name + "-encode.jsonl"), corpus.encodeInput(), lines);
    }
  }

  /** {@code text}'s lines, over and over, {@code lines} of them. */
  private static void write(Path file, byte[] text, int lines) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      int written = 0;
      while (written < lines) {
        int start = 0;
        for (int i = 0; i < text.length && written < lines; i++) {
          if (text[i] == '\n') {
            out.write(text, start, i + 1 - start);
            start = i + 1;
            written++;
          }
        }
      }
    }
    System.out.println(file + ": " + lines + " lines, " + Files.size(file) + " bytes");
  }
}
