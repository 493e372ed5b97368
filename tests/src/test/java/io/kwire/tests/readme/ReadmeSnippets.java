package io.kwire.tests.readme;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the fenced code blocks of a Markdown page (the README, a page of docs/). A block is
 * claimed by the HTML comment on the line before its fence: {@code <!-- checked: path/in/repo -->}
 * names the file its lines come from, {@code <!-- unchecked: reason -->} exempts it (e.g. Gradle,
 * which this build does not run).
 */
final class ReadmeSnippets {
  private static final Pattern CHECKED = Pattern.compile("<!-- checked: (\\S+) -->");
  private static final Pattern UNCHECKED = Pattern.compile("<!-- unchecked: .+ -->");
  private static final String FENCE = "```";

  private ReadmeSnippets() {}

  /** {@link #parse(String, List)} for the README. */
  static List<Snippet> parse(List<String> readme) {
    return parse("README", readme);
  }

  /**
   * Every fenced block of the page {@code page} (named in messages); throws if a block is neither
   * checked nor exempt, or a marker has no block.
   */
  static List<Snippet> parse(String page, List<String> lines) {
    List<Snippet> snippets = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      Matcher checked = CHECKED.matcher(line);
      boolean marker = checked.matches() || UNCHECKED.matcher(line).matches();
      if (marker && (i + 1 >= lines.size() || !lines.get(i + 1).startsWith(FENCE))) {
        throw new IllegalArgumentException(page + " line " + (i + 1) + ": a snippet marker must sit right above a ``` fence");
      }
      if (!line.startsWith(FENCE)) {
        continue;
      }
      String previous = i > 0 ? lines.get(i - 1).strip() : "";
      Matcher claim = CHECKED.matcher(previous);
      String source = claim.matches() ? claim.group(1) : null;
      if (source == null && !UNCHECKED.matcher(previous).matches()) {
        throw new IllegalArgumentException(page + " line " + (i + 1) + ": a code block needs <!-- checked: path --> or "
            + "<!-- unchecked: reason --> on the line above it");
      }
      int end = i + 1;
      while (end < lines.size() && !lines.get(end).strip().equals(FENCE)) {
        end++;
      }
      if (end == lines.size()) {
        throw new IllegalArgumentException(page + " line " + (i + 1) + ": unclosed code block");
      }
      snippets.add(new Snippet(page, i + 1, line.substring(FENCE.length()).strip(), source, lines.subList(i + 1, end)));
      i = end;
    }
    return snippets;
  }
}
