package io.kwire.cli;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.VersionRange;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "apis",
    description = "Lists every API kwire knows: key, name, valid and flexible versions, header versions.")
final class ApisCommand implements Runnable {
  private static final String[] HEADER = {"KEY", "NAME", "VERSIONS", "FLEXIBLE", "REQ HDR", "RESP HDR"};

  @Mixin
  CommonOptions common;

  @Override
  public void run() {
    List<String[]> rows = new ArrayList<>();
    rows.add(HEADER);
    for (ApiMessageCodec<?> request : common.registry().apis()) {
      if (request.type() != MessageType.REQUEST) {
        continue;
      }
      MessageDescriptor d = request.descriptor();
      String responseHeaders = common.registry().findResponse(request.apiKey())
          .map(ApisCommand::headerVersions).orElse("-");
      rows.add(new String[] {String.valueOf(d.apiKey()), Apis.baseName(request), d.validVersions().toString(),
          d.flexibleVersions().toString(), headerVersions(request), responseHeaders});
    }
    PrintWriter out = common.out();
    for (String line : table(rows)) {
      out.println(line);
    }
  }

  /**
   * The rows as aligned text: each column as wide as its widest cell (a user's long API name, a
   * five-digit key), the key right-aligned, the others left; two spaces between columns.
   */
  static List<String> table(List<String[]> rows) {
    int columns = rows.get(0).length;
    int[] widths = new int[columns];
    for (String[] row : rows) {
      for (int c = 0; c < columns; c++) {
        widths[c] = Math.max(widths[c], row[c].length());
      }
    }
    List<String> lines = new ArrayList<>(rows.size());
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < columns; c++) {
        String cell = row[c];
        String pad = " ".repeat(widths[c] - cell.length());
        if (c == 0) {
          line.append(pad).append(cell);
        } else {
          line.append("  ").append(cell);
          if (c < columns - 1) {
            line.append(pad);
          }
        }
      }
      lines.add(line.toString());
    }
    return lines;
  }

  /** The header versions used over the valid versions, e.g. {@code v1-2}. */
  static String headerVersions(ApiMessageCodec<?> codec) {
    VersionRange valid = codec.descriptor().validVersions();
    TreeSet<Short> used = new TreeSet<>();
    for (int v = valid.lowest(); v <= valid.highest(); v++) {
      used.add(codec.headerVersion((short) v));
    }
    return used.size() == 1 ? "v" + used.first() : "v" + used.first() + "-" + used.last();
  }
}
