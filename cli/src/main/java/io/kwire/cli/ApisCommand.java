package io.kwire.cli;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.VersionRange;
import java.io.PrintWriter;
import java.util.TreeSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "apis",
    description = "Lists every API kwire knows: key, name, valid and flexible versions, header versions.")
final class ApisCommand implements Runnable {
  private static final String ROW = "%4s  %-36s %-10s %-10s %-10s %s%n";

  @Mixin
  CommonOptions common;

  @Override
  public void run() {
    PrintWriter out = common.out();
    out.printf(ROW, "KEY", "NAME", "VERSIONS", "FLEXIBLE", "REQ HDR", "RESP HDR");
    for (ApiMessageCodec<?> request : common.registry().apis()) {
      if (request.type() != MessageType.REQUEST) {
        continue;
      }
      MessageDescriptor d = request.descriptor();
      String responseHeaders = common.registry().findResponse(request.apiKey())
          .map(ApisCommand::headerVersions).orElse("-");
      out.printf(ROW, d.apiKey(), Apis.baseName(request), d.validVersions(), d.flexibleVersions(),
          headerVersions(request), responseHeaders);
    }
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
