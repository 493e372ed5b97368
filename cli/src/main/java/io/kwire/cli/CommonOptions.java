package io.kwire.cli;

import io.kwire.runtime.KwireRegistry;
import java.io.PrintWriter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What every subcommand that reads frames has: {@code -h/--help}, {@code --classpath} (the user's
 * codecs), and its streams and registry.
 */
final class CommonOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Mixin
  HelpOption help;

  @Mixin
  UserCodecs codecs;

  private KwireRegistry registry;

  /** The top-level command, which holds the process's streams. */
  Kwire kwire() {
    return (Kwire) command.parent().userObject();
  }

  PrintWriter out() {
    return command.commandLine().getOut();
  }

  PrintWriter err() {
    return command.commandLine().getErr();
  }

  /** Kafka's codecs and those of {@code --classpath}, loaded on first use. */
  KwireRegistry registry() {
    if (registry == null) {
      registry = codecs.registry();
    }
    return registry;
  }
}
