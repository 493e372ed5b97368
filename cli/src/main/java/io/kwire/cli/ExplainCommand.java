package io.kwire.cli;

import io.kwire.runtime.explain.WireNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "explain",
    description = {"Explains one frame as a tree of fields with offsets and sizes, then its bytes.",
        "A response needs --api and --version: it does not say what it answers."})
final class ExplainCommand implements Callable<Integer> {
  @Mixin
  CommonOptions common;

  @Mixin
  FrameSource input;

  @Mixin
  MessageOptions message;

  @Option(names = "--html", paramLabel = "OUT", description = "Write a self-contained HTML page to OUT (- for stdout).")
  Path html;

  @Mixin
  ShowSecretsOption secrets;

  @Override
  public Integer call() {
    byte[] frame = input.read(common.kwire().stdin());
    WireNode root = new Explainer(common.registry(), secrets.showSecrets)
        .explain(frame, message.direction.told(), message.api, message.version);
    if (html != null) {
      String page = HtmlPage.render(root.name() + " v" + root.type().replace("message v", ""), frame, root);
      if (html.toString().equals("-")) {
        common.out().print(page);
      } else {
        write(html, page);
        common.err().println("kwire: wrote " + html);
      }
      return 0;
    }
    common.out().print(Explainer.text(frame, root));
    return 0;
  }

  private static void write(Path file, String text) {
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw FrameInput.cannot("write", file, e);
    }
  }
}
