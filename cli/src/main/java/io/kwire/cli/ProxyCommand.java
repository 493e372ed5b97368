package io.kwire.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "proxy",
    description = {"Runs a Kafka proxy that decodes every request and response with kwire and sends the re-encoded "
        + "bytes on. Point a client's bootstrap.servers at the listen address. Runs until Ctrl-C, then prints "
        + "its counters."})
final class ProxyCommand implements Runnable {
  @ParentCommand
  Kwire kwire;

  @Spec
  CommandSpec spec;

  @Mixin
  HelpOption help;

  @Mixin
  ProxyOptions options;

  @Option(names = "--cap-versions",
      description = "Cut the broker's ApiVersions response down to the versions kwire decodes.")
  boolean capVersions;

  @Option(names = "--check", description = "Compare each re-encoded frame with the original and report differences.")
  boolean check;

  @Override
  public void run() {
    options.run("proxy", kwire, spec.commandLine().getErr(), config -> config.withCapVersions(capVersions).withCheck(check),
        check ? ", checking every re-encoding" : "");
  }
}
