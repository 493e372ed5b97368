package io.kwire.tests.readme;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A fenced code block of the README (or a page of docs/) and the file it claims to come from. Its lines must appear in
 * that file in the same order and contiguously, except where the snippet says {@code ...} (a gap);
 * lines compare with leading, trailing and repeated blanks ignored, and blank lines are skipped.
 *
 * @param page the Markdown file the block is in, for messages
 * @param readmeLine where the fence starts (1-based), for messages
 * @param source the repository-relative path named by the marker, or null if the snippet is exempt
 */
record Snippet(String page, int readmeLine, String language, String source, List<String> lines) {
  private static final Set<String> GAPS = Set.of("...", "// ...", "<!-- ... -->", "# ...");

  /** The first chunk of this snippet not found, in order, in {@code sourceLines}; null if all are. */
  String firstMissingChunk(List<String> sourceLines) {
    List<String> haystack = normalized(sourceLines);
    int from = 0;
    for (List<String> chunk : chunks()) {
      int at = indexOf(haystack, chunk, from);
      if (at < 0) {
        return String.join("\n", chunk);
      }
      from = at + chunk.size();
    }
    return null;
  }

  private List<List<String>> chunks() {
    List<List<String>> chunks = new ArrayList<>();
    List<String> current = new ArrayList<>();
    for (String line : normalized(lines)) {
      if (GAPS.contains(line)) {
        if (!current.isEmpty()) {
          chunks.add(current);
        }
        current = new ArrayList<>();
      } else {
        current.add(line);
      }
    }
    if (!current.isEmpty()) {
      chunks.add(current);
    }
    return chunks;
  }

  private static int indexOf(List<String> haystack, List<String> chunk, int from) {
    for (int i = from; i + chunk.size() <= haystack.size(); i++) {
      if (haystack.subList(i, i + chunk.size()).equals(chunk)) {
        return i;
      }
    }
    return -1;
  }

  static List<String> normalized(List<String> lines) {
    return lines.stream().map(l -> l.strip().replaceAll("\\s+", " ")).filter(l -> !l.isEmpty()).toList();
  }
}
