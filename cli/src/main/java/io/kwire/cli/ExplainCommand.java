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
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "explain",
    description = {"Explains one frame as a tree of fields with offsets and sizes, then its bytes.",
        "A response needs --api and --version: it does not say what it answers."})
final class ExplainCommand implements Callable<Integer> {
  @ParentCommand
  Kwire kwire;

  @Spec
  CommandSpec spec;

  @Mixin
  HelpOption help;

  @Parameters(arity = "0..1", paramLabel = "FILE", description = "The frame; stdin when absent or -.")
  Path file;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "AUTO",
      description = "hex, raw or auto (default: hex if the input is only hex digits and spaces).")
  FrameInput.Format format;

  @Mixin
  DirectionOptions direction;

  @Option(names = "--api", paramLabel = "API", description = "The API, by name or key (needed for responses).")
  String api;

  @Option(names = "--version", paramLabel = "N", description = "The API version (needed for responses).")
  Integer version;

  @Option(names = "--html", paramLabel = "OUT", description = "Write a self-contained HTML page to OUT (- for stdout).")
  Path html;

  @Option(names = "--show-secrets", description = "Show secrets as they are: SASL bytes, SCRAM keys, token HMACs, "
      + "config values other than known non-password configs (hidden by default).")
  boolean showSecrets;

  @Override
  public Integer call() throws IOException {
    byte[] frame = FrameInput.read(file, kwire.stdin(), format);
    WireNode root = new Explainer(kwire.registry(), showSecrets).explain(frame, direction.told(), api, version);
    if (html != null) {
      String page = HtmlPage.render(root.name() + " v" + root.type().replace("message v", ""), frame, root);
      if (html.toString().equals("-")) {
        spec.commandLine().getOut().print(page);
      } else {
        Files.writeString(html, page, StandardCharsets.UTF_8);
        spec.commandLine().getErr().println("kwire: wrote " + html);
      }
      return 0;
    }
    spec.commandLine().getOut().print(Explainer.text(frame, root));
    return 0;
  }
}
